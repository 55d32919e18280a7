// fast-check arbitraries for the submission schema (valid payloads from its bounds, and their mutations) and the list query.
import fc from 'fast-check';
import { isReservedSource } from '../../src/channels/own-sources.ts';
import { SAMPLE_BLOCKS } from '../../src/demo/mobile-blocks.ts';
import { bounds } from '../../src/domain/bounds.ts';
import { categories } from '../../src/domain/categories.ts';
import { collectionCenterStatuses, urgencies } from '../../src/domain/statuses.ts';
import type { OfferFieldName, RequestFieldName } from '../../src/schemas/submission.ts';
import { freshSeed } from './samples.ts';

const b = bounds;

let seed: number | undefined;
/** FC_SEED replays a run; otherwise one fresh seed per process (data and properties alike), printed on failure. */
export function propertySeed(): number {
  seed ??= freshSeed();
  return seed;
}

/** fc.assert with the seed made explicit: a failure prints the line that replays it. */
export async function checkProperty<T>(
  name: string,
  property: fc.IAsyncPropertyWithHooks<T> | fc.IAsyncProperty<T>,
  numRuns: number,
): Promise<void> {
  const seed = propertySeed();
  try {
    await fc.assert(property, { seed, numRuns });
  } catch (err) {
    console.error(`property "${name}" failed; replay with FC_SEED=${seed}`);
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Text: letters with and without accents, digits, punctuation, emoji (some two code points long), combining marks.

const plainChars = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'];
const spanishChars = [...'áéíóúüñÁÉÍÓÚÜÑ¿¡çãõ'];
const punctuation = [...'.,;:-_#/()"\'!?%&+=@*'];
const emoji = ['🌊', '💧', '🏠', '🚑', '❤️', '👍🏽', '🇨🇴', '🍞', '🐕', '🧴'];
const otherScripts = ['e\u0301', 'n\u0303', '中', 'ß', 'ø', 'Ω', 'ä', '\u00a0'];

const textUnit = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...plainChars) },
  { weight: 4, arbitrary: fc.constant(' ') },
  { weight: 3, arbitrary: fc.constantFrom(...spanishChars) },
  { weight: 1, arbitrary: fc.constantFrom(...punctuation) },
  { weight: 1, arbitrary: fc.constantFrom(...emoji) },
  { weight: 1, arbitrary: fc.constantFrom(...otherScripts) },
);
const multilineUnit = fc.oneof(
  { weight: 20, arbitrary: textUnit },
  { weight: 1, arbitrary: fc.constantFrom('\n', '\r\n', '\t') },
);

/** Length as the schema (Zod) and JSON Schema count it: in code points, so an emoji may count as two. */
export const codePoints = (text: string): number => [...text].length;

/** Units joined while the length stays within max; a unit is never cut in half. */
function joinWithin(units: string[], max: number): string {
  let out = '';
  let length = 0;
  for (const unit of units) {
    const add = codePoints(unit);
    if (length + add > max) break;
    out += unit;
    length += add;
  }
  return out;
}

/**
 * A string the schema accepts: trimmed length (in code points) within [min, max].
 * Sometimes wrapped in spaces, which the schema trims away.
 */
export function validText(min: number, max: number, multiline = false): fc.Arbitrary<string> {
  const short = Math.min(max, Math.max(min + 8, 24));
  return fc
    .tuple(
      fc.array(multiline ? multilineUnit : textUnit, { maxLength: max }),
      fc.constantFrom(short, max), // most texts are short; some reach the bound
      fc.constantFrom('', '', '', ' ', '  '),
    )
    .map(([units, limit, pad]) => {
      let core = joinWithin(units, limit).trim();
      // Too short: drop what is there and write plain letters, which count one each.
      if (codePoints(core) < min) core = 'abcdefghij'.repeat(Math.ceil(min / 10)).slice(0, min);
      return `${pad}${core}${pad}`;
    });
}

// ---------------------------------------------------------------------------------------------------------------
// Other field kinds.

const landlinePrefixes = [601, 602, 604, 605, 606, 607, 608];

/** A valid Colombian number written in one of the ways people write it; e164 is what the service stores. */
export const whatsappArb: fc.Arbitrary<{ sent: string; e164: string }> = fc
  .tuple(
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .constantFrom(...SAMPLE_BLOCKS)
          .chain((p) => fc.tuple(fc.constant(p), fc.integer({ min: 0, max: 9_999_999 }))),
      },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(...landlinePrefixes)
          .chain((p) => fc.tuple(fc.constant(p), fc.integer({ min: 2_000_000, max: 9_999_999 }))),
      },
    ),
    fc.constantFrom('compact', 'spaced', 'dashed', 'parens', 'dotted'),
  )
  .map(([[prefix, rest], style]) => {
    const digits = String(rest).padStart(7, '0');
    const e164 = `+57${prefix}${digits}`;
    const [a, b2] = [digits.slice(0, 3), digits.slice(3)];
    const sent = {
      compact: e164,
      spaced: `+57 ${prefix} ${a} ${b2}`,
      dashed: `+57-${prefix}-${a}-${b2}`,
      parens: `+57 (${prefix}) ${a}-${b2}`,
      dotted: `+57.${prefix}.${a}.${b2}`,
    }[style];
    return { sent, e164 };
  });

