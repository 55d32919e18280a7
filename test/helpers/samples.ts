// Sample values for test data: phone numbers, identity documents, client addresses, tokens and seeds. Each maker
// takes a number (a counter, a clock reading or a seed) and gives a value the service accepts for EVERY number,
// so no test passes at some hours and fails at others. test/samples.test.ts runs each one over 10,000 clock
// values and seeds against the service's own rules; test/test-data-lint.test.ts keeps the clock and chance out of
// test data everywhere else: this file is where they may come in.
import { isIPv4 } from 'node:net';
import { CANARY_BLOCK, mobileNumber, wrapInto } from '../../src/demo/mobile-blocks.ts';

let serial = 0;

/** 1, 2, 3…: a number no earlier call of this process gave. */
export function nextSerial(): number {
  serial += 1;
  return serial;
}

// ---------------------------------------------------------------------------------------------------------------
// Phones and documents: counted, so a run is the same at any hour, and unique within a test file's database.

/** +57 319 and seven digits from n: a valid Colombian mobile for every n, in the block only canaries use. */
export function mobileFor(n: number): string {
  return mobileNumber(CANARY_BLOCK, n);
}

/** A canary mobile no other call of this process gave and no fixed number in the tests or the demo uses. */
export function nextMobile(): string {
  return mobileFor(nextSerial());
}

/**
 * A cédula as people type it, "CC 10" and eight digits from n: within the form's rule for every n, and never
 * read as a phone (no Colombian number starts with 10).
 */
export function documentFor(n: number): string {
  return `CC 10${String(wrapInto(n, 100_000_000)).padStart(8, '0')}`;
}

/** A document no other call of this process gave. */
export function nextDocument(): string {
  return documentFor(nextSerial());
}

/** "qz" and seven lower-case letters from n: a marker that reads as a word (in a name too) for every n. */
export function wordFor(n: number): string {
  let k = wrapInto(n, 26 ** 7);
  let letters = '';
  for (let i = 0; i < 7; i++) {
    letters = String.fromCharCode(97 + (k % 26)) + letters;
    k = Math.floor(k / 26);
  }
  return `qz${letters}`;
}

/** A word marker no other call of this process gave. */
export function nextWord(): string {
  return wordFor(nextSerial());
}

// ---------------------------------------------------------------------------------------------------------------
// What outlives a test file: rate-limit counts and cached answers in Redis live on between runs, so values for
// them are fresh for each run. The clock and the process id come in here, mapped so any reading is valid.

/**
 * A run's own number: the clock at start-up with the process id, so two runs (or two processes) differ. A safe
 * integer for any reading: the clock counts modulo 2^40 ms (about 35 years).
 */
export function runNumberFor(clockMs: number, pid: number): number {
  return wrapInto(clockMs, 2 ** 40) * 1000 + wrapInto(pid, 1000);
}

const RUN = runNumberFor(Date.now(), process.pid);

/**
 * 10.a.b.c for any n: a private IPv4 address whose last part is never 0 or 255, so it is never a network's or a
 * broadcast address. 254 × 2^16 addresses before they repeat.
 */
export function clientAddressFor(n: number): string {
  const k = wrapInto(n, 254 * 65_536);
  const address = `10.${Math.floor(k / (254 * 256))}.${Math.floor(k / 254) % 256}.${1 + (k % 254)}`;
  if (!isIPv4(address)) throw new Error(`not an address: ${address}`);
  return address;
}

/** A client address no earlier run within a rate-limit window used. */
export function freshClientAddress(): string {
  return clientAddressFor(RUN + nextSerial());
}

/** Lower-case letters and digits for n: a search word, a cache key or an external id's tail, for every n. */
export function tokenFor(n: number): string {
  return `t${wrapInto(n, Number.MAX_SAFE_INTEGER).toString(36)}`;
}

/** A token no earlier run and no earlier call used: for a URL whose answer a cache could keep between runs. */
export function freshToken(): string {
  return `${tokenFor(RUN)}n${nextSerial()}`;
}

/**
 * A property test's seed: FC_SEED replays a run, otherwise one from chance (fast-check builds valid values from
 * any seed, and a failure prints the seed to replay).
 */
export function seedFor(replay: string | undefined, chance: number): number {
  if (replay !== undefined && replay !== '') {
    const seed = Number(replay);
    if (!Number.isInteger(seed)) throw new Error(`FC_SEED must be an integer (got "${replay}")`);
    return seed;
  }
  return wrapInto(Math.floor(chance * 2 ** 31), 2 ** 31);
}

export const freshSeed = (): number => seedFor(process.env.FC_SEED, Math.random());
