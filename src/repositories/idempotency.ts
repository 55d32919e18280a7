// Idempotency-Key records: claimed before the work, completed in the same transaction as the work.
import type { Db, IdempotencyKeysTable } from '../db/types.ts';

export type IdempotencyRow = IdempotencyKeysTable;

/** Claims the key; returns the existing record when another request already holds it. */
export async function claimIdempotencyKey(
  db: Db,
  key: string,
  fingerprint: string,
  at: string,
): Promise<IdempotencyRow | null> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ key, fingerprint, state: 'in_flight', status_code: null, body: null, created_at: at })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) return null;
  const existing = await db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
  return existing ?? null;
}

export async function completeIdempotencyKey(db: Db, key: string, statusCode: number, body: string): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', status_code: statusCode, body })
    .where('key', '=', key)
    .execute();
}

export async function releaseIdempotencyKey(db: Db, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('key', '=', key).where('state', '=', 'in_flight').execute();
}

export async function takeOverStaleKey(db: Db, key: string, olderThan: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ created_at: at })
    .where('key', '=', key)
    .where('state', '=', 'in_flight')
    .where('created_at', '<', olderThan)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function purgeIdempotencyKeys(db: Db, olderThan: string): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', olderThan).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Stored answers that name any of these records (they hold its editToken): deleted with its personal data. */
export async function deleteAnswersNaming(db: Db, helpIds: string[]): Promise<number> {
  let deleted = 0;
  for (const id of helpIds) {
    const result = await db.deleteFrom('idempotency_keys').where('body', 'like', `%"${id}"%`).executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}
