// Every sample maker of test/helpers/samples.ts gives a valid value for 10,000 clock readings and 10,000 seeds, by
// the rules the service itself applies: libphonenumber through the submission schema and the website's reading of
// a typed number, the request form's identity-document rule, the client-address scope of the rate limits.
import assert from 'node:assert/strict';
import { isIPv4 } from 'node:net';
import { describe, test } from 'node:test';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { CANARY_BLOCK, MOBILE_BLOCKS, mobileNumber, SAMPLE_BLOCKS } from '../src/demo/mobile-blocks.ts';
import { clientScope } from '../src/domain/client-address.ts';
import { documentPattern } from '../src/domain/personal-values.ts';
import { localWhatsapp, normalizeWhatsapp } from '../src/domain/phone.ts';
import { helpQuery } from '../src/schemas/help-query.ts';
import { identityDocument } from '../src/schemas/identity-document.ts';
import { requestSubmission, whatsapp } from '../src/schemas/submission.ts';
import { requestBody } from './helpers/harness.ts';
import {
  clientAddressFor,
  documentFor,
  freshClientAddress,
  freshSeed,
  freshToken,
  mobileFor,
  nextDocument,
  nextMobile,
  runNumberFor,
  seedFor,
  tokenFor,
  wordFor,
} from './helpers/samples.ts';

const COUNT = 10_000;
/** Readings 2 h 24 min and 13 ms apart from 2026-11-27 00:00 UTC: every hour of the day, and every last digit. */
const clockReadings = Array.from({ length: COUNT }, (_, i) => Date.UTC(2026, 10, 27) + i * 8_640_013);
/** Seeds 0…9,999, then the ends of the number line. */
const seeds = [
  ...Array.from({ length: COUNT }, (_, i) => i),
  -1,
  -10_000_001,
  2 ** 31,
  2 ** 32 + 7,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e21,
  12.75,
];
const inputs = [...clockReadings, ...seeds];

/** A valid WhatsApp number by every rule the service applies to one, or the rule it breaks. */
function mobileProblem(value: string): string | null {
  if (!whatsapp.safeParse(value).success) return 'the submission schema refuses it';
  if (normalizeWhatsapp(value) !== value) return 'it is not stored as sent';
  if (parsePhoneNumberFromString(value)?.getType() !== 'MOBILE') return 'libphonenumber does not take it as a mobile';
  const national = `${value.slice(3, 6)} ${value.slice(6, 9)} ${value.slice(9)}`;
  if (localWhatsapp(national) !== value) return `the website reads "${national}" as another number`;
  return null;
}

function problems(values: Iterable<[input: number, value: string]>, check: (value: string) => string | null) {
  const found: string[] = [];
  for (const [input, value] of values) {
    const problem = check(value);
    if (problem !== null) found.push(`${input} -> ${value}: ${problem}`);
  }
  return found.slice(0, 5);
}

describe('sample phones', () => {
  test('mobileFor gives a valid mobile in the canary block for every clock reading and seed', () => {
    assert.deepEqual(
      problems(
        inputs.map((n) => [n, mobileFor(n)]),
        mobileProblem,
      ),
      [],
    );
    assert.ok(inputs.every((n) => mobileFor(n).startsWith(`+57${CANARY_BLOCK}`)));
  });

  test('the check has teeth: the canary once made from the clock is invalid at some of these readings', () => {
    const old = problems(
      clockReadings.map((t) => [t, `+5732${String(t).slice(-8)}`]),
      mobileProblem,
    );
    assert.equal(old.length, 5, 'a +5732… number made from the clock is refused at some hours');
  });

  test('every mobile block holds a valid mobile for every seven digits tried, and canaries have their own', () => {
    const sevenDigits = [0, 9_999_999, ...Array.from({ length: 500 }, (_, i) => i * 19_999 + 17)];
    for (const block of MOBILE_BLOCKS) {
      assert.deepEqual(
        problems(
          sevenDigits.map((n) => [n, mobileNumber(block, n)]),
          mobileProblem,
        ),
        [],
        `block ${block}`,
      );
    }
    assert.ok(!SAMPLE_BLOCKS.includes(CANARY_BLOCK));
    assert.equal(SAMPLE_BLOCKS.length, MOBILE_BLOCKS.length - 1);
  });

  test('a whole request carrying a sample mobile and a sample word in its name and texts is accepted', () => {
    for (const n of [...seeds.slice(0, 500), ...seeds.slice(-8), ...clockReadings.slice(0, 100)]) {
      const word = wordFor(n);
      assert.match(word, /^qz[a-z]{7}$/);
      const body = { contactWhatsapp: mobileFor(n), contactName: `Nombre ${word}`, title: `Agua ${word}` };
      const parsed = requestSubmission.safeParse(requestBody(body));
      assert.ok(parsed.success, `${n}: ${JSON.stringify(parsed.error?.issues)}`);
    }
    assert.equal(new Set(seeds.slice(0, COUNT).map(wordFor)).size, COUNT, 'no two seeds give one word');
  });

  test('nextMobile never repeats within a process', () => {
    const made = Array.from({ length: 2000 }, () => nextMobile());
    assert.equal(new Set(made).size, made.length);
    assert.equal(mobileProblem(made[0] as string), null);
  });
});

