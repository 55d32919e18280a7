// What a backup costs the people reading the service: the cached list's p99 on one SQLite instance, first with no
// backup, then while `ayuda backup` (what BACKUP_DIR's schedule runs, in its own process with its own connection)
// copies the database again and again. Prints both and their ratio; nothing is asserted.
//
//   BENCH_SEEDED=/tmp/seed100k.db node bench/backup-latency.ts      (from `node bench/seed.ts FILE 100000`)
//   BACKUP_BENCH_RECORDS=20000 BACKUP_BENCH_SECONDS=10 node bench/backup-latency.ts
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Child } from './children.ts';
import { load } from './load.ts';
import { HELP, startSetup } from './service-setup.ts';

const records = Number(process.env.BACKUP_BENCH_RECORDS ?? 100_000);
const seconds = Number(process.env.BACKUP_BENCH_SECONDS ?? 10);
const CLI = path.resolve(import.meta.dirname, '../bin/ayuda.js');
const LIST = `${HELP}?view=list&category=agua`;

function backupOnce(databaseUrl: string, file: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'backup', file, '--force', '--json'], {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve((performance.now() - started) / 1000) : reject(new Error(`backup exited ${code}`)),
    );
  });
}

const workDir = mkdtempSync(path.join(tmpdir(), 'ayuda-backup-bench-'));
const started: Child[] = [];
const setup = await startSetup({
  records,
  seededFile: process.env.BENCH_SEEDED || null,
  postgresUrl: null,
  workDir,
  nodeArgs: [],
  onCrash: (message) => {
    console.error(message);
    process.exit(1);
  },
  onStart: (child) => started.push(child),
});
try {
  const pids = setup.instances.map((child) => child.pid);
  const options = { url: setup.url, path: LIST, connections: 16, pids };
  await load({ ...options, seconds: 2 });
  const quiet = await load({ ...options, seconds });
  const target = path.join(workDir, 'respaldo.sqlite');
  let backing = true;
  const backups: number[] = [];
  const loop = (async () => {
    while (backing) backups.push(await backupOnce(setup.databaseUrl, target));
  })();
  const during = await load({ ...options, seconds });
  backing = false;
  await loop;
  const fixed = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
  console.log(`\n## Backup latency: ${setup.dataNote}, SQLite, 1 instance, ${seconds} s each, 16 connections\n`);
  console.log('| list (category=agua, cached) | req/s | p50 | p99 |');
  console.log('| --- | --- | --- | --- |');
  console.log(`| no backup | ${fixed(quiet.requestsPerSecond)} | ${quiet.p50} ms | ${quiet.p99} ms |`);
  console.log(`| during backups | ${fixed(during.requestsPerSecond)} | ${during.p50} ms | ${during.p99} ms |`);
  const each = backups.length ? backups.reduce((a, b) => a + b, 0) / backups.length : 0;
  console.log(
    `\n${backups.length} backups in the window, ${fixed(each, 1)} s each; p99 during / without: ` +
      `${fixed(during.p99 / Math.max(1, quiet.p99), 2)}`,
  );
} finally {
  await setup.stop();
  rmSync(workDir, { recursive: true, force: true });
}