export const latitudeArb = fc.double({ min: b.latitude.min, max: b.latitude.max, noNaN: true });
export const longitudeArb = fc.double({ min: b.longitude.min, max: b.longitude.max, noNaN: true });
const sourceChars = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._:-'];
export const sourceArb = fc
  .tuple(fc.constantFrom(...plainChars), fc.array(fc.constantFrom(...sourceChars), { maxLength: b.source.max - 1 }))
  .map(([first, rest]) => first + rest.join(''))
  // The names the service writes itself are refused on the API (reserved_source): an integration never has one.
  .filter((source) => !isReservedSource(source));
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
export const calendarDateArb = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z'), noInvalidDate: true })
  .map(isoDay);

let uniqueCounter = 0;
/**
 * source + externalId identify a record, and shrinking replays values: each send makes the pair unique
 * (the generated externalId leaves room for the suffix).
 */
export function uniquePair(body: Record<string, unknown>): Record<string, unknown> {
  return { ...body, externalId: `${String(body.externalId).trim()}#${process.pid}-${++uniqueCounter}` };
}
const externalIdArb = validText(b.externalId.min, b.externalId.max - 16);

const common = {
  source: sourceArb,
  externalId: externalIdArb,
  title: validText(b.title.min, b.title.max),
  description: validText(0, b.description.max, true),
  category: fc.constantFrom(...categories),
  contactName: validText(b.contactName.min, b.contactName.max),
  publishContact: fc.constant(true as const),
};
const commonRequired = ['source', 'externalId', 'title', 'category', 'contactName', 'publishContact'] as const;

export interface Generated {
  body: Record<string, unknown>;
  /** The WhatsApp number as E.164, what the record must show once published. */
  whatsapp: string;
}

