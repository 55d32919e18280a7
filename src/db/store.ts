// The one handle repositories are given: where to run SQL (the service's Kysely instance or an open transaction)
// and which engine is behind it, so engine-specific SQL (row locks, change numbers) can choose its form.
//
// Rule: a repository function whose SQL differs between the engines (a row lock on PostgreSQL, the change-number
// sequence) takes a Store as its first argument; one that runs the same SQL on both takes the Db alone, so its
// signature says it cannot depend on the engine. No caller passes `db` and `dialect` side by side: a read outside
// a transaction passes `ctx` (a Context is a Store) or `ctx.db`; a write passes the handle that `inTransaction`
// (or writePublic, built on it) hands it, or that handle's `db`.
import type { Db, Dialect } from './types.ts';

/** Writes the public change feed's entries for the aid records a transaction touched, before it commits. */
export type ChangeRecorder = (trx: Store, touched: ReadonlySet<string>) => Promise<void>;

export interface Store {
  db: Db;
  dialect: Dialect;
  /** Inside a transaction: the aid records written so far (updateRecord adds to it). */
  touched?: Set<string>;
  /** Given by the service's context: every transaction started from it records its public changes. */
  recordChanges?: ChangeRecorder;
}

/** Runs fn in one transaction, handing it a Store for that transaction on the same engine. */
export function inTransaction<T>(store: Store, fn: (trx: Store) => Promise<T>): Promise<T> {
  return store.db.transaction().execute(async (db) => {
    const trx: Store = { db, dialect: store.dialect, touched: new Set() };
    const value = await fn(trx);
    // Last, after every row lock the work took: the feed's own lock is then held only to the commit.
    if (store.recordChanges && trx.touched && trx.touched.size > 0) await store.recordChanges(trx, trx.touched);
    return value;
  });
}

/** Notes that an aid record was written in this transaction (the change feed looks at it before the commit). */
export function touch(store: Store, id: string): void {
  store.touched?.add(id);
}
