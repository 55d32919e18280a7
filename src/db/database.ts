// Opens SQLite (default) or PostgreSQL behind one Kysely instance and runs the migrations.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { DatabaseConfig } from '../config.ts';
import { type ChangeFeed, postgresChangeFeed, sqliteChangeFeed } from './change-feed.ts';
import { migrateToLatest } from './migrate.ts';
import { NodeSqliteDialect, openSqlite } from './sqlite-dialect.ts';
import type { Db, Dialect } from './types.ts';

export interface Database {
  db: Db;
  dialect: Dialect;
  changes: ChangeFeed;
  /** PostgreSQL's connection pool, read by metrics; SQLite has one connection and no pool. */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  migrate?: boolean;
  listen?: boolean;
  poolSize?: number;
  onError?: (err: Error) => void;
}

export async function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Promise<Database> {
  const { migrate = true, listen = true, poolSize = 10, onError = () => {} } = options;
  let database: Database;
  if (config.kind === 'sqlite') {
    if (config.file !== ':memory:') mkdirSync(path.dirname(config.file), { recursive: true });
    const adapter = openSqlite(config.file);
    const db: Db = new Kysely({ dialect: new NodeSqliteDialect(adapter) });
    database = {
      db,
      dialect: 'sqlite',
      changes: sqliteChangeFeed(adapter),
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      close: () => db.destroy(),
    };
  } else {
    // Loaded only here: a SQLite service never pays for the PostgreSQL driver at start-up.
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: config.url, max: poolSize });
    pool.on('error', onError);
    const db: Db = new Kysely({ dialect: new PostgresDialect({ pool }) });
    const changes = await postgresChangeFeed(config.url, listen, onError);
    database = {
      db,
      dialect: 'postgres',
      changes,
      pool,
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      close: async () => {
        await changes.close();
        await db.destroy();
      },
    };
  }
  if (migrate) {
    try {
      await migrateToLatest(database.db as never, database.dialect);
    } catch (err) {
      await database.close();
      throw err;
    }
  }
  return database;
}