function withWhatsapp(arb: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Generated> {
  return fc.tuple(arb, whatsappArb).map(([body, phone]) => ({
    body: { ...body, contactWhatsapp: phone.sent },
    whatsapp: phone.e164,
  }));
}

/** A request payload (SPEC 2.2 + 2.3): every optional field present or absent. */
export function requestArb(emergencySlug?: string): fc.Arbitrary<Generated> {
  return withWhatsapp(
    fc
      .record(
        {
          type: fc.constant('request'),
          ...common,
          ...(emergencySlug ? { emergencySlug: fc.constant(emergencySlug) } : {}),
          address: validText(b.address.min, b.address.max),
          neighborhood: validText(0, b.neighborhood.max),
          latitude: latitudeArb,
          longitude: longitudeArb,
          showExactLocation: fc.boolean(),
          urgency: fc.constantFrom(...urgencies),
          neededPeople: fc.integer({ min: b.neededPeople.min, max: b.neededPeople.max }),
          resourceLabel: validText(0, b.resourceLabel.max),
          quantityRequired: fc.oneof(
            fc.integer({ min: 1, max: b.quantityRequired.max }),
            fc.double({ min: 0, minExcluded: true, max: b.quantityRequired.max, noNaN: true }),
          ),
          unit: validText(b.unit.min, b.unit.max),
        },
        { requiredKeys: ['type', ...commonRequired, 'address', 'latitude', 'longitude'] },
      )
      .map((body) => body as Record<string, unknown>),
  );
}

/** An offer payload (SPEC 2.2 + 2.4): coordinates come as a pair or not at all. */
export function offerArb(emergencySlug?: string): fc.Arbitrary<Generated> {
  return withWhatsapp(
    fc
      .tuple(
        fc.record(
          {
            type: fc.constant('offer'),
            ...common,
            ...(emergencySlug ? { emergencySlug: fc.constant(emergencySlug) } : {}),
            address: validText(0, b.address.max),
            collectionCenterStatus: fc.constantFrom(...collectionCenterStatuses),
            vehicle: validText(0, b.vehicle.max),
            capacityKg: fc.oneof(
              fc.integer({ min: b.capacityKg.min, max: b.capacityKg.max }),
              fc.double({ min: b.capacityKg.min, max: b.capacityKg.max, noNaN: true }),
            ),
            capacityBoxes: fc.integer({ min: b.capacityBoxes.min, max: b.capacityBoxes.max }),
            passengerCapacity: fc.integer({ min: b.passengerCapacity.min, max: b.passengerCapacity.max }),
            zones: validText(0, b.zones.max),
            availableUntil: calendarDateArb,
            needsTransport: fc.boolean(),
          },
          { requiredKeys: ['type', ...commonRequired] },
        ),
        fc.option(fc.record({ latitude: latitudeArb, longitude: longitudeArb }), { nil: undefined }),
      )
      .map(([body, place]) => ({ ...body, ...place }) as Record<string, unknown>),
  );
}

export function submissionArb(emergencySlug?: string): fc.Arbitrary<Generated> {
  return fc.oneof(requestArb(emergencySlug), offerArb(emergencySlug));
}

// ---------------------------------------------------------------------------------------------------------------
// Mutations: each one says what the service must answer.

/** Raw JSON text spliced into a body as it is (numbers JSON.stringify cannot write, nested structures...). */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** Serialises key/value pairs in order; keys may repeat and may be __proto__, which an object cannot hold. */
export function toJson(entries: [string, unknown][]): string {
  const value = (v: unknown) => (v instanceof RawJson ? v.text : JSON.stringify(v));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${value(v)}`).join(',')}}`;
}

export interface Mutation {
  kind: string;
  payload: string;
  contentType: string;
  headers?: Record<string, string>;
  status: 400 | 413 | 415;
  /** Codes of src/errors.ts the answer may carry. */
  codes: string[];
  /** A detail must name this field. */
  field?: string;
}

type FieldKind =
  | { kind: 'text'; min: number; max: number; multiline?: boolean }
  | { kind: 'source' }
  | { kind: 'slug' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'number'; min: number; max: number; minExcluded?: boolean; int?: boolean }
  | { kind: 'boolean' }
  | { kind: 'date' }
  | { kind: 'whatsapp' }
  | { kind: 'consent' }
  | { kind: 'municipality' }
  | { kind: 'type' };

const commonFields = {
  type: { kind: 'type' },
  source: { kind: 'source' },
  externalId: { kind: 'text', min: b.externalId.min, max: b.externalId.max },
  emergencySlug: { kind: 'slug' },
  title: { kind: 'text', min: b.title.min, max: b.title.max },
  description: { kind: 'text', min: 0, max: b.description.max, multiline: true },
  category: { kind: 'enum', values: categories },
  contactName: { kind: 'text', min: b.contactName.min, max: b.contactName.max },
  contactWhatsapp: { kind: 'whatsapp' },
  publishContact: { kind: 'consent' },
} satisfies Record<string, FieldKind>;
const coordinates = {
  latitude: { kind: 'number', min: b.latitude.min, max: b.latitude.max },
  longitude: { kind: 'number', min: b.longitude.min, max: b.longitude.max },
  municipalityCode: { kind: 'municipality' },
} satisfies Record<string, FieldKind>;

/** The fields of each variant and what each accepts, from the schema's bounds (src/domain/bounds.ts). */
export const schemaFields: { request: Record<string, FieldKind>; offer: Record<string, FieldKind> } = {
  request: {
    ...commonFields,
    address: { kind: 'text', min: b.address.min, max: b.address.max },
    neighborhood: { kind: 'text', min: 0, max: b.neighborhood.max },
    ...coordinates,
    showExactLocation: { kind: 'boolean' },
    urgency: { kind: 'enum', values: urgencies },
    neededPeople: { kind: 'number', min: b.neededPeople.min, max: b.neededPeople.max, int: true },
    resourceLabel: { kind: 'text', min: 0, max: b.resourceLabel.max },
    quantityRequired: { kind: 'number', min: 0, minExcluded: true, max: b.quantityRequired.max },
    unit: { kind: 'text', min: b.unit.min, max: b.unit.max },
  },
  offer: {
    ...commonFields,
    address: { kind: 'text', min: 0, max: b.address.max },
    ...coordinates,
    showExactLocation: { kind: 'boolean' },
    collectionCenterStatus: { kind: 'enum', values: collectionCenterStatuses },
    vehicle: { kind: 'text', min: 0, max: b.vehicle.max },
    capacityKg: { kind: 'number', min: b.capacityKg.min, max: b.capacityKg.max },
    capacityBoxes: { kind: 'number', min: b.capacityBoxes.min, max: b.capacityBoxes.max, int: true },
    passengerCapacity: { kind: 'number', min: b.passengerCapacity.min, max: b.passengerCapacity.max, int: true },
    zones: { kind: 'text', min: 0, max: b.zones.max },
    availableUntil: { kind: 'date' },
    needsTransport: { kind: 'boolean' },
  },
  // Every field of each schema, and no other: a field added to a schema is a type error here until it is described.
} satisfies { request: Record<RequestFieldName, FieldKind>; offer: Record<OfferFieldName, FieldKind> };
export const requiredFields = {
  request: [
    'type',
    'source',
    'externalId',
    'title',
    'category',
    'contactName',
    'contactWhatsapp',
    'publishContact',
    'address',
    'latitude',
    'longitude',
  ],
  offer: ['type', 'source', 'externalId', 'title', 'category', 'contactName', 'contactWhatsapp', 'publishContact'],
};

/** Characters the schema refuses in any text (control characters); tabs and line breaks only in one-line texts. */
const controlChars = [
  ...Array.from({ length: 9 }, (_, i) => String.fromCharCode(i)),
  '\u000b',
  '\u000c',
  ...Array.from({ length: 18 }, (_, i) => String.fromCharCode(0x0e + i)),
  '\u007f',
];
const lineBreaks = ['\n', '\r', '\t'];
/** C1 controls: refused in every text. */
const c1Controls = ['\u0080', '\u0085', '\u009b', '\u009f'];
/** Invisible and direction-changing characters: refused in one-line texts (multi-line texts drop them). */
const invisibleChars = [
  ...c1Controls,
  ...['\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e'],
  ...['\u2066', '\u2067', '\u2068', '\u2069', '\u2028', '\u2029'],
];
/** A joiner between two pictographs builds one emoji and is valid: such a draw is not an invalid text. */
const emojiJoiner = /\p{Extended_Pictographic}[\u{FE0F}\u{1F3FB}-\u{1F3FF}]?\u200d\p{Extended_Pictographic}/u;
const loneSurrogates = ['\ud800', '\udbff', '\udc00', '\udfff'];

const wrongTypeFor = (kind: FieldKind['kind']): fc.Arbitrary<unknown> => {
  const all = [
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
    fc.string({ maxLength: 12 }),
  ];
  // Numbers and strings are the right type for some kinds: leave them out there.
  if (kind === 'number')
    return fc.oneof(
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.integer(), { maxLength: 3 }),
      fc.constantFrom('1', '1.5', '', 'NaN'),
      fc.constant({}),
    );
  if (kind === 'boolean')
    return fc.oneof(fc.integer(), fc.constantFrom('true', 'false', '1', ''), fc.constant(null), fc.constant([]));
  return fc.oneof(...all.slice(0, 6));
};

