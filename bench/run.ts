// npm run bench: seeds a large SQLite file, starts the service and a bare node:http baseline, loads both, prints a table.
// Environment: BENCH_RECORDS (100000), BENCH_SECONDS (10 per run), BENCH_CONNECTIONS (16), BENCH_ROUNDS (5 turns each
// for service and bare in the cached-read comparisons), BENCH_ONLY (list,detail,search,submit), BENCH_CPU_PROF=<dir>
// (profile the service), BENCH_SEEDED=<file> (reuse a copy of a file from `node bench/seed.ts <file> [records]`).
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Child, freePort, memorySampler, startChild } from './children.ts';
import { unexpected } from './load.ts';
import { environmentLines, fixed, type Row, table } from './report.ts';
import { cachedRead, HELP, type ScenarioContext, search, submissions } from './scenarios.ts';
import { describeSeeded, type SeedResult, seedDatabase } from './seed.ts';

// The highest value the configuration accepts: limits must never answer 429 here.
const NO_LIMIT = '10000000';
const SCENARIOS = ['list', 'detail', 'search', 'submit'];

function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

const seededFile = process.env.BENCH_SEEDED ? path.resolve(process.env.BENCH_SEEDED) : null;
let records = envInt('BENCH_RECORDS', 100_000);
const seconds = envInt('BENCH_SECONDS', 10);
const connections = envInt('BENCH_CONNECTIONS', 16);
const rounds = envInt('BENCH_ROUNDS', 5);
const only = (process.env.BENCH_ONLY || SCENARIOS.join(',')).split(',');
const profileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;

let dataNote = '';
const failures: string[] = [];
const children: Child[] = [];
const workDir = mkdtempSync(path.join(tmpdir(), 'ayuda-bench-'));

async function cleanup(): Promise<void> {
  await Promise.all(children.map((child) => child.stop()));
  rmSync(workDir, { recursive: true, force: true });
}

process.once('SIGINT', () => {
  cleanup().finally(() => process.exit(130));
});

async function prepareDatabase(file: string): Promise<Omit<SeedResult, 'seconds'>> {
  if (seededFile) {
    copyFileSync(seededFile, file); // the runs write to the copy; the original stays as seeded
    const seeded = describeSeeded(file);
    records = seeded.ids.length;
    dataNote = `${fixed(records)} approved records, reused from ${seededFile}`;
    console.log(`Reusing ${fixed(records)} records seeded earlier in ${seededFile}`);
    return seeded;
  }
  console.log(`Seeding ${fixed(records)} approved records into ${file} ...`);
  const seeded = await seedDatabase(file, records);
  console.log(`Seeding: ${fixed(seeded.seconds, 1)} s (${fixed(records / seeded.seconds)} records/s)`);
  dataNote = `${fixed(records)} approved records in one emergency, seeded in ${fixed(seeded.seconds, 1)} s`;
  return seeded;
}

async function fetchOnce(url: string): Promise<{ contentType: string; body: string }> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  const body = Buffer.from(await response.arrayBuffer());
  return { contentType: response.headers.get('content-type') ?? '', body: body.toString('base64') };
}

async function main(): Promise<Row[]> {
  const file = path.join(workDir, 'ayuda.db');
  const seeded = await prepareDatabase(file);
  const onCrash = (message: string) => failures.push(message);
  const service = await startChild('service', path.join(import.meta.dirname, 'serve.ts'), {
    // The same V8 flags as `npm start`: a small young generation keeps resident memory down.
    nodeArgs: ['--max-semi-space-size=4', ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
    env: {
      DATABASE_URL: file,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      RATE_LIMIT_READS_PER_MINUTE: NO_LIMIT,
      RATE_LIMIT_SUBMISSIONS_PER_MINUTE: NO_LIMIT,
      LOG_LEVEL: 'silent',
    },
    onCrash,
  });
  children.push(service);
  const memory = memorySampler(service.pid);

  // The baseline answers with the bytes the service gave for the same requests.
  const listPath = `${HELP}?view=list&limit=50&category=agua`;
  const detailPath = `${HELP}?view=detail&id=${seeded.ids[Math.floor(seeded.ids.length / 2)]}`;
  const responsesFile = path.join(workDir, 'responses.json');
  const recorded = {
    [listPath]: await fetchOnce(service.url + listPath),
    [detailPath]: await fetchOnce(service.url + detailPath),
  };
  writeFileSync(responsesFile, JSON.stringify(recorded));
  const bare = await startChild('bare', path.join(import.meta.dirname, 'bare-server.ts'), {
    args: [responsesFile],
    env: { PORT: String(await freePort()), HOST: '127.0.0.1' },
    onCrash,
  });
  children.push(bare);

  const ctx: ScenarioContext = {
    service,
    bare,
    seeded,
    memory,
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
  const rows: Row[] = [];
  if (only.includes('list')) rows.push(...(await cachedRead(ctx, 'list (category=agua, cached)', listPath)));
  if (only.includes('detail')) rows.push(...(await cachedRead(ctx, 'detail (one id, cached)', detailPath)));
  if (only.includes('search')) rows.push(...(await search(ctx)));
  if (only.includes('submit')) rows.push(...(await submissions(ctx)));
  const overall = memory.overall();
  memory.stop();
  rows.push({
    metric: 'service RSS, max over all runs',
    service: `${fixed(overall)} MB`,
    figure: `${fixed(overall)} MB`,
    target: '< 400 MB',
    met: overall < 400,
  });
  return rows;
}

let rows: Row[] = [];
try {
  rows = await main();
} catch (err) {
  failures.push((err as Error).stack ?? String(err));
} finally {
  await cleanup();
}
console.log(`\n## Benchmark: ${fixed(records)} records, ${seconds} s per run, ${connections} connections\n`);
for (const line of environmentLines()) console.log(line);
if (dataNote) console.log(`- data: ${dataNote}`);
if (rows.length > 0) console.log(`\n${table(rows)}`);
if (failures.length > 0) {
  console.error(`\nErrors:\n${failures.map((failure) => `- ${failure}`).join('\n')}`);
  process.exitCode = 1;
}
