// Crashes lose nothing: SIGKILLs `ayuda serve` at random moments while submissions stream in, restarts it, then
// checks in the database that every 202 is stored exactly once. Prints a table per engine; exits 1 on any loss.
// Environment: CRASH_SECONDS (20, the stream per engine), CRASH_KILLS (5), CRASH_SENDERS (8 concurrent senders),
// CRASH_ENGINES (sqlite,postgres), CRASH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/ayuda_test_a),
// CRASH_SEED (random; printed, so the kill moments of a run can be repeated).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseDatabaseUrl } from '../src/config.ts';
import { freePort } from './children.ts';
import { checkRun } from './crash-check.ts';
import { type EngineRun, engineTable, verdictFailures } from './crash-report.ts';
import { type Senders, startSenders } from './crash-senders.ts';
import { runAyuda, type ServiceProcess, startService } from './crash-server.ts';
import { createRandom, type Random } from './prng.ts';
import { environmentLines } from './report.ts';

// The highest value the configuration accepts: a 429 would only hide what the kills do.
const NO_LIMIT = '10000000';
const ENGINES = ['sqlite', 'postgres'];
const FLOW_TIMEOUT_MS = 30_000;

function envInt(name: string, fallback: number, min: number): number {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min}`);
  return value;
}

const seconds = envInt('CRASH_SECONDS', 20, 1);
const kills = envInt('CRASH_KILLS', 5, 0);
const senderCount = envInt('CRASH_SENDERS', 8, 1);
const seed = envInt('CRASH_SEED', Math.floor(Math.random() * 2 ** 31), 0);
const postgresUrl = process.env.CRASH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/ayuda_test_a';
const engines = (process.env.CRASH_ENGINES || ENGINES.join(','))
  .split(',')
  .map((engine) => engine.trim())
  .filter(Boolean);
for (const engine of engines) if (!ENGINES.includes(engine)) throw new Error(`CRASH_ENGINES: unknown "${engine}"`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for a 202 beyond `after`: the stream is flowing, so a kill lands mid-stream and a reopened database writes. */
async function flowing(senders: Senders, after: number): Promise<void> {
  const deadline = performance.now() + FLOW_TIMEOUT_MS;
  while (senders.acknowledged() <= after) {
    if (performance.now() > deadline) throw new Error(`no submission acknowledged within ${FLOW_TIMEOUT_MS / 1000} s`);
    await sleep(5);
  }
}

async function runEngine(engine: string, moments: Random, bodies: Random): Promise<EngineRun> {
  const runId = `${Date.now().toString(36)}-${engine}`;
  const workDir = engine === 'sqlite' ? mkdtempSync(path.join(tmpdir(), 'ayuda-crash-')) : null;
  const databaseUrl = workDir ? path.join(workDir, 'ayuda.db') : postgresUrl;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL: url,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SUBMISSIONS_PER_MINUTE: NO_LIMIT,
    RATE_LIMIT_READS_PER_MINUTE: NO_LIMIT,
  };
  // A slug and a source of its own: on a shared PostgreSQL database earlier runs' rows are left alone and not counted.
  const slug = `prueba-caidas-${runId}`;
  const run: EngineRun = { engine, verdict: null, kills: [], stopCode: null, failures: [] };
  let service: ServiceProcess | null = null;
  let senders: Senders | null = null;
  let stage = 'preparing the database';
  try {
    await runAyuda(['emergency', 'create', '--slug', slug, '--name', `Prueba de caídas ${runId}`], env);
    stage = 'first start';
    service = await startService(url, env);
    senders = startSenders({ url, count: senderCount, source: slug, emergencySlug: slug, random: bodies });
    const deadline = performance.now() + seconds * 1000;
    for (let i = 0; i < kills; i++) {
      stage = `before kill ${i + 1}`;
      await flowing(senders, 0);
      // Each kill falls somewhere in its share of the time left; the restart's own time comes out of that share.
      const share = Math.max(0, deadline - performance.now()) / (kills - i + 1);
      await sleep(share * (0.1 + 0.8 * moments.next()));
      const inFlight = senders.inFlight();
      await service.kill();
      service = null;
      stage = `restart after kill ${i + 1} (the database did not reopen)`;
      service = await startService(url, env);
      run.kills.push({ inFlight, readyMs: service.readyMs });
      stage = `writing after kill ${i + 1}`;
      await flowing(senders, senders.acknowledged());
    }
    stage = 'the rest of the stream';
    await sleep(Math.max(0, deadline - performance.now()));
  } catch (err) {
    run.failures.push(`${stage}: ${(err as Error).message}`);
  }
  await senders?.stop();
  if (service) {
    run.stopCode = await service.terminate();
    if (run.stopCode !== 0) run.failures.push(`the final SIGTERM ended with code ${run.stopCode}`);
  }
  if (senders) {
    try {
      run.verdict = await checkRun(parseDatabaseUrl(databaseUrl), slug, senders.outcomes);
    } catch (err) {
      run.failures.push(`checking the database: ${(err as Error).message}`);
    }
  }
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  return run;
}

console.log(`\n## Crashes lose nothing: ${kills} kills in ${seconds} s per engine, ${senderCount} senders\n`);
for (const line of environmentLines()) console.log(line);
console.log(`- seed: ${seed} (CRASH_SEED)`);
let failed = false;
for (const [i, engine] of engines.entries()) {
  const run = await runEngine(engine, createRandom(seed + i), createRandom(seed + 100 + i));
  // Host and database only: a password in the URL stays out of the printed report.
  const where = engine === 'postgres' ? ` (${new URL(postgresUrl).host}${new URL(postgresUrl).pathname})` : '';
  console.log(`\n### ${engine}${where}\n\n${engineTable(run)}`);
  const failures = verdictFailures(run);
  if (failures.length > 0) {
    failed = true;
    console.error(`\n${engine} FAILED:\n${failures.map((failure) => `- ${failure}`).join('\n')}`);
  }
}
process.exitCode = failed ? 1 : 0;
