// What every command and query receives: configuration, the database, its change feed and the clock.
import type { Config } from './config.ts';
import type { ChangeFeed } from './db/change-feed.ts';
import type { Database } from './db/database.ts';
import type { Db, Dialect } from './db/types.ts';

export interface Context {
  config: Config;
  db: Db;
  dialect: Dialect;
  changes: ChangeFeed;
  /** Injected so tests can move time without sleeping. */
  now: () => Date;
}

export function createContext(config: Config, database: Database, now: () => Date = () => new Date()): Context {
  return { config, db: database.db, dialect: database.dialect, changes: database.changes, now };
}

/** Who did something, for the audit log and private timeline entries. */
export type Actor = string;
