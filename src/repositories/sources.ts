// Registered integrations: a `source` name whose submissions must carry its key (stored only as a hash).
import type { Selectable } from 'kysely';
import type { Db, SourcesTable } from '../db/types.ts';

export type SourceRow = Selectable<SourcesTable>;

export async function findSource(db: Db, name: string): Promise<SourceRow | undefined> {
  return db.selectFrom('sources').selectAll().where('name', '=', name).executeTakeFirst();
}

/** The integration whose key hashes to this (a key given without its source's name). */
export async function findSourceByKeyHash(db: Db, keyHash: string): Promise<SourceRow | undefined> {
  return db.selectFrom('sources').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
}

export async function listSourceRows(db: Db): Promise<SourceRow[]> {
  return db.selectFrom('sources').selectAll().orderBy('name').execute();
}

/** False when the name is already registered. */
export async function insertSource(db: Db, row: SourceRow): Promise<boolean> {
  const inserted = await db
    .insertInto('sources')
    .values(row)
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** False when no such source exists. */
export async function replaceSourceKey(db: Db, name: string, keyHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('sources')
    // Trust belongs to the key: a new one must be trusted again (commands/source-trust.ts).
    .set({ key_hash: keyHash, rotated_at: at, trusted_at: null, trusted_by: null })
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** False when no such source exists. */
export async function deleteSource(db: Db, name: string): Promise<boolean> {
  const result = await db.deleteFrom('sources').where('name', '=', name).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Trusts (at and by) or untrusts (null) the source's current key; false when no such source exists. */
export async function setSourceTrust(db: Db, name: string, trust: { at: string; by: string } | null): Promise<boolean> {
  const result = await db
    .updateTable('sources')
    .set({ trusted_at: trust?.at ?? null, trusted_by: trust?.by ?? null })
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
