// Property-based GET /api/public/v1/help?view=list: any valid filter combination is answered exactly; invalid ones are named.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { setCoveredQuantity } from '../src/commands/set-covered-quantity.ts';
import { setRecordStatus } from '../src/commands/set-record-status.ts';
import { bounds } from '../src/domain/bounds.ts';
import { categories } from '../src/domain/categories.ts';
import { nearestMunicipality } from '../src/domain/municipalities.ts';
import { isApproximate, publicPoint } from '../src/domain/public-place.ts';
import {
  checkProperty,
  invalidQueryArb,
  type ListQuery,
  listQueryArb,
  offsetArb,
  propertySeed,
  uniquePair,
  validText,
  whatsappArb,
} from './helpers/arbitraries.ts';
import { engine } from './helpers/database.ts';
import { addEmergency, type Harness, HELP, setup } from './helpers/harness.ts';

const RUNS = { valid: engine === 'postgres' ? 800 : 1200, invalid: 1000, garbage: 800 };
const RECORDS = 90;
const SLUGS = ['inundacion-mocoa', 'deslizamiento-salgar'];
const CENTRES = [
  { latitude: 1.1466, longitude: -76.6475 },
  { latitude: 5.96, longitude: -75.98 },
  { latitude: 4.61, longitude: -74.08 },
];
const VOCABULARY = [
  'Agua',
  'potable',
  'Medicamentos',
  'niños',
  'Pañales',
  'familias',
  'Camión',
  'médicos',
  'Refugio',
  'mercados',
  'abrigo',
  'perros',
  'rescate',
  'Voluntarios',
  'higiénicos',
  'Quiñones',
  'Peñol',
  'ÁLVAREZ',
  'bidones',
  'colchonetas',
];
const STATUSES = ['active', 'active', 'in_process', 'completed'] as const;
/** The municipalities of the centres, and Medellín, where no record lies. */
const MUNICIPALITIES = [...CENTRES.map((c) => nearestMunicipality(c.latitude, c.longitude).code), '05001'];

type Item = any;
let h: Harness;
/** Every published record as its detail view shows it: the model the lists are checked against. */
const published: Item[] = [];

const words = (n: number) =>
  fc.array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: n }).map((w) => w.join(' '));
const place = fc
  .tuple(fc.constantFrom(...CENTRES), offsetArb(0.6), offsetArb(0.6))
  .map(([c, a, o]) => ({ latitude: c.latitude + a, longitude: c.longitude + o }));

/** A record to publish, with the lifecycle it then goes through. */
const recordArb = fc.record({
  slug: fc.constantFrom(...SLUGS),
  type: fc.constantFrom('request', 'request', 'offer'),
  title: fc
    .tuple(words(3), validText(0, 20))
    .map(([w, t]) => `${w} ${t}`.trim().padEnd(4, 'x').slice(0, bounds.title.max)),
  description: fc.option(words(6), { nil: undefined }),
  category: fc.constantFrom(...categories),
  contactName: fc.constantFrom('María Rojas', 'Rosalba Quiñones', 'José Álvarez', 'Ana', 'Pedro Peñol'),
  whatsapp: whatsappArb,
  address: fc.tuple(words(2), fc.nat(200)).map(([w, n]) => `Calle ${n} ${w}`.slice(0, bounds.address.max)),
  neighborhood: fc.option(words(2), { nil: undefined }),
  place: fc.option(place, { nil: undefined, freq: 5 }),
  urgency: fc.constantFrom('urgent', 'needed', 'stable'),
  quantity: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: undefined }),
  coveredShare: fc.constantFrom(0, 0, 0.3, 0.5, 0.75, 0.8, 1),
  status: fc.constantFrom(...STATUSES),
  /** The submitter asked to show the exact place (requests and offers alike). */
  exact: fc.boolean(),
  /** A request sent with its municipality only (no point): public at the municipality's point. */
  byMunicipality: fc.constantFrom(false, false, false, true),
});

type RecordSpec = typeof recordArb extends fc.Arbitrary<infer T> ? T : never;

