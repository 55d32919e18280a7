// Scheduled backups (BACKUP_DIR, BACKUP_EVERY_HOURS, BACKUP_KEEP, BACKUP_ENCRYPT_KEY). Each is written by
// `ayuda backup` in a child process with its own database connection, so a long VACUUM INTO or pg_dump never holds
// the service's event loop or its connection. Beside each backup lies the erasure log (`ayuda privacy erasures
// --json`), rewritten after every erasure, so a restore re-applies erasures made after the backup was taken
// (`ayuda restore FILE --erasures FILE.erasures.json`). Files are mode 0600; only the newest BACKUP_KEEP are kept.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BackupConfig } from '../../config.ts';
import type { Context } from '../../context.ts';
import { encryptBackup } from '../../db/backup-crypt.ts';
import { erasureLog } from '../personal-data/erasure-log.ts';

const CLI = new URL('../../../bin/ayuda.js', import.meta.url).pathname;
const PREFIX = 'ayuda-';
const ERASURES = '.erasures.json';
const PRIVATE = 0o600;

export interface TakenBackup {
  file: string;
  bytes: number;
  seconds: number;
  erasures: number;
}

/** A backup's name: when it was taken (sortable), the engine, and .enc when encrypted. */
function backupName(at: Date, kind: 'sqlite' | 'postgres', encrypted: boolean): string {
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  return `${PREFIX}${stamp}.${kind === 'sqlite' ? 'sqlite' : 'pgdump'}${encrypted ? '.enc' : ''}`;
}

/** The backups in the folder, newest first (their names sort by the time they were taken). */
export function keptBackups(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.startsWith(PREFIX) && !name.endsWith(ERASURES) && !name.startsWith('.'))
    .sort()
    .reverse()
    .map((name) => path.join(dir, name));
}

/** When the newest kept backup was taken; null when there is none. */
export function newestBackupAt(dir: string): Date | null {
  const [newest] = keptBackups(dir);
  if (newest === undefined) return null;
  const stamp = /^ayuda-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)\./.exec(path.basename(newest))?.[1];
  if (stamp === undefined) return null;
  const [date, time] = stamp.split('T') as [string, string];
  const [h, m, s, ms] = time.replace('Z', '').split('-');
  return new Date(`${date}T${h}:${m}:${s}.${ms}Z`);
}

/** Whether a backup is due: none yet, or the newest is BACKUP_EVERY_HOURS old. */
export function backupDue(config: BackupConfig, now: Date): boolean {
  const newest = newestBackupAt(config.dir);
  return newest === null || now.getTime() - newest.getTime() >= config.everyHours * 3_600_000;
}

/** Runs `ayuda backup FILE --force --json` with this service's settings; its own process, its own connection. */
function backupInChild(file: string, env: NodeJS.ProcessEnv): Promise<{ bytes: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'backup', file, '--force', '--json'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`ayuda backup terminó con ${code}: ${err.trim().slice(-500)}`));
      try {
        resolve({ bytes: (JSON.parse(out) as { bytes: number }).bytes });
      } catch {
        reject(new Error(`ayuda backup no respondió JSON: ${out.slice(0, 200)}`));
      }
    });
  });
}

/** The erasure log beside every kept backup, as it is now. */
export async function refreshErasureLogs(ctx: Context, config: BackupConfig): Promise<number> {
  const log = JSON.stringify(await erasureLog(ctx), null, 2);
  const backups = keptBackups(config.dir);
  for (const backup of backups) {
    const target = `${backup}${ERASURES}`;
    const temporary = path.join(config.dir, `.${path.basename(target)}.${process.pid}`);
    writeFileSync(temporary, log, { mode: PRIVATE });
    renameSync(temporary, target);
  }
  return backups.length;
}

/** Only the newest BACKUP_KEEP backups stay, with their erasure logs. */
function prune(config: BackupConfig): void {
  for (const old of keptBackups(config.dir).slice(config.keep)) {
    rmSync(old, { force: true });
    rmSync(`${old}${ERASURES}`, { force: true });
  }
}

/**
 * Takes one backup now: written by a child process, encrypted when a key is set, its erasure log beside it, then
 * the oldest beyond BACKUP_KEEP removed. `env` is what the child runs with (the service's own environment).
 */
export async function takeScheduledBackup(
  ctx: Context,
  config: BackupConfig,
  env: NodeJS.ProcessEnv,
): Promise<TakenBackup> {
  const started = Date.now();
  mkdirSync(config.dir, { recursive: true, mode: 0o700 });
  const name = backupName(ctx.now(), ctx.config.database.kind, config.encryptKey !== null);
  const file = path.join(config.dir, name);
  const plain = path.join(config.dir, `.${name}.${process.pid}.parcial`);
  try {
    const { bytes } = await backupInChild(plain, env);
    if (config.encryptKey !== null) {
      const sealed = `${plain}.enc`;
      await encryptBackup(plain, sealed, config.encryptKey);
      renameSync(sealed, file);
    } else {
      chmodSync(plain, PRIVATE);
      renameSync(plain, file);
    }
    const erasures = (await erasureLog(ctx)).length;
    await refreshErasureLogs(ctx, config);
    prune(config);
    return {
      file,
      bytes: config.encryptKey !== null ? statSync(file).size : bytes,
      seconds: (Date.now() - started) / 1000,
      erasures,
    };
  } finally {
    rmSync(plain, { force: true });
    rmSync(`${plain}.enc`, { force: true });
  }
}

/** What the schedule remembers between passes: how many erasures the logs beside the backups were written with. */
export interface BackupScheduleState {
  erasures: number | null;
}

/**
 * One pass of the schedule (every minute): a backup when one is due; otherwise the erasure logs rewritten when an
 * erasure was made since they were written (by this instance, another or the CLI).
 */
export async function backupPass(
  ctx: Context,
  config: BackupConfig,
  env: NodeJS.ProcessEnv,
  state: BackupScheduleState,
): Promise<TakenBackup | null> {
  if (backupDue(config, ctx.now())) {
    const taken = await takeScheduledBackup(ctx, config, env);
    state.erasures = taken.erasures;
    return taken;
  }
  const erasures = (await erasureLog(ctx)).length;
  if (erasures !== state.erasures) {
    await refreshErasureLogs(ctx, config);
    state.erasures = erasures;
  }
  return null;
}
