// npm run load:mixed: a sustained 90 % read / 10 % submission load on (a) one instance on SQLite and (b) two
// instances on PostgreSQL + Redis behind the round-robin proxy; prints throughput, latencies, errors and memory.
// Every MIXED_BURST_EVERY seconds (10) the quiet load is joined for MIXED_BURST_SECONDS (2) by submissions on
// MIXED_BURST_CONNECTIONS more connections (16): read latency is reported inside those bursts and outside them.
// Environment: LOAD_SECONDS (180 per setup), MIXED_RECORDS (3000 published besides the demo's), MIXED_CONNECTIONS
// (16), MIXED_ONLY (sqlite,cluster), CLUSTER_DATABASE_URL (ayuda_cluster: DROPPED and recreated), REDIS_URL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Child, cpuSeconds, freePort, memorySampler, residentMb, startChild } from './children.ts';
import { clientAddress } from './cluster-client.ts';
import { startCluster } from './cluster-setup.ts';
import { markdownTable } from './cluster-table.ts';
import {
  type BurstOptions,
  type KindResult,
  latencyAt,
  type MixedResult,
  runMixed,
  unexpectedResponses,
} from './mixed-requests.ts';
import { type MixedData, seedMixed } from './mixed-seed.ts';
import { environmentLines, fixed } from './report.ts';
import { SERVICE_NODE_ARGS } from './service-node-args.ts';

// The highest value the configuration accepts: no 429 is intended in this load.
const NO_LIMIT = '10000000';
/**
 * After warm-up the caches have filled (the response cache is capped at 32 MB, the search index only grows with
 * approvals, which this load does not make) and the V8 heap has reached its working size: what is left is GC
 * slack, under 10 % in our runs. Half as much again leaves room for that and still catches a leak of 0.5 KB per
 * request within 180 s at 1,500 requests a second (about 130 MB).
 */
const GROWTH_BOUND = 1.5;

function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

const seconds = envInt('LOAD_SECONDS', 180);
const records = envInt('MIXED_RECORDS', 3000);
const connections = envInt('MIXED_CONNECTIONS', 16);
const only = (process.env.MIXED_ONLY || 'sqlite,cluster').split(',');
const bursts: BurstOptions = {
  everySeconds: envInt('MIXED_BURST_EVERY', 10),
  seconds: envInt('MIXED_BURST_SECONDS', 2),
  connections: envInt('MIXED_BURST_CONNECTIONS', 16),
};
if (bursts.seconds >= bursts.everySeconds) throw new Error('MIXED_BURST_SECONDS must be under MIXED_BURST_EVERY');
// Resident memory climbs for the first ~10 s of load (V8 sizes its heap, the response cache fills), then levels off:
// growth is measured from there, or a short run would take that climb for a leak.
const warmupSeconds = Math.min(20, Math.max(10, Math.round(seconds / 10)));

interface Measured {
  name: string;
  seeding: number;
  result: MixedResult;
  /** Instances' CPU seconds per response, in µs; the proxy's apart. */
  cpuMicros: number;
  proxyCpuMicros: number | null;
  memory: { name: string; start: number; warm: number; end: number; peak: number }[];
}

const failures: string[] = [];
const stops: (() => Promise<void>)[] = [];
const workDir = mkdtempSync(path.join(tmpdir(), 'ayuda-mixed-'));
const onCrash = (message: string) => failures.push(message);

