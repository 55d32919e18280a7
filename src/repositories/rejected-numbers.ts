// The only code that reads and writes rejected_numbers: keyed hashes of rejected submissions' numbers, one row per
// rejected record. Never a number: callers hash it first (domain/number-hash.ts).
import type { Insertable, Selectable } from 'kysely';
import type { Db, RejectedNumbersTable } from '../db/types.ts';

export type RejectedNumberRow = Selectable<RejectedNumbersTable>;

/** Keeps the hash of a rejected record's number; a record rejected again (a repeat) keeps its first row. */
export async function insertRejectedNumber(db: Db, row: Insertable<RejectedNumbersTable>): Promise<void> {
  await db
    .insertInto('rejected_numbers')
    .values(row)
    .onConflict((oc) => oc.column('record_id').doNothing())
    .execute();
}

/** Which of these hashes were seen in rejected submissions of an emergency. */
export async function rejectedHashesIn(db: Db, emergencyId: string, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .selectFrom('rejected_numbers')
    .select('number_hash')
    .distinct()
    .where('emergency_id', '=', emergencyId)
    .where('number_hash', 'in', hashes)
    .execute();
  return new Set(rows.map((r) => r.number_hash));
}

/** The rows of these records (the right to know, and erasure with them). */
export async function rejectedNumbersOf(db: Db, recordIds: string[]): Promise<RejectedNumberRow[]> {
  if (recordIds.length === 0) return [];
  return db.selectFrom('rejected_numbers').selectAll().where('record_id', 'in', recordIds).execute();
}

export async function deleteRejectedNumbers(db: Db, recordIds: string[]): Promise<void> {
  if (recordIds.length === 0) return;
  await db.deleteFrom('rejected_numbers').where('record_id', 'in', recordIds).execute();
}

/** Rows older than the rejected submissions' retention (their records' data went then too). */
export async function purgeRejectedNumbers(db: Db, rejectedBefore: string): Promise<number> {
  const result = await db.deleteFrom('rejected_numbers').where('rejected_at', '<', rejectedBefore).executeTakeFirst();
  return Number(result.numDeletedRows);
}
