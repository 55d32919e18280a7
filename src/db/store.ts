// The one handle repositories are given: where to run SQL (the service's Kysely instance or an open transaction)
// and which engine is behind it, so engine-specific SQL (row locks, change numbers) can choose its form.
//
// Rule: a repository function whose SQL differs between the engines (a row lock on PostgreSQL, the change-number
// sequence) takes a Store as its first argument; one that runs the same SQL on both takes the Db alone, so its
// signature says it cannot depend on the engine. No caller passes `db` and `dialect` side by side: a read outside
// a transaction passes `ctx` (a Context is a Store) or `ctx.db`; a write passes the handle that `inTransaction`
// (or writePublic, built on it) hands it, or that handle's `db`.
import type { Db, Dialect } from './types.ts';

export interface Store {
  db: Db;
  dialect: Dialect;
}

/** Runs fn in one transaction, handing it a Store for that transaction on the same engine. */
export function inTransaction<T>(store: Store, fn: (trx: Store) => Promise<T>): Promise<T> {
  return store.db.transaction().execute((db) => fn({ db, dialect: store.dialect }));
}