describe('sample identity documents', () => {
  const documentProblem = (value: string): string | null => {
    const parsed = identityDocument.safeParse(value);
    if (!parsed.success) return 'the form refuses it';
    if (parsed.data !== value) return 'the form changes it';
    if (localWhatsapp(value.replace(/\D/g, '')) !== null) return 'its digits read as a phone number';
    return null;
  };

  test('documentFor gives a document the request form takes for every clock reading and seed', () => {
    assert.deepEqual(
      problems(
        inputs.map((n) => [n, documentFor(n)]),
        documentProblem,
      ),
      [],
    );
  });

  test('erasure finds a sample document as it was typed (one in 40 inputs: each pattern takes a millisecond)', () => {
    assert.deepEqual(
      problems(
        inputs.filter((_, i) => i % 40 === 0).map((n) => [n, documentFor(n)]),
        (value) => (documentPattern(value).test(`Mi cédula es ${value}, gracias`) ? null : 'not found'),
      ),
      [],
    );
  });

  test('nextDocument never repeats within a process', () => {
    const made = Array.from({ length: 2000 }, () => nextDocument());
    assert.equal(new Set(made).size, made.length);
  });
});

describe('sample client addresses, tokens and seeds', () => {
  test('clientAddressFor gives an IPv4 address counted on its own, never a network or broadcast one', () => {
    assert.deepEqual(
      problems(
        inputs.map((n) => [n, clientAddressFor(n)]),
        (value) => {
          if (!isIPv4(value)) return 'not an IPv4 address';
          if (clientScope(value) !== value) return 'the rate limits count it with others';
          const last = Number(value.split('.').at(-1));
          return last === 0 || last === 255 ? 'a network or broadcast address' : null;
        },
      ),
      [],
    );
  });

  test('tokenFor gives a search word the list takes for every clock reading and seed', () => {
    assert.deepEqual(
      problems(
        inputs.map((n) => [n, tokenFor(n)]),
        (value) => {
          if (!/^[a-z0-9]+$/.test(value)) return 'not letters and digits';
          return helpQuery.safeParse({ q: value }).success ? null : 'the list refuses it as q';
        },
      ),
      [],
    );
  });

  test('a run number is a safe integer for every clock reading and process id, and fresh values never repeat', () => {
    for (const t of clockReadings) {
      for (const pid of [1, 999, 4_194_304]) assert.ok(Number.isSafeInteger(runNumberFor(t, pid)), `${t}, ${pid}`);
    }
    assert.notEqual(runNumberFor(clockReadings[0] as number, 10), runNumberFor(clockReadings[0] as number, 11));
    const addresses = Array.from({ length: 500 }, () => freshClientAddress());
    const tokens = Array.from({ length: 500 }, () => freshToken());
    assert.equal(new Set(addresses).size, 500);
    assert.equal(new Set(tokens).size, 500);
    assert.ok(tokens.every((token) => helpQuery.safeParse({ q: token }).success));
  });

  test('a property seed is a 31-bit integer for any draw, and FC_SEED replays one', () => {
    for (let i = 0; i < COUNT; i++) {
      const seed = seedFor(undefined, i / COUNT);
      assert.ok(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 31, String(seed));
    }
    assert.equal(seedFor('1234', 0.5), 1234);
    assert.throws(() => seedFor('abc', 0.5), /FC_SEED must be an integer/);
    assert.ok(Number.isInteger(freshSeed()));
  });
});
