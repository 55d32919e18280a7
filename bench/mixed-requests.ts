// The mixed load: per connection, a fixed cycle of nine reads and one submission, timed apart with autocannon.
import autocannon, { type Request, type RequestParams, type Result } from 'autocannon';
import { categories } from '../src/domain/categories.ts';
import { pointNear, requestBody } from './generate.ts';
import { neighborhoods } from './pools.ts';
import { createRandom, type Random } from './prng.ts';

const HELP = '/api/public/v1/help';
const INVENTORY = '/api/public/v1/inventario';
const LOGISTICS = '/api/logistics-operations';

type Kind = 'read' | 'write';
type MixedRequest = Request & { onResponse: () => void };
type Run = Promise<Result> & {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
};

export interface KindResult {
  count: number;
  /** Latencies in ms, ascending. */
  latencies: Float64Array;
  statuses: Record<string, number>;
}

export interface MixedResult {
  seconds: number;
  total: number;
  read: KindResult;
  write: KindResult;
  /** Socket errors and timeouts. */
  errors: number;
}

export interface MixedTarget {
  url: string;
  emergencySlug: string;
  ids: string[];
  /** Sent as X-Forwarded-For (the instances trust their proxy and this host). */
  address: string;
}

// Words people search for: places of the town and things they need, all present in the seeded titles.
const WORDS = [
  ...new Set(
    neighborhoods
      .flatMap((name) => name.toLowerCase().split(' '))
      .filter((word) => word.length >= 5)
      .slice(0, 20),
  ),
  'agua',
  'mercados',
  'medicamentos',
  'lancha',
  'colchonetas',
  'familias',
];

/** A list view with filters from a finite set: after a while most are cached, as on a busy day. */
function filteredList(random: Random, slug: string): string {
  const query = new URLSearchParams({ view: 'list', emergencySlug: slug });
  const type = random.pick(['request', 'offer', '']);
  if (type) query.set('type', type);
  if (random.chance(0.6)) query.set('category', random.pick(categories));
  const priority = random.pick(['urgent', 'deficit', 'near_covered', '', '']);
  if (priority) query.set('priority', priority);
  if (random.chance(0.2)) query.set('status', random.pick(['all', 'in_process', 'completed']));
  query.set('limit', random.pick(['20', '50']));
  return `${HELP}?${query}`;
}

/** A word near a point within a radius: each one differs, so only the search index can answer. */
function nearbySearch(random: Random, slug: string): string {
  const { latitude, longitude } = pointNear(random, 5);
  const query = new URLSearchParams({
    view: 'list',
    emergencySlug: slug,
    q: random.pick(WORDS),
    latitude: String(latitude),
    longitude: String(longitude),
    radiusKm: (1 + random.next() * 9).toFixed(2),
  });
  return `${HELP}?${query}`;
}

export async function runMixed(target: MixedTarget, options: { seconds: number; connections: number }) {
  const random = createRandom(20260521 + options.seconds);
  const slug = target.emergencySlug;
  const runId = Date.now().toString(36);
  let sequence = 0;
  let last: Kind = 'read';
  const headers = { 'x-forwarded-for': target.address };
  const read = (path: () => string): MixedRequest => ({
    method: 'GET',
    headers,
    setupRequest: (request: RequestParams) => ({ ...request, path: path() }),
    onResponse: () => {
      last = 'read';
    },
  });
  const detail = () => `${HELP}?view=detail&id=${random.pick(target.ids)}`;
  const submit: MixedRequest = {
    method: 'POST',
    path: HELP,
    headers: { ...headers, 'content-type': 'application/json' },
    setupRequest: (request: RequestParams) => ({
      ...request,
      body: JSON.stringify({
        ...requestBody(random, 'bench-mixta', `mixta-${runId}-${sequence++}`),
        emergencySlug: slug,
      }),
    }),
    onResponse: () => {
      last = 'write';
    },
  };
  // Nine reads, one write: exactly 90 % / 10 % per connection, whatever each takes.
  const requests: MixedRequest[] = [
    read(() => filteredList(random, slug)),
    read(detail),
    read(() => filteredList(random, slug)),
    read(() => `${HELP}?view=panorama&emergencySlug=${slug}`),
    read(detail),
    read(() => nearbySearch(random, slug)),
    read(() => `${INVENTORY}?emergencia=${slug}${random.chance(0.5) ? `&categoria=${random.pick(categories)}` : ''}`),
    read(detail),
    read(() => `${LOGISTICS}?emergencia=${slug}`),
    submit,
  ];
  const latencies: Record<Kind, number[]> = { read: [], write: [] };
  const statuses: Record<Kind, Record<string, number>> = { read: {}, write: {} };
  const run = autocannon({
    url: target.url,
    connections: options.connections,
    duration: options.seconds,
    requests,
    // Slow answers are measured as latency (a missed target), not dropped as client timeouts.
    timeout: 60,
  }) as Run;
  // onResponse (above) runs just before this event for the same response: it says which kind answered.
  run.on('response', (_client, status, _bytes, ms) => {
    latencies[last].push(ms);
    statuses[last][status] = (statuses[last][status] ?? 0) + 1;
  });
  const result = await run;
  const kind = (k: Kind): KindResult => ({
    count: latencies[k].length,
    latencies: Float64Array.from(latencies[k]).sort(),
    statuses: statuses[k],
  });
  const mixed: MixedResult = {
    seconds: result.duration,
    total: latencies.read.length + latencies.write.length,
    read: kind('read'),
    write: kind('write'),
    errors: result.errors,
  };
  return mixed;
}

/** Responses other than the expected status (200 for reads, 202 for submissions), 429s included. */
export function unexpectedResponses(result: KindResult, expected: number): number {
  return Object.entries(result.statuses).reduce((sum, [code, n]) => sum + (Number(code) === expected ? 0 : n), 0);
}

export function latencyAt(result: KindResult, p: number): number {
  const { latencies } = result;
  if (latencies.length === 0) return Number.NaN;
  return latencies[Math.min(latencies.length - 1, Math.max(0, Math.ceil((p / 100) * latencies.length) - 1))] as number;
}