async function cleanup(): Promise<void> {
  await Promise.all(stops.splice(0).map((stop) => stop()));
  rmSync(workDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers`);
    cleanup().finally(() => process.exit(130));
  });
}

/** Warm-up, then the measured run, with each instance's memory read at start, after warm-up and at the end. */
async function measure(
  name: string,
  url: string,
  instances: Child[],
  proxy: Child | null,
  data: MixedData,
): Promise<Measured> {
  const target = { url, emergencySlug: data.emergencySlug, ids: data.ids, address: clientAddress() };
  const start = instances.map((child) => residentMb(child.pid) ?? 0);
  console.log(`${name}: warm-up ${warmupSeconds} s ...`);
  await runMixed(target, { seconds: warmupSeconds, connections });
  const warm = instances.map((child) => residentMb(child.pid) ?? 0);
  const samplers = instances.map((child) => memorySampler(child.pid, 250));
  const cpuBefore = instances.reduce((sum, child) => sum + cpuSeconds(child.pid), 0);
  const proxyBefore = proxy ? cpuSeconds(proxy.pid) : 0;
  console.log(`${name}: measuring ${seconds} s with ${connections} connections ...`);
  const result = await runMixed(target, { seconds, connections, bursts });
  const cpu = instances.reduce((sum, child) => sum + cpuSeconds(child.pid), 0) - cpuBefore;
  const memory = instances.map((child, i) => {
    const peak = samplers[i]?.max() ?? 0;
    samplers[i]?.stop();
    return { name: child.name, start: start[i] ?? 0, warm: warm[i] ?? 0, end: residentMb(child.pid) ?? 0, peak };
  });
  const perResponse = (value: number) => (result.total > 0 ? (value * 1e6) / result.total : 0);
  return {
    name,
    seeding: data.seconds,
    result,
    cpuMicros: perResponse(cpu),
    proxyCpuMicros: proxy ? perResponse(cpuSeconds(proxy.pid) - proxyBefore) : null,
    memory,
  };
}

async function sqliteSetup(): Promise<Measured> {
  const file = path.join(workDir, 'ayuda.db');
  console.log(`SQLite: seeding ${fixed(records)} records into ${file} ...`);
  const data = await seedMixed(file, records);
  const service = await startChild('instance', path.join(import.meta.dirname, 'serve.ts'), {
    nodeArgs: SERVICE_NODE_ARGS,
    env: {
      DATABASE_URL: file,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_READS_PER_MINUTE: NO_LIMIT,
      RATE_LIMIT_SUBMISSIONS_PER_MINUTE: NO_LIMIT,
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    },
    onCrash,
  });
  stops.push(service.stop);
  try {
    return await measure('SQLite, 1 instance', service.url, [service], null, data);
  } finally {
    await service.stop();
  }
}

async function clusterSetup(): Promise<Measured> {
  let data: MixedData | null = null;
  console.log(`PostgreSQL: seeding ${fixed(records)} records ...`);
  const cluster = await startCluster({
    env: { RATE_LIMIT_READS_PER_MINUTE: NO_LIMIT, RATE_LIMIT_SUBMISSIONS_PER_MINUTE: NO_LIMIT },
    prepare: async (url) => {
      data = await seedMixed(url, records);
    },
    onCrash,
    onStart: (child) => stops.push(child.stop),
  });
  try {
    const seeded = data as MixedData | null;
    if (!seeded) throw new Error('the cluster started without its data');
    return await measure(
      'PostgreSQL, 2 instances + proxy',
      cluster.proxy.url,
      [cluster.a, cluster.b],
      cluster.proxy,
      seeded,
    );
  } finally {
    await cluster.stop();
  }
}

const ms = (value: number) => (Number.isNaN(value) ? '-' : `${fixed(value, 1)} ms`);
const EMPTY: KindResult = { count: 0, latencies: new Float64Array(), statuses: {} };
const mb = (value: number) => `${fixed(value)} MB`;

function rowsOf(setups: Measured[]): { rows: string[][]; failed: string[] } {
  const rows: string[][] = [];
  const failed: string[] = [];
  const add = (metric: string, values: (m: Measured) => string, bound = '-', met?: (m: Measured) => boolean) => {
    const verdicts = met ? setups.map(met) : [];
    for (const [i, ok] of verdicts.entries())
      if (!ok) failed.push(`${setups[i]?.name}: ${metric} ${values(setups[i] as Measured)}`);
    rows.push([metric, ...setups.map(values), bound, met ? (verdicts.every(Boolean) ? 'yes' : 'no') : '-']);
  };
  const burstOf = (m: Measured) => m.result.bursts;
  const errors = (m: Measured) =>
    m.result.errors +
    unexpectedResponses(m.result.read, 200) +
    unexpectedResponses(m.result.write, 202) +
    unexpectedResponses(burstOf(m)?.write ?? EMPTY, 202);
  add('data', (m) => `${fixed(records)} + demo records, seeded in ${fixed(m.seeding, 1)} s`);
  add('throughput (all responses)', (m) => `${fixed(m.result.total / m.result.seconds)} req/s`);
  add(
    'responses of the steady cycle: reads / submissions',
    (m) =>
      `${fixed(m.result.read.count)} / ${fixed(m.result.write.count)} (${fixed((100 * m.result.write.count) / Math.max(1, m.result.read.count + m.result.write.count), 1)} % writes)`,
  );
  add('reads: p50 / p99', (m) => `${ms(latencyAt(m.result.read, 50))} / ${ms(latencyAt(m.result.read, 99))}`);
  add('submissions: p50 / p99', (m) => `${ms(latencyAt(m.result.write, 50))} / ${ms(latencyAt(m.result.write, 99))}`);
  add(
    `submission bursts: ${bursts.seconds} s every ${bursts.everySeconds} s on ${bursts.connections} more connections`,
    (m) => {
      const b = burstOf(m);
      if (!b || b.count === 0) return 'none (the run is shorter than one period)';
      return `${b.count} bursts, ${fixed(b.write.count / b.seconds)} accepted/s, p50 / p99 ${ms(latencyAt(b.write, 50))} / ${ms(latencyAt(b.write, 99))}`;
    },
  );
  add('read p99: outside bursts / during bursts (responses)', (m) => {
    const b = burstOf(m);
    if (!b) return '-';
    const p99 = (r: KindResult) => `${ms(latencyAt(r, 99))} (${fixed(r.count)})`;
    return `${p99(b.readsOutside)} / ${p99(b.readsInside)}`;
  });
  add(
    'errors (non-200 reads, non-202 submissions, socket errors)',
    (m) => `${errors(m)} (429: ${(m.result.read.statuses['429'] ?? 0) + (m.result.write.statuses['429'] ?? 0)})`,
    '0',
    (m) => errors(m) === 0,
  );
  add(
    'CPU per response: instances (proxy)',
    (m) => `${fixed(m.cpuMicros)} µs${m.proxyCpuMicros === null ? '' : ` (${fixed(m.proxyCpuMicros)} µs)`}`,
  );
  const most = Math.max(...setups.map((m) => m.memory.length));
  for (let i = 0; i < most; i++) {
    add(
      `RSS instance ${i === 0 ? 'A' : 'B'}: start / after warm-up / end (peak); end ÷ warm`,
      (m) => {
        const r = m.memory[i];
        return r ? `${mb(r.start)} / ${mb(r.warm)} / ${mb(r.end)} (${mb(r.peak)}); ×${fixed(r.end / r.warm, 2)}` : '-';
      },
      `end < ${GROWTH_BOUND} × after warm-up`,
      (m) => {
        const r = m.memory[i];
        return !r || r.end < GROWTH_BOUND * r.warm;
      },
    );
  }
  return { rows, failed };
}

const setups: Measured[] = [];
try {
  if (only.includes('sqlite')) setups.push(await sqliteSetup());
  if (only.includes('cluster')) setups.push(await clusterSetup());
} catch (err) {
  failures.push((err as Error).stack ?? String(err));
} finally {
  await cleanup();
}
console.log(
  `\n## Mixed load: 90 % reads / 10 % submissions, ${seconds} s per setup (after ${warmupSeconds} s warm-up), ${connections} connections, with submission bursts\n`,
);
for (const line of environmentLines()) console.log(line);
if (setups.length > 0) {
  const { rows, failed } = rowsOf(setups);
  console.log(`\n${markdownTable(['metric', ...setups.map((m) => m.name), 'bound', 'met'], rows)}`);
  failures.push(...failed);
}
if (failures.length > 0) {
  console.error(`\nFailures:\n${failures.map((failure) => `- ${failure}`).join('\n')}`);
  process.exitCode = 1;
}
