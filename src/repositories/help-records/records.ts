// Whole aid records: loaded by id or by source key (locked for a write on PostgreSQL), inserted and updated with
// a new change number. Dialect differences stay in the help_records repositories.
import { type Insertable, type Selectable, sql } from 'kysely';
import { CompiledByColumns } from '../../db/compiled-by-count.ts';
import { type Store, touch } from '../../db/store.ts';
import type { Db, Dialect, HelpRecordsTable } from '../../db/types.ts';
import { receiptCodeHash } from '../../domain/receipt-seal.ts';

export type HelpRow = Selectable<HelpRecordsTable>;

export async function findBySourceExternalId(
  { db, dialect }: Store,
  source: string,
  externalId: string,
): Promise<HelpRow | undefined> {
  let query = db
    .selectFrom('help_records')
    .selectAll()
    .where('source', '=', source)
    .where('external_id', '=', externalId);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findById({ db, dialect }: Store, id: string, lock = false): Promise<HelpRow | undefined> {
  let query = db.selectFrom('help_records').selectAll().where('id', '=', id);
  if (lock && dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The record a receipt code (already normalised) belongs to, found by its hash; one at most. */
export async function findByReceiptCode(db: Db, code: string): Promise<HelpRow | undefined> {
  return db
    .selectFrom('help_records')
    .selectAll()
    .where('receipt_code_hash', '=', receiptCodeHash(code))
    .executeTakeFirst();
}

/** A new receipt code's columns: not a public change, so no change number. */
export async function setReceiptColumns(
  db: Db,
  id: string,
  columns: Pick<HelpRow, 'receipt_code_hash' | 'receipt_code_sealed' | 'receipt_sealed_until' | 'send_token_hash'>,
): Promise<void> {
  await db.updateTable('help_records').set(columns).where('id', '=', id).execute();
}

/** The next change number: a sequence on PostgreSQL; on SQLite writers are serialised, so max + 1 is safe. */
function nextChangeSeq(dialect: Dialect) {
  return dialect === 'postgres'
    ? sql<number>`nextval('help_records_change_seq')`
    : sql<number>`(select coalesce(max(change_seq), 0) + 1 from help_records)`;
}

/** Inserts unless the source + externalId pair exists (a concurrent twin); true when inserted. */
export async function insertIfNew(store: Store, row: Insertable<HelpRecordsTable>): Promise<boolean> {
  const { db, dialect } = store;
  // The change number is the repository's to give (an expression in the SQL, not a value).
  const { change_seq: _given, ...values } = row;
  const inserted = await insertion.execute(db, dialect, values);
  // A submission waits for review: only a record published as it is inserted is a public change.
  if (inserted.length > 0 && row.review_status === 'approved') touch(store, row.id);
  return inserted.length > 0;
}

// Every submission inserts a row of some 45 columns: compiled once per engine and set of columns.
const insertion = new CompiledByColumns(
  (db: Db, dialect: Dialect, row: Omit<Insertable<HelpRecordsTable>, 'change_seq'>) =>
    db
      .insertInto('help_records')
      .values({ ...row, change_seq: nextChangeSeq(dialect) })
      .onConflict((oc) => oc.columns(['source', 'external_id']).doNothing())
      .returning('id'),
);

/** Every write takes a new change number, so the search indexes of all instances see it. */
export async function updateRecord(store: Store, id: string, patch: Partial<HelpRow>): Promise<void> {
  const { db, dialect } = store;
  touch(store, id);
  await db
    .updateTable('help_records')
    .set({ ...patch, change_seq: nextChangeSeq(dialect) })
    .where('id', '=', id)
    .execute();
}

export async function approvedForRefresh(db: Db, afterId: string, limit: number): Promise<HelpRow[]> {
  return db
    .selectFrom('help_records')
    .selectAll()
    .where('review_status', '=', 'approved')
    .where('status', '!=', 'completed')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A published record that can be reported, locked on PostgreSQL so two reports of one reporter never both count. */
export async function findReportable(
  { db, dialect }: Store,
  id: string,
): Promise<{ id: string; emergency_id: string } | undefined> {
  let query = db
    .selectFrom('help_records')
    .select(['id', 'emergency_id'])
    .where('id', '=', id)
    .where('review_status', '=', 'approved');
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** What the change feed needs of any record, published or not: its emergency and whether it is a centre. */
export async function feedKeys(
  db: Db,
  ids: readonly string[],
): Promise<{ id: string; emergency_id: string; collection_center_status: string | null }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('help_records')
    .select(['id', 'emergency_id', 'collection_center_status'])
    .where('id', 'in', ids)
    .execute();
}
