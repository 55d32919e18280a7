// One-time links to set a new password; rows hold only a hash of the secret in the link.
import type { Selectable } from 'kysely';
import type { Db, PasswordResetsTable } from '../db/types.ts';

export type PasswordResetRow = Selectable<PasswordResetsTable>;

export async function insertPasswordReset(db: Db, row: PasswordResetRow): Promise<void> {
  await db.insertInto('password_resets').values(row).execute();
}

/** The link with this hash if it is still unused and unexpired at `at`. */
export async function findOpenPasswordReset(
  db: Db,
  tokenHash: string,
  at: string,
): Promise<PasswordResetRow | undefined> {
  return db
    .selectFrom('password_resets')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
}

/** Marks the link used if it still was open: true for exactly one caller, however many race. */
export async function markPasswordResetUsed(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new link replaces the account's earlier open ones: they end now. */
export async function expireOpenPasswordResets(db: Db, accountId: string, at: string): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ expires_at: at })
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .execute();
}

/** Links used or expired before `before`: nothing left to do with them. */
export async function purgePasswordResets(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('password_resets')
    .where((eb) => eb.or([eb('used_at', '<', before), eb('expires_at', '<', before)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