const nonSpace = fc.constantFrom(...plainChars, ...spanishChars, ...emoji);
/** A string of non-blank units whose length (code points) lies in [min, max]. */
const solidText = (min: number, max: number) =>
  fc.array(nonSpace, { minLength: min, maxLength: min }).map((units) => {
    let out = joinWithin(units, max);
    while (codePoints(out) < min) out += 'x';
    return out;
  });

/** A value of the field's JSON type that the field must refuse, with the error code the answer carries. */
function invalidValue(field: FieldKind): fc.Arbitrary<{ value: unknown; codes: string[] }> {
  const vf = (arb: fc.Arbitrary<unknown>) => arb.map((value) => ({ value, codes: ['validation_failed'] }));
  // Strictly inside the text: at either end, trimming would remove tabs and line breaks before the check.
  const insertInto = (chars: string[]) =>
    fc
      .tuple(
        validText(
          Math.max(2, field.kind === 'text' ? field.min : 2),
          field.kind === 'text' ? Math.max(4, field.max - 2) : 20,
        ),
        fc.constantFrom(...chars),
        fc.nat(),
      )
      .map(([text, ch, at]) => {
        const clean = text.trim();
        const i = 1 + (at % (clean.length - 1));
        return clean.slice(0, i) + ch + clean.slice(i);
      });
  switch (field.kind) {
    case 'text': {
      const options: fc.Arbitrary<unknown>[] = [
        wrongTypeFor('text'),
        solidText(field.max + 1, field.max + 40),
        insertInto(field.multiline ? controlChars : [...controlChars, ...lineBreaks]),
        insertInto(field.multiline ? c1Controls : invisibleChars).filter((s) => !emojiJoiner.test(s as string)),
        // A lone surrogate in the middle: a lone one at an end would be kept, or trimmed with its pair.
        insertInto(loneSurrogates).filter((s) => !(s as string).isWellFormed()),
      ];
      if (field.min > 0)
        options.push(
          fc.constantFrom('', ' ', '   ', '\u00a0'),
          solidText(Math.max(0, field.min - 1), Math.max(0, field.min - 1)),
        );
      return vf(fc.oneof(...options));
    }
    case 'source':
      return vf(
        fc.oneof(
          wrongTypeFor('text'),
          fc.constantFrom('', '-app', '.app', 'app con espacios', 'aplicación', 'app/ruta', 'x'.repeat(61)),
        ),
      );
    case 'slug':
      return vf(
        fc.oneof(
          wrongTypeFor('text'),
          fc.constantFrom('', 'Mayusculas', 'con espacio', '-inicio', 'fin-', 'tilde-é', 'a'.repeat(61), 'a_b'),
        ),
      );
    case 'enum':
      return vf(
        fc.oneof(
          wrongTypeFor('enum'),
          fc.string({ maxLength: 20 }).filter((s) => !field.values.includes(s)),
          fc.constantFrom(...field.values).map((v) => v.toUpperCase()),
        ),
      );
    case 'number': {
      // Compared as JSON will carry them: -0 travels as 0, which is in range.
      const below = fc
        .double({ min: -1e9, max: field.min, noNaN: true })
        .filter((n) => (field.minExcluded ? n <= field.min : n < field.min) && !Object.is(n, -0));
      const above = fc.double({ min: field.max, minExcluded: true, max: 1e12, noNaN: true });
      const options: fc.Arbitrary<unknown>[] = [
        wrongTypeFor('number'),
        below,
        above,
        // JSON.parse turns these into Infinity and -Infinity.
        fc.constantFrom(new RawJson('1e400'), new RawJson('-1e400')),
      ];
      if (field.int) {
        options.push(fc.double({ min: field.min, max: field.max, noNaN: true }).filter((n) => !Number.isInteger(n)));
      }
      return vf(fc.oneof(...options));
    }
    case 'boolean':
      return vf(wrongTypeFor('boolean'));
    case 'date':
      return vf(
        fc.oneof(
          wrongTypeFor('date'),
          fc.constantFrom(
            '2026-02-30',
            '2027-02-29',
            '2026-13-01',
            '2026-00-10',
            '2026-6-1',
            '30/06/2026',
            '',
            '2026-06-30T00:00:00Z',
            ' 2026-06-30',
          ),
        ),
      );
    case 'whatsapp':
      return vf(
        fc.oneof(
          wrongTypeFor('text'),
          fc.constantFrom(
            '',
            '3001234567',
            '+57 123',
            '+5730012345678901',
            'whatsapp',
            '+00 300 123 4567',
            `+57 300 123 4567${' '.repeat(20)}`,
          ),
        ),
      );
    case 'consent':
      // Consent is its own code when it is the only problem.
      return fc
        .oneof(fc.constantFrom(false, 'true', 1, 0, null, 'yes', [true]), fc.constant({ v: true }))
        .map((value) => ({ value, codes: ['consent_required'] }));
    case 'type':
      return vf(fc.oneof(wrongTypeFor('text'), fc.constantFrom('donation', 'REQUEST', 'Offer', '', 'request ')));
    case 'municipality':
      // Not a DIVIPOLA code of a municipality: too short or long, a name, an unknown or a department's code.
      return vf(fc.oneof(wrongTypeFor('text'), fc.constantFrom('', '8600', '860011', 'Mocoa', '99999', '86000')));
  }
}

