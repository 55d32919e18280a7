// The erasure log: one row per row erased (table, id, scope, who, why, when), never a value; a restore re-applies it.
import { sql } from 'kysely';
import type { Store } from '../db/store.ts';
import type { Db, ErasuresTable } from '../db/types.ts';

export type ErasureRow = ErasuresTable;

export async function insertErasures(db: Db, rows: ErasureRow[]): Promise<void> {
  if (rows.length === 0) return;
  // A restore re-applies entries with their own ids: one already here is not written twice.
  await db
    .insertInto('erasures')
    .values(rows)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function allErasures(db: Db): Promise<ErasureRow[]> {
  return db.selectFrom('erasures').selectAll().orderBy('created_at').orderBy('id').execute();
}

export async function knownErasureIds(db: Db, ids: string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('erasures')
      .select('id')
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) known.add(row.id);
  }
  return known;
}

/**
 * After an erasure batch on SQLite: copy the WAL into the database and truncate it, so the erased values' old page
 * images leave the WAL file (secure_delete has already zeroed the freed space in the pages). Nothing on PostgreSQL,
 * whose dead row versions autovacuum removes.
 */
export async function checkpointAfterErasure({ db, dialect }: Store): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
}

/** SQLite: the file rewritten from the live rows only, then the WAL truncated; nothing on PostgreSQL. */
export async function compactDatabase({ db, dialect }: Store): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`VACUUM`.execute(db);
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
}
