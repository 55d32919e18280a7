// The mixed load: per connection, a fixed cycle of nine reads and one submission, timed apart with autocannon; and,
// optionally, bursts of submissions on extra connections at fixed times, so reads are timed inside and outside them.
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
  /** Every response, bursts included. */
  total: number;
  read: KindResult;
  write: KindResult;
  /** Socket errors and timeouts. */
  errors: number;
  bursts: BurstResult | null;
}

/** In each period of everySeconds, its last `seconds` add submissions on `connections` extra connections. */
export interface BurstOptions {
  everySeconds: number;
  seconds: number;
  connections: number;
}

export interface BurstResult {
  count: number;
  /** Time spent inside bursts, summed. */
  seconds: number;
  write: KindResult;
  /** Reads in flight at any moment of a burst, and the others. */
  readsInside: KindResult;
  readsOutside: KindResult;
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

/** Latencies and statuses of one kind of response. */
function collector() {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  return {
    add(status: number, ms: number) {
      latencies.push(ms);
      statuses[status] = (statuses[status] ?? 0) + 1;
    },
    result: (): KindResult => ({
      count: latencies.length,
      latencies: Float64Array.from(latencies).sort(),
      statuses,
    }),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A submission body as a client sends it, each with its own source + externalId: always a durable insert. */
function submissionBody(random: Random, slug: string, prefix: string) {
  let sequence = 0;
  return () =>
    JSON.stringify({ ...requestBody(random, 'bench-mixta', `${prefix}-${sequence++}`), emergencySlug: slug });
}

export async function runMixed(
  target: MixedTarget,
  options: { seconds: number; connections: number; bursts?: BurstOptions },
): Promise<MixedResult> {
  const random = createRandom(20260521 + options.seconds);
  const slug = target.emergencySlug;
  const runId = Date.now().toString(36);
  const body = submissionBody(random, slug, `mixta-${runId}`);
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
  const post = { method: 'POST', path: HELP, headers: { ...headers, 'content-type': 'application/json' } };
  const submit: MixedRequest = {
    ...post,
    setupRequest: (request: RequestParams) => ({ ...request, body: body() }),
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
  const collected = { read: collector(), write: collector() };
  /** When each read ended and how long it took, to place it against the bursts afterwards. */
  const readTimes: { end: number; ms: number; status: number }[] = [];
  const started = performance.now();
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
    collected[last].add(status, ms);
    if (last === 'read') readTimes.push({ end: performance.now(), ms, status });
  });
  const burstWrites = collector();
  const windows: { start: number; end: number }[] = [];
  let burstErrors = 0;
  const bursts = async (burst: BurstOptions) => {
    const burstBody = submissionBody(createRandom(20260522), slug, `rafaga-${runId}`);
    for (let at = burst.everySeconds - burst.seconds; at + burst.seconds <= options.seconds; at += burst.everySeconds) {
      await sleep(started + at * 1000 - performance.now());
      const start = performance.now();
      const heavy = autocannon({
        url: target.url,
        connections: burst.connections,
        duration: burst.seconds,
        requests: [{ ...post, setupRequest: (request: RequestParams) => ({ ...request, body: burstBody() }) }],
        timeout: 60,
      }) as Run;
      heavy.on('response', (_client, status, _bytes, ms) => burstWrites.add(status, ms));
      burstErrors += (await heavy).errors;
      windows.push({ start, end: performance.now() });
    }
  };
  const [result] = await Promise.all([run, options.bursts ? bursts(options.bursts) : null]);
  const reads = collected.read.result();
  const writes = collected.write.result();
  let burstResult: BurstResult | null = null;
  if (options.bursts) {
    const inside = collector();
    const outside = collector();
    for (const { end, ms, status } of readTimes) {
      const during = windows.some((w) => end - ms < w.end && end > w.start);
      (during ? inside : outside).add(status, ms);
    }
    const written = burstWrites.result();
    burstResult = {
      count: windows.length,
      seconds: windows.reduce((sum, w) => sum + (w.end - w.start) / 1000, 0),
      write: written,
      readsInside: inside.result(),
      readsOutside: outside.result(),
    };
  }
  return {
    seconds: result.duration,
    total: reads.count + writes.count + (burstResult?.write.count ?? 0),
    read: reads,
    write: writes,
    errors: result.errors + burstErrors,
    bursts: burstResult,
  };
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