/** Field-level mutations of a valid payload: one field changed, removed or added. */
function fieldMutation(generated: Generated): fc.Arbitrary<Mutation> {
  const body = generated.body;
  const variant = body.type as 'request' | 'offer';
  const fields = schemaFields[variant];
  const names = Object.keys(fields);
  const json = (entries: [string, unknown][]) => toJson(entries);
  const entries = Object.entries(body) as [string, unknown][];
  const base = { contentType: 'application/json', status: 400 as const };
  const foreign = Object.keys(schemaFields[variant === 'request' ? 'offer' : 'request']).filter((k) => !(k in fields));

  const changed = fc
    .constantFrom(...names.filter((n) => n !== 'emergencySlug' || 'emergencySlug' in body))
    .chain((name) =>
      invalidValue(fields[name] as FieldKind).map(({ value, codes }): Mutation => {
        const next = entries.some(([k]) => k === name)
          ? entries.map(([k, v]): [string, unknown] => (k === name ? [k, value] : [k, v]))
          : [...entries, [name, value] as [string, unknown]];
        return { kind: `invalid ${name}`, payload: json(next), ...base, codes, field: name };
      }),
    );
  const removed = fc.constantFrom(...requiredFields[variant]).map(
    (name): Mutation => ({
      kind: `missing ${name}`,
      payload: json(entries.filter(([k]) => k !== name)),
      ...base,
      codes: name === 'publishContact' ? ['consent_required'] : ['validation_failed'],
      field: name,
    }),
  );
  const unknownKey = fc.oneof(
    fc.string({ minLength: 1, maxLength: 24 }).filter((k) => !(k in fields) && k.length > 0),
    fc.constantFrom(...foreign, 'identityDocument', 'reviewStatus', 'id', 'priorityScore', 'Title'),
  );
  const added = fc.tuple(unknownKey, fc.jsonValue({ maxDepth: 2 })).map(
    ([key, value]): Mutation => ({
      kind: 'unknown field',
      payload: json([...entries, [key, value]]),
      ...base,
      codes: ['validation_failed'],
      field: key,
    }),
  );
  const prototypeKey = fc
    .tuple(
      fc.constantFrom(
        '__proto__',
        'constructor',
        'prototype',
        'hasOwnProperty',
        'toString',
        'valueOf',
        '__defineGetter__',
      ),
      fc.constantFrom<unknown>(
        new RawJson('{"polluted":true}'),
        new RawJson('{"prototype":{"polluted":true}}'),
        1,
        null,
        'x',
      ),
      fc.boolean(),
    )
    .map(
      ([key, value, first]): Mutation => ({
        kind: 'prototype key',
        payload: json(first ? [[key, value], ...entries] : [...entries, [key, value]]),
        ...base,
        codes: ['validation_failed'],
        field: key,
      }),
    );
  const halfPair =
    variant === 'offer'
      ? fc.constantFrom('latitude', 'longitude').map(
          (keep): Mutation => ({
            kind: 'half a coordinate pair',
            payload: json([
              ...entries.filter(([k]) => k !== 'latitude' && k !== 'longitude'),
              [keep, keep === 'latitude' ? 1.15 : -76.65],
            ]),
            ...base,
            codes: ['validation_failed'],
            field: keep === 'latitude' ? 'longitude' : 'latitude',
          }),
        )
      : changed;
  return fc.oneof(
    { weight: 8, arbitrary: changed },
    { weight: 2, arbitrary: removed },
    { weight: 2, arbitrary: added },
    { weight: 2, arbitrary: prototypeKey },
    { weight: 1, arbitrary: halfPair },
  );
}

