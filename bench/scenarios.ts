// The measured scenarios. Each returns its report rows and records failures through ctx.check.
import type { Request } from 'autocannon';
import type { Child, memorySampler } from './children.ts';
import { pointNear, requestBody } from './generate.ts';
import { combine, type LoadResult, load, unexpected } from './load.ts';
import { createRandom } from './prng.ts';
import { fixed, type Row } from './report.ts';
import type { SeedResult } from './seed.ts';

export const HELP = '/api/public/v1/help';

export interface ScenarioContext {
  service: Child;
  bare: Child;
  seeded: Omit<SeedResult, 'seconds'>;
  memory: ReturnType<typeof memorySampler>;
  seconds: number;
  warmupSeconds: number;
  /** The service and the bare server take turns this many times within the measured seconds. */
  rounds: number;
  connections: number;
  /** Records a failure when a run saw responses other than the expected ones. */
  check(label: string, result: LoadResult, expected: (status: number) => boolean): void;
}

const ok = (status: number) => status === 200;

/** Warm-up, then the measured run. */
async function measure(ctx: ScenarioContext, server: Child, spec: { path?: string; requests?: Request[] }) {
  const options = { url: server.url, pid: server.pid, connections: ctx.connections, ...spec };
  await load({ ...options, seconds: ctx.warmupSeconds });
  return load({ ...options, seconds: ctx.seconds });
}

const throughput = (result: LoadResult) =>
  `${fixed(result.requestsPerSecond)} req/s, ${fixed(result.cpuMicros)} µs CPU/req, p99 ${result.p99} ms`;

/** Alternating short runs, so that other work on the machine weighs on both servers alike. */
async function compare(ctx: ScenarioContext, path: string): Promise<[LoadResult, LoadResult]> {
  const servers = [ctx.service, ctx.bare] as const;
  const on = (server: Child, seconds: number) =>
    load({ url: server.url, pid: server.pid, connections: ctx.connections, path, seconds });
  for (const server of servers) await on(server, ctx.warmupSeconds);
  const rounds = Math.max(1, Math.min(ctx.rounds, ctx.seconds));
  const runs: [LoadResult[], LoadResult[]] = [[], []];
  for (let round = 0; round < rounds; round++) {
    for (const [i, server] of servers.entries()) runs[i]?.push(await on(server, ctx.seconds / rounds));
  }
  return [combine(runs[0]), combine(runs[1])];
}

/** The same cached GET against the service and against the bare server. */
export async function cachedRead(ctx: ScenarioContext, name: string, path: string): Promise<Row[]> {
  const [onService, onBare] = await compare(ctx, path);
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
      target: '>= 0.50',
      met: ratio >= 0.5,
    },
  ];
}

/** Every search differs (word, centre, radius), so the response cache cannot answer any of them. */
export async function search(ctx: ScenarioContext): Promise<Row[]> {
  const random = createRandom(7);
  const searchPath = () => {
    const word = random.pick(ctx.seeded.vocabulary);
    const { latitude, longitude } = pointNear(random, 5);
    const radiusKm = (1 + random.next() * 9).toFixed(3);
    return `${HELP}?view=list&q=${encodeURIComponent(word)}&latitude=${latitude}&longitude=${longitude}&radiusKm=${radiusKm}`;
  };
  const result = await measure(ctx, ctx.service, {
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: searchPath() }) }],
  });
  ctx.check('search', result, ok);
  console.log(`search: ${throughput(result)}, p50 ${result.p50} ms`);
  const name = 'search q+radius, uncached';
  return [
    { metric: `${name}: throughput`, service: throughput(result), figure: '-', target: '-' },
    { metric: `${name}: p50`, service: `${result.p50} ms`, figure: `${result.p50} ms`, target: '-' },
    {
      metric: `${name}: p99`,
      service: `${result.p99} ms`,
      figure: `${result.p99} ms`,
      target: '< 50 ms',
      met: result.p99 < 50,
    },
  ];
}

/** Each body is a new source + externalId, so every submission is a durable insert. */
export async function submissions(ctx: ScenarioContext): Promise<Row[]> {
  const random = createRandom(11);
  let sequence = 0;
  const runId = Date.now().toString(36);
  const body = () => {
    const submission = requestBody(random, 'bench-carga', `sol-${runId}-${sequence++}`);
    return JSON.stringify({ ...submission, emergencySlug: ctx.seeded.emergencySlug });
  };
  const requests: Request[] = [
    {
      method: 'POST',
      path: HELP,
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => ({ ...request, body: body() }),
    },
  ];
  const options = { url: ctx.service.url, pid: ctx.service.pid, connections: ctx.connections, requests };
  await load({ ...options, seconds: ctx.warmupSeconds });
  ctx.memory.reset();
  const result = await load({ ...options, seconds: ctx.seconds });
  const peak = ctx.memory.max();
  const accepted = (result.statuses['202'] ?? 0) / result.seconds;
  const others = unexpected(result, (status) => status === 202);
  ctx.check('submissions', result, (status) => status === 202);
  console.log(
    `submissions: ${fixed(accepted)} accepted/s, ${others} other responses, service RSS max ${fixed(peak)} MB`,
  );
  return [
    {
      metric: 'POST submissions: accepted (202)',
      service: `${fixed(accepted)} /s, ${fixed(result.cpuMicros)} µs CPU/req, p99 ${result.p99} ms`,
      figure: `${fixed(accepted)} /s`,
      target: '>= 500 /s',
      met: accepted >= 500,
    },
    {
      metric: 'POST submissions: non-202',
      service: String(others),
      figure: String(others),
      target: '0',
      met: others === 0,
    },
    {
      metric: 'service RSS, max during POST run',
      service: `${fixed(peak)} MB`,
      figure: `${fixed(peak)} MB`,
      target: '< 400 MB',
      met: peak < 400,
    },
  ];
}