async function publishRecord(spec: RecordSpec): Promise<void> {
  const request = spec.type === 'request';
  const near = spec.place ?? (request ? CENTRES[0] : undefined);
  const municipalityCode =
    request && spec.byMunicipality && near ? nearestMunicipality(near.latitude, near.longitude).code : null;
  const where = municipalityCode ? undefined : near;
  const body: Record<string, unknown> = {
    type: spec.type,
    source: 'propiedades',
    externalId: 'q',
    emergencySlug: spec.slug,
    title: spec.title,
    category: spec.category,
    contactName: spec.contactName,
    contactWhatsapp: spec.whatsapp.sent,
    publishContact: true,
    ...(spec.description ? { description: spec.description } : {}),
    ...(request || spec.address ? { address: spec.address } : {}),
    ...(where ?? {}),
    ...(municipalityCode ? { municipalityCode } : {}),
    ...(spec.exact ? { showExactLocation: true } : {}),
    ...(request
      ? {
          urgency: spec.urgency,
          ...(spec.neighborhood ? { neighborhood: spec.neighborhood } : {}),
          ...(spec.quantity ? { quantityRequired: spec.quantity, unit: 'unidades' } : {}),
        }
      : {}),
  };
  const sent = await h.json({ method: 'POST', url: HELP, payload: uniquePair(body) });
  assert.equal(sent.status, 202, JSON.stringify(sent.body));
  const id = sent.body.id as string;
  await approveSubmission(h.ctx, id, 'test');
  if (request && spec.quantity && spec.coveredShare > 0) {
    await setCoveredQuantity(h.ctx, id, Math.round(spec.quantity * spec.coveredShare), 'test');
  }
  if (spec.status !== 'active') await setRecordStatus(h.ctx, id, spec.status, 'test');
  const detail = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` });
  const item = detail.body.item;
  // The model below judges places by the public point: the grid cell's centre, unless exact was asked for.
  const shown = publicPoint({
    type: spec.type as 'request' | 'offer',
    exact_location: spec.exact ? 1 : 0,
    collection_center_status: null,
    latitude: where?.latitude ?? null,
    longitude: where?.longitude ?? null,
    municipality_code: municipalityCode,
  });
  assert.deepEqual(
    [item.location.latitude, item.location.longitude, item.location.precision],
    [shown.latitude, shown.longitude, shown.precision],
  );
  const approximate = isApproximate({
    type: spec.type,
    exact_location: spec.exact ? 1 : 0,
    collection_center_status: null,
  });
  if (!municipalityCode) assert.equal(item.location.address, approximate ? null : (body.address ?? null));
  published.push(item);
}

before(async () => {
  h = await setup();
  for (const slug of SLUGS) await addEmergency(h, slug, slug);
  for (const spec of fc.sample(recordArb, { seed: propertySeed(), numRuns: RECORDS })) await publishRecord(spec);
});
after(() => h.close());

// ---------------------------------------------------------------------------------------------------------------
// The oracle: the filters of SPEC 4.1 as DESIGN.md defines them, applied to the detail views.

/** Case- and accent-insensitive words, as the documentation of q describes the search. */
function terms(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .map((w) => w.slice(0, 64));
}

const EARTH_RADIUS_KM = 6371.0088;
function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

interface Verdict {
  match: boolean;
  /** Too close to the radius to call either way in floating point. */
  borderline: boolean;
}

function judge(item: Item, query: ListQuery): Verdict {
  const no = { match: false, borderline: false };
  const logistics = query.logistics === 'true' || query.logistics === '1';
  const type = logistics ? 'request' : (query.type ?? 'all');
  const status = logistics ? 'active' : (query.status ?? 'active');
  if (query.emergencySlug && item.emergency.slug !== query.emergencySlug) return no;
  if (type !== 'all' && item.type !== type) return no;
  if (status !== 'all' && item.status !== status) return no;
  if (query.category && item.category !== query.category) return no;
  if (query.municipalityCode && item.location.municipalityCode !== query.municipalityCode) return no;
  const q = query.q === undefined ? [] : terms(query.q).slice(0, 8);
  if (q.length > 0) {
    const searchable = terms(
      [
        item.title,
        item.description,
        item.location.address,
        item.location.neighborhood,
        item.location.municipality,
        item.category,
        item.categoryLabel,
        item.contact.name,
      ]
        .filter(Boolean)
        .join(' '),
    );
    if (!q.every((word) => searchable.some((t: string) => t.startsWith(word)))) return no;
  }
  const quantities = item.quantities;
  const required = quantities?.required ?? null;
  const covered = quantities?.covered ?? 0;
  const pending = quantities?.pending ?? null;
  switch (query.priority ?? 'all') {
    case 'urgent':
      if (item.urgency !== 'urgent') return no;
      break;
    case 'deficit':
      if (item.type !== 'request' || item.status === 'completed') return no;
      if (required !== null ? covered >= required * 0.5 : item.status !== 'active') return no;
      break;
    case 'near_covered':
      if (item.type !== 'request' || item.status === 'completed' || required === null) return no;
      if (!(covered >= required * 0.75 && covered < required)) return no;
      break;
  }
  const located = item.location.latitude !== null && item.location.longitude !== null;
  if (logistics && (!located || (pending !== null && pending <= 0))) return no;
  if (query.capacity !== undefined && !(pending !== null && pending > 0 && pending <= Number(query.capacity)))
    return no;
  if (query.latitude !== undefined) {
    if (!located) return no;
    // Placed by the search point's own municipality alone: inside whatever the radius (its distance is unknown).
    if (placedByNearMunicipality(item, query)) return { match: true, borderline: false };
    const radius = Number(query.radiusKm ?? bounds.radiusKm.default);
    const d = haversineKm(
      Number(query.latitude),
      Number(query.longitude),
      item.location.latitude,
      item.location.longitude,
    );
    if (Math.abs(d - radius) < 1e-6) return { match: true, borderline: true };
    return { match: d <= radius, borderline: false };
  }
  return { match: true, borderline: false };
}

/** A record placed by its municipality alone, in the municipality nearest to the query's point. */
function placedByNearMunicipality(item: Item, query: ListQuery): boolean {
  if (query.latitude === undefined || item.location.precision !== 'municipality') return false;
  const nearest = nearestMunicipality(Number(query.latitude), Number(query.longitude)).code;
  return item.location.municipalityCode === nearest;
}

const url = (query: ListQuery | string) =>
  `${HELP}?${typeof query === 'string' ? query : new URLSearchParams(query).toString()}`;

describe('valid filter combinations', () => {
  test('the list holds exactly the published records that satisfy every filter, best priority first', async () => {
    const arb = listQueryArb({
      slugs: SLUGS,
      vocabulary: VOCABULARY,
      centres: CENTRES,
      municipalities: MUNICIPALITIES,
    });
    let nonEmpty = 0;
    let byMunicipality = 0;
    await checkProperty(
      'list filters',
      fc.asyncProperty(arb, async (query) => {
        const res = await h.json({ method: 'GET', url: url(query) });
        const context = `${url(query)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
        assert.equal(res.status, 200, context);
        const verdicts = new Map(published.map((item) => [item.id as string, judge(item, query)]));
        const expected = [...verdicts].filter(([, v]) => v.match && !v.borderline).map(([id]) => id);
        const borderline = [...verdicts].filter(([, v]) => v.borderline).length;
        const { total, returned, items } = res.body;
        const limit = Number(query.limit ?? bounds.limit.default);
        assert.ok(
          total >= expected.length && total <= expected.length + borderline,
          `total ${total}, expected ${expected.length}: ${context}`,
        );
        assert.equal(returned, Math.min(limit, total), context);
        assert.equal(items.length, returned);
        for (const item of items as Item[]) {
          const verdict = verdicts.get(item.id);
          assert.ok(verdict?.match, `${item.id} (${item.title}) does not satisfy ${url(query)}`);
          if (placedByNearMunicipality(item, query)) {
            byMunicipality++;
            assert.equal(item.location.distanceKm, null, `${item.id}: no distance to a whole municipality`);
          } else if (query.latitude !== undefined) {
            const d = haversineKm(
              Number(query.latitude),
              Number(query.longitude),
              item.location.latitude,
              item.location.longitude,
            );
            assert.ok(
              Math.abs(item.location.distanceKm - d) <= 0.006,
              `distanceKm ${item.location.distanceKm} vs ${d}`,
            );
          } else {
            assert.equal(item.location.distanceKm, null);
          }
        }
        if (total <= limit) assert.deepEqual(items.map((i: Item) => i.id).sort(), [...expected].sort(), context);
        const scores = items.map((i: Item) => i.priorityScore);
        assert.deepEqual(
          scores,
          [...scores].sort((a, b) => b - a),
          `not best priority first: ${context}`,
        );
        if (total > 0) nonEmpty++;
        // The next page, when there is one, continues the order without repeating a record.
        assert.equal(res.body.nextCursor === null, total <= limit, context);
        if (res.body.nextCursor) {
          const next = await h.json({ method: 'GET', url: url({ ...query, cursor: res.body.nextCursor }) });
          assert.equal(next.status, 200, `${context} (next page)`);
          assert.equal(next.body.returned, Math.min(limit, total - limit), `${context} (next page)`);
          const seen = new Set(items.map((i: Item) => i.id));
          for (const item of next.body.items as Item[]) {
            assert.ok(verdicts.get(item.id)?.match, `next page: ${item.id} does not satisfy ${url(query)}`);
            assert.ok(!seen.has(item.id), `next page repeats ${item.id}: ${context}`);
          }
          if (query.sort !== 'distance' && next.body.items.length > 0) {
            assert.ok(next.body.items[0].priorityScore <= (items.at(-1) as Item).priorityScore, context);
          }
        }
      }),
      RUNS.valid,
    );
    console.log(
      `${nonEmpty} of ${RUNS.valid} generated queries found records (${published.length} published); ` +
        `${byMunicipality} answers held a record placed by the search point's own municipality`,
    );
    // The generator must reach records, not only empty answers.
    assert.ok(nonEmpty > RUNS.valid / 10, `only ${nonEmpty} of ${RUNS.valid} queries found anything`);
  });
});