/** Mutations of the transport: content type, size, nesting, repeated keys, broken JSON, wrong root. */
function transportMutation(generated: Generated, bodyLimit: number): fc.Arbitrary<Mutation> {
  const entries = Object.entries(generated.body) as [string, unknown][];
  const valid = toJson(entries);
  const json = 'application/json';
  const bytes = (s: string) => Buffer.byteLength(s);

  const nesting = fc
    .tuple(fc.integer({ min: b.maxJsonDepth + 1, max: 4000 }), fc.constantFrom('[', '{"a":'), fc.boolean())
    .map(([depth, open, asField]): Mutation => {
      const close = open === '[' ? ']' : '}';
      // The body's own object is one level; the nested value adds the rest.
      const inner = open.repeat(depth - 1) + (open === '[' ? '' : '1') + close.repeat(depth - 1);
      const payload = asField ? toJson([...entries, ['nest', new RawJson(inner)]]) : open + inner.slice(0) + close;
      return {
        kind: 'nesting beyond 32',
        payload,
        contentType: json,
        ...(bytes(payload) > bodyLimit
          ? { status: 413, codes: ['payload_too_large'] }
          : { status: 400, codes: ['json_too_deep'] }),
      };
    });
  const duplicate = fc
    .tuple(fc.constantFrom(...entries.map(([k]) => k)), fc.jsonValue({ maxDepth: 1 }), fc.boolean())
    .map(([key, value, front]): Mutation => {
      const payload = toJson(front ? [[key, value], ...entries] : [...entries, [key, value]]);
      return {
        kind: 'repeated key',
        payload,
        contentType: json,
        status: 400,
        codes: ['duplicate_json_key'],
        field: key,
      };
    });
  const hugeArray = fc
    .tuple(
      fc.integer({ min: 500, max: 40_000 }),
      fc.constantFrom('title', 'extra', 'latitude'),
      fc.constantFrom('0', '"a"', 'null', '{}'),
    )
    .map(([n, key, item]): Mutation => {
      const payload = toJson([
        ...entries.filter(([k]) => k !== key),
        [key, new RawJson(`[${Array(n).fill(item).join(',')}]`)],
      ]);
      return {
        kind: 'huge array',
        payload,
        contentType: json,
        ...(bytes(payload) > bodyLimit
          ? { status: 413, codes: ['payload_too_large'] }
          : { status: 400, codes: ['validation_failed'], field: key }),
      };
    });
  const oversized = fc.integer({ min: 1, max: 64 * 1024 }).map((extra): Mutation => {
    const payload = toJson([
      ...entries.filter(([k]) => k !== 'description'),
      ['description', 'x'.repeat(bodyLimit + extra)],
    ]);
    return { kind: 'over the body limit', payload, contentType: json, status: 413, codes: ['payload_too_large'] };
  });
  const contentType = fc
    .constantFrom(
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'text/json',
      'application/octet-stream',
      'text/html',
      'image/png',
    )
    .map(
      (type): Mutation => ({
        kind: 'wrong content type',
        payload: valid,
        contentType: type,
        status: 415,
        codes: ['unsupported_media_type'],
      }),
    );
  const truncated = fc.integer({ min: 0, max: valid.length - 1 }).map(
    (at): Mutation => ({
      kind: 'truncated JSON',
      payload: valid.slice(0, at),
      contentType: json,
      status: 400,
      codes: at === 0 ? ['empty_body'] : ['invalid_json'],
    }),
  );
  const notAnObject = fc.constantFrom('[]', '"texto"', '42', 'null', 'true', '[{"type":"request"}]', '{}').map(
    (payload): Mutation => ({
      kind: 'not an object',
      payload,
      contentType: json,
      status: 400,
      codes: ['validation_failed'],
    }),
  );
  const blank = fc
    .constantFrom('', ' ', '\n\t ', '\r\n')
    .map(
      (payload): Mutation => ({ kind: 'blank body', payload, contentType: json, status: 400, codes: ['empty_body'] }),
    );
  const badKey = fc
    .oneof(
      fc.constantFrom('a b', 'x'.repeat(256), 'clave\u00e9', '\u0001'),
      fc.string({ minLength: 256, maxLength: 300 }),
    )
    .map(
      (key): Mutation => ({
        kind: 'invalid Idempotency-Key',
        payload: valid,
        contentType: json,
        headers: { 'idempotency-key': key },
        status: 400,
        codes: ['invalid_idempotency_key'],
      }),
    )
    .filter((m) => {
      const key = m.headers?.['idempotency-key'] as string;
      // Header values outside Latin-1 cannot be sent at all; the rest must be refused by the service.
      return /^[\x00-\xff]*$/.test(key) && !/[\r\n\0]/.test(key);
    });
  const unknownEmergency = fc.constantFrom('no-existe', 'otra-emergencia-2026').map(
    (slug): Mutation => ({
      kind: 'unknown emergency',
      payload: toJson([...entries.filter(([k]) => k !== 'emergencySlug'), ['emergencySlug', slug]]),
      contentType: json,
      status: 400,
      codes: ['unknown_emergency'],
    }),
  );
  return fc.oneof(
    nesting,
    duplicate,
    hugeArray,
    oversized,
    contentType,
    truncated,
    notAnObject,
    blank,
    badKey,
    unknownEmergency,
  );
}

/** One mutation of a valid payload, field-level or transport-level, with the answer it must get. */
export function mutationArb(bodyLimit: number, emergencySlug?: string): fc.Arbitrary<Mutation> {
  return submissionArb(emergencySlug).chain((generated) =>
    fc.oneof(
      { weight: 3, arbitrary: fieldMutation(generated) },
      { weight: 2, arbitrary: transportMutation(generated, bodyLimit) },
    ),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// GET /api/public/v1/help?view=list: filter combinations, valid and invalid.

export type ListQuery = Record<string, string>;

/** Decimal notation, which the query parameters require (no exponent). */
export const decimal = (n: number, digits = 6): string => n.toFixed(digits);

/** q: words (or their beginnings) from the records, in any case, with or without accents, any separators. */
export function searchTextArb(vocabulary: string[]): fc.Arbitrary<string> {
  const word = fc
    .tuple(
      fc.constantFrom(...vocabulary),
      fc.integer({ min: 1, max: 12 }),
      fc.constantFrom('lower', 'upper', 'same', 'plain'),
    )
    .map(([w, n, style]) => {
      const prefix = [...w].slice(0, n).join('');
      if (style === 'lower') return prefix.toLowerCase();
      if (style === 'upper') return prefix.toUpperCase();
      if (style === 'plain') return prefix.normalize('NFD').replace(/\p{M}+/gu, '');
      return prefix;
    });
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .array(word, { minLength: 1, maxLength: 3 })
        .chain((words) => fc.constantFrom(' ', ', ', '-', '  ').map((sep) => words.join(sep))),
    },
    { weight: 1, arbitrary: validText(0, b.q.max) },
    { weight: 1, arbitrary: fc.constantFrom('', '   ', '¿?', '🌊', 'zzzzqq') },
  );
}

/** An offset in degrees spread evenly over [-max, max] (fc.double favours values near zero). */
export const offsetArb = (max: number) => fc.integer({ min: -10_000, max: 10_000 }).map((n) => (n / 10_000) * max);

const near = (centres: { latitude: number; longitude: number }[]) =>
  fc.tuple(fc.constantFrom(...centres), offsetArb(0.5), offsetArb(0.5)).map(([c, dLat, dLon]) => ({
    latitude: Math.min(b.latitude.max, Math.max(b.latitude.min, c.latitude + dLat)),
    longitude: Math.min(b.longitude.max, Math.max(b.longitude.min, c.longitude + dLon)),
  }));

