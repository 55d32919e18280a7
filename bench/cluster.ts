// npm run cluster: two instances on one PostgreSQL and one Redis behind a round-robin proxy; checks what they share.
// Environment: CLUSTER_TRIALS (20 approvals timed), CLUSTER_READ_LIMIT (30 reads a minute per client address),
// CLUSTER_DATABASE_URL (postgres://postgres@127.0.0.1:5432/ayuda_cluster: DROPPED and recreated), REDIS_URL.

import type { Child } from './children.ts';
import {
  type CheckContext,
  type CheckRow,
  consoleCheck,
  mcpCheck,
  mcpDeleteEndsStreamsCheck,
  mcpModernThroughProxyCheck,
  mcpThroughProxyCheck,
  rateLimitCheck,
  stalenessCheck,
} from './cluster-checks.ts';
import { killCliCommands, runCli } from './cluster-client.ts';
import { startCluster } from './cluster-setup.ts';
import { markdownTable } from './cluster-table.ts';
import { environmentLines, fixed } from './report.ts';

const EMERGENCY = { slug: 'inundacion-mocoa-cluster', name: 'Inundación Mocoa (clúster)' };

function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

const trials = envInt('CLUSTER_TRIALS', 20);
const readLimit = envInt('CLUSTER_READ_LIMIT', 30);
const failures: string[] = [];
/** Every process started, each added once ready: stopping twice is harmless. */
const started: Child[] = [];

async function cleanup(): Promise<void> {
  killCliCommands();
  await Promise.all(started.map((child) => child.stop()));
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the instances and the proxy`);
    cleanup().finally(() => process.exit(130));
  });
}

const checks: [string, (ctx: CheckContext) => Promise<CheckRow[]>][] = [
  ['staleness after a CLI approval', stalenessCheck],
  ['rate limits shared through Redis', rateLimitCheck],
  ['MCP session across instances', mcpCheck],
  ['MCP through the proxy', mcpThroughProxyCheck],
  ['MCP 2026-07-28 through the proxy', mcpModernThroughProxyCheck],
  ['MCP DELETE across instances', mcpDeleteEndsStreamsCheck],
  ['console session across instances', consoleCheck],
];

async function main(): Promise<CheckRow[]> {
  const startedAt = performance.now();
  const cluster = await startCluster({
    env: { RATE_LIMIT_READS_PER_MINUTE: String(readLimit) },
    onCrash: (message) => failures.push(message),
    onStart: (child) => started.push(child),
  });
  console.log(`Instances: A ${cluster.a.url}, B ${cluster.b.url}; proxy ${cluster.proxy.url}`);
  console.log(`Started in ${fixed((performance.now() - startedAt) / 1000, 1)} s`);
  const created = await runCli(
    ['emergency', 'create', '--slug', EMERGENCY.slug, '--name', EMERGENCY.name, '--lat', '1.1466', '--lon', '-76.6475'],
    { DATABASE_URL: cluster.databaseUrl },
  );
  if (created.code !== 0) throw new Error(`ayuda emergency create exited ${created.code}: ${created.stderr}`);
  const ctx: CheckContext = { cluster, emergencySlug: EMERGENCY.slug, trials, readLimit };
  const rows: CheckRow[] = [];
  for (const [name, check] of checks) {
    if (interrupted) break;
    const checkStarted = performance.now();
    try {
      rows.push(...(await check(ctx)));
    } catch (err) {
      rows.push({ check: name, figure: `failed: ${(err as Error).message}`, bound: '-', pass: false });
    }
    console.log(`${name}: ${fixed((performance.now() - checkStarted) / 1000, 1)} s`);
  }
  return rows;
}

let rows: CheckRow[] = [];
try {
  rows = await main();
} catch (err) {
  failures.push((err as Error).stack ?? String(err));
} finally {
  await cleanup();
}
console.log(`\n## Cluster: two instances, PostgreSQL + Redis, round-robin proxy\n`);
for (const line of environmentLines()) console.log(line);
console.log(`- settings: ${trials} staleness trials, read limit ${readLimit}/min per client address\n`);
if (rows.length > 0) {
  console.log(
    markdownTable(
      ['check', 'figure', 'bound', 'result'],
      rows.map((row) => [row.check, row.figure, row.bound, row.pass ? 'pass' : 'FAIL']),
    ),
  );
}
for (const row of rows) if (!row.pass) failures.push(`${row.check}: ${row.figure}`);
if (failures.length > 0) {
  console.error(`\nFailures:\n${failures.map((failure) => `- ${failure}`).join('\n')}`);
  process.exitCode = 1;
}