describe('invalid values', () => {
  test('a bad value for any parameter is 400 invalid_query with a detail naming it', async () => {
    const arb = invalidQueryArb(
      listQueryArb({ slugs: SLUGS, vocabulary: VOCABULARY, centres: CENTRES, municipalities: MUNICIPALITIES }),
    );
    await checkProperty(
      'invalid queries',
      fc.asyncProperty(arb, async (invalid) => {
        const res = await h.json({ method: 'GET', url: url(invalid.query) });
        const context = `${url(invalid.query)} -> ${res.status} ${JSON.stringify(res.body)}`;
        assert.equal(res.status, 400, context);
        assert.equal(res.body.code, 'invalid_query', context);
        const detail = res.body.details.find((d: { field: string }) => d.field === invalid.field);
        assert.ok(detail, `no detail names ${invalid.field}: ${context}`);
        if (invalid.code) assert.equal(detail.code, invalid.code, context);
      }),
      RUNS.invalid,
    );
  });

  test('any query string at all: never a 5xx, and every answer is one the document lists', async () => {
    const raw = fc.oneof(
      fc
        .dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 40 }), { maxKeys: 6 })
        .map((d) => new URLSearchParams(d).toString()),
      fc
        .array(fc.constantFrom(...'view=list&detail%zz%00%ED%A0%80%2B+[]=&&#?é🌊;q=agua&id=x&limit=7'.split('')), {
          maxLength: 60,
        })
        .map((c) => c.join('')),
      fc
        .tuple(
          fc.constantFrom('view', 'type', 'status', 'q', 'limit', 'latitude', 'radiusKm', 'id', 'capacity'),
          fc.string({ unit: 'binary', maxLength: 30 }),
        )
        .map(([k, v]) => `view=list&${k}=${encodeURIComponent(v.isWellFormed() ? v : v.toWellFormed())}`),
    );
    const statuses = new Map<number, number>();
    await checkProperty(
      'arbitrary query strings',
      fc.asyncProperty(raw, async (query) => {
        const res = await h.request({ method: 'GET', url: `${HELP}?${query}` });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        assert.ok([200, 400, 404].includes(res.statusCode), `${query} -> ${res.statusCode} ${res.body.slice(0, 300)}`);
      }),
      RUNS.garbage,
    );
    assert.ok((statuses.get(400) ?? 0) > 0 && (statuses.get(200) ?? 0) > 0, JSON.stringify([...statuses]));
  });
});

// bench/fuzz.ts found it: a conditional GET of the OpenAPI document answers 304, which the document does not list.
test('a conditional GET of the OpenAPI document gets an answer the document lists', async () => {
  const first = await h.request({ method: 'GET', url: '/api/public/openapi.json' });
  assert.equal(first.statusCode, 200);
  const etag = first.headers.etag;
  assert.ok(typeof etag === 'string', 'the document is served with an ETag');
  const again = await h.request({ method: 'GET', url: '/api/public/openapi.json', headers: { 'if-none-match': etag } });
  // The harness leaves 304 unchecked (most reads list it), so the check is spelled out here.
  const listed = Object.keys(first.json().paths['/api/public/openapi.json'].get.responses);
  assert.ok(listed.includes(String(again.statusCode)), `answered ${again.statusCode}; the document lists ${listed}`);
});
