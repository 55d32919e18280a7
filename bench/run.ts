// npm run bench: seeds N approved records, starts the service and a bare node:http baseline, loads both, prints a
// table of figures against the performance targets (those "at 1M" apply from 1,000,000 records on). It exits non-zero
// only when requests fail or a process crashes; a figure that misses its target is reported, never a failure.
//
// Environment:
// - BENCH_RECORDS (100000), BENCH_SECONDS (10 per run), BENCH_CONNECTIONS (16), BENCH_ROUNDS (5 turns each for
//   service and bare in the cached-read comparisons), BENCH_ONLY (list,detail,search,panorama,submit),
//   BENCH_PANORAMA_MISSES (20 sequential panorama requests, each after a publication), BENCH_CPU_PROF=<dir>
//   (profile the service instances), BENCH_NODE_ARGS (the service's V8 flags, those of npm start by default:
//   bench/service-node-args.ts).
// - BENCH_SEEDED=<file>: reuse a copy of a SQLite file from `node bench/seed.ts <file> [records]` instead of seeding.
// - BENCH_DATABASE_URL=postgres://...: the same scenarios on two instances sharing that PostgreSQL database (DROPPED,
//   recreated and seeded through the service's database layer) and REDIS_URL (redis://127.0.0.1:6379), behind the
//   round-robin bench/proxy.ts; memory is reported for the larger instance.
// - BENCH_SCALE=10000,100000,1000000: scaling mode instead of the table above. For each size: seed (or copy the file
//   named by BENCH_SEEDED_<size>, e.g. BENCH_SEEDED_1000000=/tmp/seed1m.db), start the service, measure start-up,
//   memory, uncached searches (BENCH_SECONDS) and panorama misses, stop it; then one table with a row per size.
//   Works with BENCH_DATABASE_URL as well (each size seeded into PostgreSQL).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Child, freePort, startChild } from './children.ts';
import { unexpected } from './load.ts';
import { panoramaMisses } from './panorama.ts';
import { environmentLines, fixed, type Row, table } from './report.ts';
import { measureScaling, scalingTable } from './scaling.ts';
import {
  cachedRead,
  measureSearch,
  memoryRow,
  panoramaRows,
  type ScenarioContext,
  searchRows,
  startupRows,
  submissions,
} from './scenarios.ts';
import { SERVICE_NODE_ARGS } from './service-node-args.ts';
import { HELP, type Setup, startSetup } from './service-setup.ts';
import { targetScale, targetsFor } from './targets.ts';

const SCENARIOS = ['list', 'detail', 'search', 'panorama', 'submit'];

function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

const seededFile = process.env.BENCH_SEEDED ? path.resolve(process.env.BENCH_SEEDED) : null;
const postgresUrl = process.env.BENCH_DATABASE_URL || null;
const sizes = process.env.BENCH_SCALE ? process.env.BENCH_SCALE.split(',').map(Number) : null;
if (sizes?.some((size) => !Number.isInteger(size) || size < 1)) {
  throw new Error('BENCH_SCALE must list positive integers, e.g. 10000,100000,1000000');
}
let records = envInt('BENCH_RECORDS', 100_000);
const seconds = envInt('BENCH_SECONDS', 10);
const connections = envInt('BENCH_CONNECTIONS', 16);
const rounds = envInt('BENCH_ROUNDS', 5);
const misses = envInt('BENCH_PANORAMA_MISSES', 20);
const only = (process.env.BENCH_ONLY || SCENARIOS.join(',')).split(',');
const profileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;
// The same V8 flags as `npm start` (a small young generation keeps resident memory down); BENCH_NODE_ARGS replaces
// them to compare others.
const nodeArgs = [
  ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? SERVICE_NODE_ARGS),
  ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
];

let dataNote = '';
let engine = postgresUrl ? 'PostgreSQL, 2 instances behind the proxy' : 'SQLite, 1 instance';
const failures: string[] = [];
const children: Child[] = [];
const workDir = mkdtempSync(path.join(tmpdir(), 'ayuda-bench-'));
const onCrash = (message: string) => failures.push(message);

async function cleanup(): Promise<void> {
  await Promise.all(children.map((child) => child.stop()));
  rmSync(workDir, { recursive: true, force: true });
}

process.once('SIGINT', () => {
  cleanup().finally(() => process.exit(130));
});

