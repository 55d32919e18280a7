// Which database a command uses, said on one line before it is opened; and the refusal to create an empty SQLite
// file in the working directory when DATABASE_URL is unset but the demo's database sits beside it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type DatabaseConfig, parseDatabaseUrl } from '../config.ts';

/** Where `ayuda demo` keeps its database: DEMO_DATABASE_URL, or ./data/demo.db under the working directory. */
export function demoDatabaseUrl(env: NodeJS.ProcessEnv): string {
  return env.DEMO_DATABASE_URL || path.resolve('data/demo.db');
}

/** A PostgreSQL address as it can be shown: no password, in the user part or in the query. */
export function withoutPassword(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${url.split(':')[0]}://…`;
  }
  if (parsed.password !== '') parsed.password = '';
  for (const name of [...parsed.searchParams.keys()]) {
    if (/pass/i.test(name)) parsed.searchParams.delete(name);
  }
  return parsed.toString();
}

/** The database in words: the SQLite file's full path, or the PostgreSQL address without its password. */
export function databaseLabel(database: DatabaseConfig): string {
  if (database.kind === 'postgres') return `PostgreSQL ${withoutPassword(database.url)}`;
  return database.file === ':memory:' ? 'SQLite en memoria' : `SQLite ${database.file}`;
}

/** One line on stderr, so --json output on stdout stays as it was. */
export function announceDatabase(io: { err: (line: string) => void }, database: DatabaseConfig): void {
  io.err(`Base de datos: ${databaseLabel(database)}`);
}

/** The command would have created an empty database next to the demo's: nothing was opened or written. */
export class DatabaseChoiceError extends Error {
  readonly code = 'database_not_chosen';
}

/**
 * Without DATABASE_URL the default file is used; if it does not exist yet but the demo's database does, the person
 * most likely meant the demo, and an empty database would answer every question with "nothing there". Refused.
 * `ayuda migrate`, `ayuda serve` and `ayuda demo` create their database on purpose and do not ask this.
 */
export function refuseEmptyBesideDemo(env: NodeJS.ProcessEnv, database: DatabaseConfig): void {
  if (env.DATABASE_URL || database.kind !== 'sqlite' || database.file === ':memory:') return;
  if (existsSync(database.file)) return;
  const demo = parseDatabaseUrl(demoDatabaseUrl(env));
  if (demo.kind !== 'sqlite' || demo.file === ':memory:' || !existsSync(demo.file)) return;
  throw new DatabaseChoiceError(
    `DATABASE_URL no está definida y no existe ${database.file}; no se crea una base vacía. ` +
      `Para usar la demostración: DATABASE_URL=${demo.file} ayuda …; ` +
      `para crear la base de la instalación: ayuda migrate (o ayuda serve).`,
  );
}
