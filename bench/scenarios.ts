// The measured scenarios. Each measures, then turns its figures into report rows against the targets; failures
// (unexpected statuses, socket errors) are recorded through ctx.check and never depend on a target.
import type { Request } from 'autocannon';
import { categories } from '../src/domain/categories.ts';
import { helpTypes, recordStatuses } from '../src/domain/statuses.ts';
import type { Child } from './children.ts';
import { pointNear, requestBody } from './generate.ts';
import { combine, type LoadResult, load, unexpected } from './load.ts';
import type { PanoramaMisses } from './panorama.ts';
import { createRandom, type Random } from './prng.ts';
import { fixed, type Row } from './report.ts';
import { HELP, type Setup } from './service-setup.ts';
import { type Startup, startupMs } from './startup.ts';
import { atLeast, below, type Targets } from './targets.ts';

export interface ScenarioContext {
  setup: Setup;
  targets: Targets;
  seconds: number;
  warmupSeconds: number;
  /** The service and the bare server take turns this many times within the measured seconds. */
  rounds: number;
  connections: number;
  /** Records a failure when a run saw responses other than the expected ones. */
  check(label: string, result: LoadResult, expected: (status: number) => boolean): void;
}

const ok = (status: number) => status === 200;
const pidsOf = (children: Child[]) => children.map((child) => child.pid);
const ms = (value: number, digits = 0) => `${fixed(value, digits)} ms`;
const seconds = (value: number) => `${fixed(value / 1000, 2)} s`;

const throughput = (result: LoadResult) =>
  `${fixed(result.requestsPerSecond)} req/s, ${fixed(result.cpuMicros)} µs CPU/req, p99 ${result.p99} ms`;

/** Alternating short runs, so that other work on the machine weighs on both servers alike. */
async function compare(ctx: ScenarioContext, bare: Child, path: string): Promise<[LoadResult, LoadResult]> {
  const servers = [
    { url: ctx.setup.url, pids: pidsOf(ctx.setup.instances) },
    { url: bare.url, pids: [bare.pid] },
  ];
  const on = (server: (typeof servers)[number], seconds: number) =>
    load({ ...server, connections: ctx.connections, path, seconds });
  for (const server of servers) await on(server, ctx.warmupSeconds);
  const rounds = Math.max(1, Math.min(ctx.rounds, ctx.seconds));
  const runs: [LoadResult[], LoadResult[]] = [[], []];
  for (let round = 0; round < rounds; round++) {
    for (const [i, server] of servers.entries()) runs[i]?.push(await on(server, ctx.seconds / rounds));
  }
  return [combine(runs[0]), combine(runs[1])];
}

/**
 * The same cached GET against the service and against a bare node:http process sending the same bytes. With two
 * instances on PostgreSQL the service side is the whole deployment (proxy and both instances, sharing the cores)
 * and the bare side still one process: the ratio says what the deployment costs against the simplest server.
 */
export async function cachedRead(ctx: ScenarioContext, bare: Child, name: string, path: string): Promise<Row[]> {
  const [onService, onBare] = await compare(ctx, bare, path);
  ctx.check(`${name} service`, onService, ok);
  ctx.check(`${name} bare`, onBare, ok);
  const ratio = onService.requestsPerSecond / onBare.requestsPerSecond;
  console.log(`${name}: service ${throughput(onService)}; bare ${throughput(onBare)}`);
  return [
    {
      metric: name,
      service: throughput(onService),
      bare: throughput(onBare),
      figure: fixed(ratio, 2),
      target: atLeast(ctx.targets.cachedRatio, '', 2),
      met: ratio >= ctx.targets.cachedRatio,
    },
  ];
}

/** One or two filters besides the word and the circle, as a person narrowing a list would add them. */
const FILTERS: ((random: Random, query: URLSearchParams) => void)[] = [
  (random, query) => query.set('category', random.pick(categories)),
  (random, query) => query.set('type', random.pick(helpTypes)),
  (random, query) => query.set('status', random.pick(['all', ...recordStatuses])),
  (random, query) => query.set('priority', random.pick(['urgent', 'deficit', 'near_covered'])),
];

/** Every search differs (word, centre, radius, filters), so the response cache cannot answer any of them. */
export async function measureSearch(ctx: ScenarioContext): Promise<LoadResult> {
  const random = createRandom(7);
  const searchPath = () => {
    const { latitude, longitude } = pointNear(random, 5);
    const query = new URLSearchParams({
      view: 'list',
      q: random.pick(ctx.setup.seeded.vocabulary),
      latitude: String(latitude),
      longitude: String(longitude),
      radiusKm: (1 + random.next() * 9).toFixed(3),
    });
    const filters = random.chance(0.3) ? 2 : 1;
    for (let i = 0; i < filters; i++) random.pick(FILTERS)(random, query);
    return `${HELP}?${query}`;
  };
  const options = {
    url: ctx.setup.url,
    pids: pidsOf(ctx.setup.instances),
    connections: ctx.connections,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: searchPath() }) }] as Request[],
  };
  await load({ ...options, seconds: ctx.warmupSeconds });
  const result = await load({ ...options, seconds: ctx.seconds });
  ctx.check('search', result, ok);
  console.log(`search: ${throughput(result)}, p50 ${result.p50} ms`);
  return result;
}