function start(size: number, seeded: string | null): Promise<Setup> {
  return startSetup({
    records: size,
    seededFile: seeded,
    postgresUrl,
    workDir,
    nodeArgs,
    onCrash,
    onStart: (child) => children.push(child),
  });
}

function contextOf(setup: Setup): ScenarioContext {
  return {
    setup,
    targets: targetsFor(setup.seeded.ids.length),
    seconds,
    connections,
    warmupSeconds: Math.max(1, Math.round(seconds / 5)),
    rounds,
    check: (label, result, expected) => {
      const bad = unexpected(result, expected);
      if (bad > 0) failures.push(`${label}: ${bad} unexpected responses or errors ${JSON.stringify(result.statuses)}`);
      if (result.total === 0) failures.push(`${label}: no response at all in ${result.seconds} s`);
    },
  };
}

async function fetchOnce(url: string): Promise<{ contentType: string; body: string }> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  const body = Buffer.from(await response.arrayBuffer());
  return { contentType: response.headers.get('content-type') ?? '', body: body.toString('base64') };
}

/** The bare node:http baseline (one process), answering with the bytes the service gave for the same paths. */
async function startBare(setup: Setup, paths: string[]): Promise<Child> {
  const recorded: Record<string, { contentType: string; body: string }> = {};
  for (const p of paths) recorded[p] = await fetchOnce(setup.url + p);
  const responsesFile = path.join(workDir, 'responses.json');
  writeFileSync(responsesFile, JSON.stringify(recorded));
  const bare = await startChild('bare', path.join(import.meta.dirname, 'bare-server.ts'), {
    args: [responsesFile],
    env: { PORT: String(await freePort()), HOST: '127.0.0.1' },
    onCrash,
  });
  children.push(bare);
  return bare;
}

async function main(): Promise<Row[]> {
  const setup = await start(records, seededFile);
  records = setup.seeded.ids.length;
  dataNote = setup.dataNote;
  engine = setup.engine;
  const ctx = contextOf(setup);
  const rows: Row[] = startupRows(setup.startups, ctx.targets);
  const { ids } = setup.seeded;
  const listPath = `${HELP}?view=list&limit=50&category=agua`;
  const detailPath = `${HELP}?view=detail&id=${ids[Math.floor(ids.length / 2)]}`;
  const cached = [
    { scenario: 'list', name: 'list (category=agua, cached)', path: listPath },
    { scenario: 'detail', name: 'detail (one id, cached)', path: detailPath },
  ].filter(({ scenario }) => only.includes(scenario));
  if (cached.length > 0) {
    const bare = await startBare(
      setup,
      cached.map((read) => read.path),
    );
    for (const { name, path } of cached) rows.push(...(await cachedRead(ctx, bare, name, path)));
  }
  if (only.includes('search')) rows.push(...searchRows(await measureSearch(ctx), ctx.targets, connections));
  if (only.includes('panorama')) rows.push(...panoramaRows(await panoramaMisses(setup, misses), ctx.targets));
  if (only.includes('submit')) rows.push(...(await submissions(ctx)));
  rows.push(memoryRow(setup.peakRssMb(), ctx.targets));
  await setup.stop();
  return rows;
}

let report = '';
try {
  if (sizes) {
    const steps = await measureScaling(sizes, {
      start: (size) => start(size, process.env[`BENCH_SEEDED_${size}`] || null),
      context: contextOf,
      panoramaMisses: misses,
    });
    report = `\n## Benchmark scaling: ${engine}, ${seconds} s of searches per size, ${connections} connections\n\n${[
      ...environmentLines(),
      '- ✓ / ✗: target of that size met or missed; start-up and memory of the slowest / largest instance',
    ].join('\n')}\n\n${scalingTable(steps)}`;
  } else {
    const rows = await main();
    report = `\n## Benchmark: ${fixed(records)} records, ${engine}, ${seconds} s per run, ${connections} connections\n\n${[
      ...environmentLines(),
      `- data: ${dataNote}`,
      `- ${targetScale(records)}`,
    ].join('\n')}\n\n${table(rows)}`;
  }
} catch (err) {
  failures.push((err as Error).stack ?? String(err));
} finally {
  await cleanup();
}
if (report) console.log(report);
if (failures.length > 0) {
  console.error(`\nErrors:\n${failures.map((failure) => `- ${failure}`).join('\n')}`);
  process.exitCode = 1;
}
