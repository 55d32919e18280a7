// Whole-database backups and restores. SQLite: VACUUM INTO writes a compacted, consistent copy while the service
// runs, so freed pages that once held erased values never reach the backup; a restore checks the file and puts it
// in place of the database file. PostgreSQL: pg_dump and pg_restore, run as child processes.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  openSync,
  readSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import type { Db } from './types.ts';

/** A backup or restore that cannot go on; `message` is for the person at the terminal (Spanish). */
export class BackupError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/** Tables every backup of this service holds, whatever its age (they come with the first migration). */
const REQUIRED_TABLES = ['kysely_migration', 'emergencies', 'help_records'];
const SQLITE_HEADER = 'SQLite format 3\0';
const PG_DUMP_HEADER = 'PGDMP';
const WAIT_FOR_OTHERS_MS = 3000;
/** A backup holds personal data: only its owner reads it. */
const PRIVATE_FILE = 0o600;

export interface BackupFile {
  file: string;
  bytes: number;
}

function samePath(a: string, b: string): boolean {
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  return real(a) === real(b);
}

/** Where a new file is written before it takes its final name, so a failed run never leaves half a file there. */
function temporaryBeside(file: string, purpose: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${purpose}-${process.pid}-${Date.now()}`);
}

function removeQuietly(...files: string[]): void {
  for (const file of files) rmSync(file, { force: true });
}

/** The checks both engines make before writing a backup to `file`. */
export function checkBackupTarget(file: string, options: { force: boolean; databaseFile?: string }): void {
  const { databaseFile } = options;
  if (databaseFile && ['', '-wal', '-shm', '-journal'].some((suffix) => samePath(file, `${databaseFile}${suffix}`))) {
    throw new BackupError(
      'backup_is_database',
      `${file} es la propia base de datos: elija otro archivo para el respaldo.`,
    );
  }
  if (!existsSync(path.dirname(path.resolve(file)))) {
    throw new BackupError('backup_folder_missing', `La carpeta de ${file} no existe.`);
  }
  if (existsSync(file)) {
    if (statSync(file).isDirectory()) throw new BackupError('backup_is_folder', `${file} es una carpeta.`);
    if (!options.force) {
      throw new BackupError('backup_exists', `${file} ya existe: no se sobrescribe sin --force.`);
    }
  }
}

/** SQLite: a consistent, compacted copy of the live database (readers and writers go on meanwhile). */
export async function backupSqlite(db: Db, file: string): Promise<BackupFile> {
  const target = path.resolve(file);
  const temporary = temporaryBeside(target, 'parcial');
  try {
    await sql`vacuum into ${temporary}`.execute(db);
    chmodSync(temporary, PRIVATE_FILE);
    renameSync(temporary, target);
  } catch (err) {
    removeQuietly(temporary);
    throw new BackupError('backup_failed', `No se pudo escribir el respaldo en ${file}: ${(err as Error).message}`);
  }
  return { file: target, bytes: statSync(target).size };
}

/** A PostgreSQL URL without its password, and the password apart (handed to the tools through PGPASSWORD). */
function splitPassword(url: string): { url: string; password: string | undefined } {
  try {
    const parsed = new URL(url);
    if (!parsed.password) return { url, password: undefined };
    const password = decodeURIComponent(parsed.password);
    parsed.password = '';
    return { url: parsed.toString(), password };
  } catch {
    return { url, password: undefined };
  }
}

interface ToolRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a PostgreSQL client tool; a missing tool is a BackupError that shows the command to run by hand. */
function runTool(
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  env: NodeJS.ProcessEnv,
  byHand: string,
  password?: string,
): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, {
      env: password === undefined ? env : { ...env, PGPASSWORD: password },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') {
        reject(
          new BackupError(
            `${tool}_missing`,
            `No se encontró ${tool}: instale las herramientas cliente de PostgreSQL (paquete postgresql-client, ` +
              `de la misma versión del servidor o más nueva) o ejecute a mano:\n  ${byHand}`,
          ),
        );
      } else reject(new BackupError(`${tool}_failed`, `No se pudo ejecutar ${tool}: ${err.message}`));
    });
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

function lastLines(text: string, count = 6): string {
  return text.trim().split('\n').slice(-count).join('\n');
}

/** PostgreSQL: pg_dump in its custom format (what pg_restore reads). */
export async function backupPostgres(url: string, file: string, env: NodeJS.ProcessEnv): Promise<BackupFile> {
  const target = path.resolve(file);
  const temporary = temporaryBeside(target, 'parcial');
  const connection = splitPassword(url);
  const byHand = `pg_dump --format=custom --file "${target}" "$DATABASE_URL"`;
  const run = await runTool(
    'pg_dump',
    ['--format=custom', '--file', temporary, '--dbname', connection.url],
    env,
    byHand,
    connection.password,
  ).catch((err) => {
    removeQuietly(temporary);
    throw err;
  });
  if (run.code !== 0) {
    removeQuietly(temporary);
    throw new BackupError('pg_dump_failed', `pg_dump terminó con error (${run.code}):\n${lastLines(run.stderr)}`);
  }
  chmodSync(temporary, PRIVATE_FILE);
  renameSync(temporary, target);
  return { file: target, bytes: statSync(target).size };
}

function readHeader(file: string, length: number): Buffer {
  const handle = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const read = readSync(handle, buffer, 0, length, 0);
    return buffer.subarray(0, read);
  } finally {
    closeSync(handle);
  }
}

function checkReadableFile(file: string): void {
  if (!existsSync(file)) throw new BackupError('backup_not_found', `No existe el archivo ${file}.`);
  if (statSync(file).isDirectory()) throw new BackupError('backup_is_folder', `${file} es una carpeta.`);
}

function notABackup(file: string, why: string): BackupError {
  return new BackupError('not_a_backup', `${file} no es un respaldo de Ayuda Directa: ${why}`);
}

/** The migrations a SQLite backup holds, after checking it is a sound SQLite database with this service's tables. */
export function inspectSqliteBackup(file: string): string[] {
  checkReadableFile(file);
  const header = readHeader(file, SQLITE_HEADER.length).toString('latin1');
  if (header.startsWith(PG_DUMP_HEADER)) {
    throw notABackup(file, 'es un respaldo de PostgreSQL (pg_dump) y DATABASE_URL es una base SQLite.');
  }
  if (header !== SQLITE_HEADER) throw notABackup(file, 'no es una base de datos SQLite.');
  let database: DatabaseSync | undefined;
  try {
    // Read-only and immutable: the check leaves no -wal or -shm file beside the backup.
    const url = pathToFileURL(path.resolve(file));
    url.searchParams.set('mode', 'ro');
    url.searchParams.set('immutable', '1');
    database = new DatabaseSync(url);
    const check = database.prepare('pragma quick_check').all() as { quick_check: string }[];
    if (check.length !== 1 || check[0]?.quick_check !== 'ok') {
      throw notABackup(file, 'la base de datos SQLite está dañada.');
    }
    const tables = new Set(
      (database.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map(
        (row) => row.name,
      ),
    );
    const missing = REQUIRED_TABLES.filter((table) => !tables.has(table));
    if (missing.length) throw notABackup(file, `le faltan las tablas ${missing.join(', ')}.`);
    return (database.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map(
      (row) => row.name,
    );
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw notABackup(file, `SQLite no pudo leerlo (${(err as Error).message}).`);
  } finally {
    database?.close();
  }
}

/** True while another process has the SQLite database open: the last connection to close removes the -wal file. */
export function sqliteInUse(databaseFile: string): boolean {
  return existsSync(`${databaseFile}-wal`);
}

/**
 * Puts a checked SQLite backup in place of the database file. The copy is made beside the database and renamed
 * over it; the old -wal and -shm files go first, so SQLite never replays the old log onto the restored pages.
 */
export function replaceSqliteDatabase(backupFile: string, databaseFile: string): void {
  if (samePath(backupFile, databaseFile)) {
    throw new BackupError('backup_is_database', `${backupFile} es la propia base de datos.`);
  }
  const temporary = temporaryBeside(databaseFile, 'restauracion');
  try {
    copyFileSync(backupFile, temporary);
    inspectSqliteBackup(temporary);
    removeQuietly(`${databaseFile}-wal`, `${databaseFile}-shm`, `${databaseFile}-journal`);
    renameSync(temporary, databaseFile);
  } finally {
    removeQuietly(temporary, `${temporary}-wal`, `${temporary}-shm`, `${temporary}-journal`);
  }
}

export interface ArchiveContents {
  /** "schema.name" of each table the archive restores. */
  tables: Set<string>;
  /** "schema.name" of each sequence the archive restores. */
  sequences: Set<string>;
}

/** Reads a pg_dump archive's table of contents; refuses a file that is not one, or not of this service. */
export async function inspectPostgresBackup(file: string, env: NodeJS.ProcessEnv): Promise<ArchiveContents> {
  checkReadableFile(file);
  if (readHeader(file, SQLITE_HEADER.length).toString('latin1') === SQLITE_HEADER) {
    throw notABackup(file, 'es una base de datos SQLite y DATABASE_URL es PostgreSQL.');
  }
  const run = await runTool('pg_restore', ['--list', file], env, `pg_restore --list "${path.resolve(file)}"`);
  if (run.code !== 0) throw notABackup(file, `pg_restore no lo reconoce (${lastLines(run.stderr, 2)}).`);
  const tables = new Set<string>();
  const sequences = new Set<string>();
  for (const [, kind, schema, name] of run.stdout.matchAll(/^\d+; \d+ \d+ (TABLE|SEQUENCE) (\S+) (\S+) /gm)) {
    (kind === 'TABLE' ? tables : sequences).add(`${schema}.${name}`);
  }
  const names = new Set([...tables].map((qualified) => qualified.slice(qualified.indexOf('.') + 1)));
  const missing = REQUIRED_TABLES.filter((table) => !names.has(table));
  if (missing.length) throw notABackup(file, `le faltan las tablas ${missing.join(', ')}.`);
  return { tables, sequences };
}

/** Other sessions on this PostgreSQL database (a running service holds some); waits briefly for closing ones. */
export async function otherPostgresSessions(db: Db): Promise<number> {
  const deadline = Date.now() + WAIT_FOR_OTHERS_MS;
  for (;;) {
    const { rows } = await sql<{ count: string | number }>`
      select count(*) as count from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`.execute(db);
    const count = Number(rows[0]?.count ?? 0);
    if (count === 0 || Date.now() >= deadline) return count;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** PostgreSQL: restores the archive in one transaction, so a failure leaves the database as it was. */
export async function restorePostgres(url: string, file: string, env: NodeJS.ProcessEnv): Promise<void> {
  const connection = splitPassword(url);
  const target = path.resolve(file);
  const byHand = `pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" "${target}"`;
  const run = await runTool(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--exit-on-error',
      '--dbname',
      connection.url,
      target,
    ],
    env,
    byHand,
    connection.password,
  );
  if (run.code !== 0) {
    throw new BackupError(
      'pg_restore_failed',
      `pg_restore terminó con error (${run.code}); la base de datos quedó como estaba:\n${lastLines(run.stderr)}`,
    );
  }
}