export function searchRows(result: LoadResult, targets: Targets, connections: number): Row[] {
  const name = `search q + radius + filters, uncached, ${connections} connections`;
  const cpuMs = result.cpuMicros / 1000;
  return [
    { metric: `${name}: throughput`, service: throughput(result), figure: '-', target: '-' },
    { metric: `${name}: p50`, service: ms(result.p50), figure: ms(result.p50), target: '-' },
    {
      metric: `${name}: p99`,
      service: ms(result.p99),
      figure: ms(result.p99),
      target: below(targets.searchP99Ms, 'ms'),
      met: result.p99 < targets.searchP99Ms,
    },
    {
      metric: `${name}: CPU per search (service processes)`,
      service: ms(cpuMs, 2),
      figure: ms(cpuMs, 2),
      target: below(targets.searchCpuMs, 'ms'),
      met: cpuMs < targets.searchCpuMs,
    },
  ];
}

export function panoramaRows(result: PanoramaMisses, targets: Targets): Row[] {
  return [
    {
      metric: `panorama on a cache miss (${result.count} in a row, each after a publication)`,
      service: `p50 ${ms(result.p50, 1)}, max ${ms(result.max, 1)}; ${result.confirmed}/${result.count} new ETags`,
      figure: `max ${ms(result.max, 1)}`,
      target: below(targets.panoramaMissMs, 'ms'),
      met: result.max < targets.panoramaMissMs,
    },
  ];
}

/** Each instance's start-up; the slowest one is held to the target. */
export function startupRows(startups: Startup[], targets: Targets): Row[] {
  const slowest = Math.max(...startups.map(startupMs));
  const each = startups.map(
    (s) => `${s.name}: /readyz ${seconds(s.readyMs)}, first search ${seconds(s.indexMs)}, RSS ${fixed(s.rssMb)} MB`,
  );
  return [
    {
      metric: 'start-up: spawn to /readyz 200 and index built (first search answered)',
      service: each.join('; '),
      figure: seconds(slowest),
      target: below(targets.startupMs / 1000, 's'),
      met: slowest < targets.startupMs,
    },
  ];
}

export function memoryRow(peakMb: number, targets: Targets): Row {
  return {
    metric: 'resident memory of one instance, peak over the whole run',
    service: `${fixed(peakMb)} MB`,
    figure: `${fixed(peakMb)} MB`,
    target: below(targets.rssMb, 'MB'),
    met: peakMb < targets.rssMb,
  };
}

/** Each body is a new source + externalId, so every submission is a durable insert. */
export async function submissions(ctx: ScenarioContext): Promise<Row[]> {
  const random = createRandom(11);
  let sequence = 0;
  const runId = Date.now().toString(36);
  const body = () => {
    const submission = requestBody(random, 'bench-carga', `sol-${runId}-${sequence++}`);
    return JSON.stringify({ ...submission, emergencySlug: ctx.setup.seeded.emergencySlug });
  };
  const requests: Request[] = [
    {
      method: 'POST',
      path: HELP,
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => ({ ...request, body: body() }),
    },
  ];
  const options = {
    url: ctx.setup.url,
    pids: pidsOf(ctx.setup.instances),
    connections: ctx.connections,
    requests,
  };
  await load({ ...options, seconds: ctx.warmupSeconds });
  const result = await load({ ...options, seconds: ctx.seconds });
  const accepted = (result.statuses['202'] ?? 0) / result.seconds;
  const others = unexpected(result, (status) => status === 202);
  ctx.check('submissions', result, (status) => status === 202);
  console.log(`submissions: ${fixed(accepted)} accepted/s, p99 ${result.p99} ms, ${others} other responses`);
  const { submitPerSecond, submitP99Ms } = ctx.targets;
  const name = `POST submissions, ${ctx.connections} connections`;
  return [
    {
      metric: `${name}: accepted (202)`,
      service: `${fixed(accepted)} /s, ${fixed(result.cpuMicros)} µs CPU/req`,
      figure: `${fixed(accepted)} /s`,
      target: atLeast(submitPerSecond, '/s'),
      met: accepted >= submitPerSecond,
    },
    {
      metric: `${name}: p99`,
      service: `p50 ${ms(result.p50)}, p99 ${ms(result.p99)}`,
      figure: ms(result.p99),
      target: below(submitP99Ms, 'ms'),
      met: result.p99 < submitP99Ms,
    },
    {
      metric: `${name}: non-202`,
      service: String(others),
      figure: String(others),
      target: '0',
      met: others === 0,
    },
  ];
}