/** The value, or undefined (left out) in (1 - share) of the cases. */
const sometimes = <T>(arb: fc.Arbitrary<T>, share: number) =>
  fc.oneof(
    { weight: Math.round(share * 20), arbitrary: arb },
    { weight: Math.round((1 - share) * 20), arbitrary: fc.constant(undefined) },
  );

/** A valid list query: any combination of the filters of SPEC 4.1, each left out often enough to find records. */
export function listQueryArb(options: {
  slugs: string[];
  vocabulary: string[];
  centres: { latitude: number; longitude: number }[];
  /** DIVIPOLA codes to filter by (with records or without). */
  municipalities?: string[];
}): fc.Arbitrary<ListQuery> {
  const place = fc.oneof(
    { weight: 4, arbitrary: near(options.centres) },
    { weight: 1, arbitrary: fc.record({ latitude: latitudeArb, longitude: longitudeArb }) },
  );
  const radius = fc.oneof(
    fc.double({ min: b.radiusKm.min, max: b.radiusKm.max, noNaN: true }),
    fc.integer({ min: 1, max: 1200 }).map((n) => n / 10),
  );
  return fc
    .record({
      emergencySlug: sometimes(fc.constantFrom(...options.slugs), 0.3),
      type: sometimes(fc.constantFrom('all', 'request', 'offer'), 0.4),
      status: sometimes(fc.constantFrom('all', 'active', 'in_process', 'completed'), 0.4),
      category: sometimes(fc.constantFrom(...categories), 0.15),
      priority: sometimes(fc.constantFrom('all', 'urgent', 'deficit', 'near_covered'), 0.3),
      q: sometimes(searchTextArb(options.vocabulary), 0.35),
      place: sometimes(fc.tuple(place, sometimes(radius, 0.7)), 0.3),
      logistics: sometimes(fc.constantFrom('true', 'false', '1', '0'), 0.15),
      capacity: sometimes(fc.integer({ min: 0, max: 2000 }).map(String), 0.1),
      limit: sometimes(fc.integer({ min: b.limit.min, max: b.limit.max }).map(String), 0.5),
      municipalityCode: options.municipalities?.length
        ? sometimes(fc.constantFrom(...options.municipalities), 0.15)
        : fc.constant(undefined),
    })
    .map(({ place, ...rest }) => {
      const query: ListQuery = { view: 'list' };
      for (const [key, value] of Object.entries(rest)) if (value !== undefined) query[key] = value;
      if (place) {
        const [{ latitude, longitude }, radius] = place;
        query.latitude = decimal(latitude);
        query.longitude = decimal(longitude);
        // Written with three decimals and kept within the bounds.
        if (radius !== undefined)
          query.radiusKm = Math.min(b.radiusKm.max, Math.max(b.radiusKm.min, Number(radius.toFixed(3)))).toString();
      }
      return query;
    });
}

export interface InvalidQuery {
  query: ListQuery | string;
  /** A detail must name it; code is the detail's code when the cause is certain. */
  field: string;
  code?: string;
}

const notIn = (values: readonly string[]) => fc.string({ maxLength: 16 }).filter((s) => !values.includes(s));
const notDecimal = fc.constantFrom(
  'abc',
  '',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e1',
  '0x10',
  '1,5',
  '1.2.3',
  '--1',
  ' 1',
  '١',
);