/**
 * After a PostgreSQL restore: drops the tables and sequences the archive did not hold (made by migrations newer
 * than the backup, with rows the backup never had), so the migrations make them again. Returns their names.
 */
export async function dropObjectsNotIn(db: Db, archive: ArchiveContents): Promise<string[]> {
  const dropped: string[] = [];
  const tables = await sql<{ schema: string; name: string }>`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  for (const { schema, name } of tables.rows) {
    if (archive.tables.has(`${schema}.${name}`)) continue;
    await sql`drop table if exists ${sql.id(schema, name)} cascade`.execute(db);
    dropped.push(name);
  }
  const sequences = await sql<{ schema: string; name: string }>`
    select sequence_schema as schema, sequence_name as name from information_schema.sequences
    where sequence_schema = current_schema()`.execute(db);
  for (const { schema, name } of sequences.rows) {
    if (archive.sequences.has(`${schema}.${name}`)) continue;
    await sql`drop sequence if exists ${sql.id(schema, name)} cascade`.execute(db);
    dropped.push(name);
  }
  return dropped;
}

/** The tables of the database (one older than the erasure log has none by that name; an empty one has none). */
export async function tableNames(db: Db): Promise<Set<string>> {
  return new Set((await db.introspection.getTables()).map((table) => table.name));
}
