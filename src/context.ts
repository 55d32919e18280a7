// What every command and query receives: configuration, the database, its change feed, the clock, and the
// state this instance keeps in memory (search index, presented records, the /llms.txt text).
import { changeRecorder } from './commands/changes/record-changes.ts';
import { enqueueDeliveries } from './commands/webhooks/enqueue.ts';
import type { Config } from './config.ts';
import type { ChangeFeed } from './db/change-feed.ts';
import type { Database } from './db/database.ts';
import { GroupCommit } from './db/group-commit.ts';
import type { ChangeRecorder } from './db/store.ts';
import type { Db, Dialect } from './db/types.ts';
import { AboutCache } from './mcp/about-cache.ts';
import { PresentedItems } from './queries/presented-items.ts';
import { PublicSearch } from './search/public-search.ts';

export interface Context {
  config: Config;
  db: Db;
  dialect: Dialect;
  changes: ChangeFeed;
  /** Injected so tests can move time without sleeping. */
  now: () => Date;
  /** Built on the first search (or the warm-up at start), then kept in step with the change feed. */
  search: PublicSearch;
  presented: PresentedItems;
  about: AboutCache;
  /** Submissions' transactions: grouped into one commit on SQLite (db/group-commit.ts). */
  commits: GroupCommit;
  /** Every transaction started from the context writes the public change feed's entries of what it touched. */
  recordChanges: ChangeRecorder;
}

export function createContext(config: Config, database: Database, now: () => Date = () => new Date()): Context {
  const source = { db: database.db, dialect: database.dialect, changes: database.changes };
  const ctx: Context = {
    config,
    ...source,
    now,
    search: new PublicSearch(source),
    presented: new PresentedItems(),
    about: new AboutCache(),
    commits: new GroupCommit(source),
    recordChanges: async () => {},
  };
  // The webhooks' queue is filled in the same transaction as the feed: an entry and its deliveries commit together.
  ctx.recordChanges = changeRecorder(ctx, [enqueueDeliveries]);
  // Submissions' transactions record their changes too (a record published as it arrives, a revision).
  ctx.commits = new GroupCommit(ctx);
  return ctx;
}

/** Who did something, for the audit log and private timeline entries. */
export type Actor = string;