/** One parameter made invalid inside an otherwise valid query. */
export function invalidQueryArb(valid: fc.Arbitrary<ListQuery>): fc.Arbitrary<InvalidQuery> {
  const parameterNames = [
    'view',
    'id',
    'emergencySlug',
    'type',
    'status',
    'category',
    'priority',
    'q',
    'latitude',
    'longitude',
    'radiusKm',
    'logistics',
    'capacity',
    'limit',
    'sort',
    'municipalityCode',
    'cursor',
  ];
  const withPlace = (q: ListQuery): ListQuery => ({ latitude: '1.150000', longitude: '-76.650000', ...q });
  const cases: fc.Arbitrary<(q: ListQuery) => InvalidQuery>[] = [
    notIn(['discovery', 'panorama', 'list', 'detail']).map((v) => (q) => ({
      query: { ...q, view: v },
      field: 'view',
      code: 'invalid_value',
    })),
    notIn(['all', 'request', 'offer']).map((v) => (q) => ({
      query: { ...q, type: v },
      field: 'type',
      code: 'invalid_value',
    })),
    notIn(['all', 'active', 'in_process', 'completed']).map((v) => (q) => ({
      query: { ...q, status: v },
      field: 'status',
      code: 'invalid_value',
    })),
    notIn(categories).map((v) => (q) => ({ query: { ...q, category: v }, field: 'category', code: 'invalid_value' })),
    notIn(['all', 'urgent', 'deficit', 'near_covered']).map((v) => (q) => ({
      query: { ...q, priority: v },
      field: 'priority',
      code: 'invalid_value',
    })),
    notIn(['true', 'false', '1', '0']).map((v) => (q) => ({
      query: { ...q, logistics: v },
      field: 'logistics',
      code: 'invalid_value',
    })),
    fc
      .oneof(
        fc.constantFrom('0', '101', '-1', '2.5', 'abc', '', '1e2', ' 5', '99999999999999999999'),
        fc.integer({ min: 101 }).map(String),
      )
      .map((v) => (q) => ({ query: { ...q, limit: v }, field: 'limit' })),
    fc
      .oneof(
        fc
          .double({ min: b.latitude.max, minExcluded: true, max: 1000, noNaN: true })
          .map((n) => decimal(n, 3))
          .filter((s) => Number(s) > b.latitude.max),
        fc
          .double({ min: -1000, max: b.latitude.min, maxExcluded: true, noNaN: true })
          .map((n) => decimal(n, 3))
          .filter((s) => Number(s) < b.latitude.min),
        notDecimal,
      )
      .map((v) => (q) => ({ query: { ...withPlace(q), latitude: v }, field: 'latitude' })),
    fc
      .oneof(
        fc
          .double({ min: b.longitude.max, minExcluded: true, max: 1000, noNaN: true })
          .map((n) => decimal(n, 3))
          .filter((s) => Number(s) > b.longitude.max),
        fc
          .double({ min: -1000, max: b.longitude.min, maxExcluded: true, noNaN: true })
          .map((n) => decimal(n, 3))
          .filter((s) => Number(s) < b.longitude.min),
        notDecimal,
      )
      .map((v) => (q) => ({ query: { ...withPlace(q), longitude: v }, field: 'longitude' })),
    fc
      .oneof(fc.constantFrom('0', '0.05', '0.099', '500.001', '501', '100000', '-5'), notDecimal)
      .map((v) => (q) => ({ query: { ...withPlace(q), radiusKm: v }, field: 'radiusKm' })),
    fc.constantFrom('latitude', 'longitude').map((keep) => (q) => {
      const { latitude, longitude, ...rest } = withPlace(q);
      return {
        query: { ...rest, [keep]: keep === 'latitude' ? latitude : longitude } as ListQuery,
        field: keep === 'latitude' ? 'longitude' : 'latitude',
        code: 'coordinates_pair',
      };
    }),
    fc.constant((q: ListQuery) => {
      const { latitude: _a, longitude: _b, ...rest } = q;
      return { query: { ...rest, radiusKm: '5' }, field: 'radiusKm', code: 'needs_coordinates' };
    }),
    fc
      .oneof(fc.constantFrom('-1', '-0.5', 'mucho', '', '9007199254740992', '1e3'), notDecimal)
      .map((v) => (q) => ({ query: { ...q, capacity: v }, field: 'capacity' })),
    fc
      .oneof(
        fc
          .tuple(fc.constantFrom(...controlChars, '\n', '\t'), fc.string({ minLength: 1, maxLength: 10 }))
          .map(([c, s]) => `a${c}b${s}`),
        solidText(b.q.max + 1, b.q.max + 30),
      )
      .map((v) => (q) => ({ query: { ...q, q: v }, field: 'q' })),
    fc
      .oneof(fc.constant(''), solidText(65, 80))
      .map((v) => (q) => ({ query: { ...q, view: 'detail', id: v }, field: 'id' })),
    fc.constant((q: ListQuery) => {
      const { id: _id, ...rest } = q;
      return { query: { ...rest, view: 'detail' }, field: 'id', code: 'required' };
    }),
    fc
      .constantFrom('', 'Mayusculas', 'con espacio', '-inicio', 'fin-', 'tilde-é', 'a'.repeat(61), 'a_b')
      .map((v) => (q) => ({ query: { ...q, emergencySlug: v }, field: 'emergencySlug' })),
    fc
      .constantFrom('', '1', '8600', '860011', '8600a', ' 86001', '00000', '99999', '86 01')
      .map((v) => (q) => ({ query: { ...q, municipalityCode: v }, field: 'municipalityCode' })),
    fc
      .oneof(
        fc.constantFrom('', 'no vale', 'abc', '!!', '%00', 'x'.repeat(401)),
        // Well-formed base64url of anything but a position this service wrote.
        fc
          .oneof(fc.json({ maxDepth: 2 }), fc.constantFrom('["p",1,2]', '["d",1,2,"a",null]', '["x",1,2,"a",null]'))
          .map((json) => Buffer.from(json, 'utf8').toString('base64url'))
          .filter((v) => v.length > 0),
      )
      .map((v) => (q) => ({ query: { ...q, cursor: v }, field: 'cursor' })),
    fc
      .constantFrom('nearest', 'Distance', 'PRIORITY', 'distance,priority')
      .map((v) => (q) => ({ query: { ...q, sort: v }, field: 'sort', code: 'invalid_value' })),
    fc
      .oneof(
        fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !parameterNames.includes(k)),
        fc.constantFrom(
          '__proto__',
          'constructor',
          'prototype',
          'toString',
          'hasOwnProperty',
          'order',
          'page',
          'Type',
          'view[]',
        ),
      )
      .map((key) => (q) => ({ query: { ...q, [key]: '1' }, field: key, code: 'unknown_field' })),
    // Repeats are written as raw text: an object holds each name once.
    fc.constantFrom('type', 'status', 'limit', 'q', 'view').map((name) => (q) => {
      const base = new URLSearchParams(q);
      base.delete(name);
      base.append(name, name === 'limit' ? '5' : name === 'view' ? 'list' : name === 'q' ? 'agua' : 'all');
      base.append(name, name === 'limit' ? '6' : name === 'view' ? 'list' : name === 'q' ? 'agua' : 'all');
      return { query: base.toString(), field: name, code: 'repeated_parameter' };
    }),
  ];
  return fc.tuple(valid, fc.oneof(...cases)).map(([q, make]) => make(q));
}
