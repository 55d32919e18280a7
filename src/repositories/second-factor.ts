// The second-factor columns of `accounts` (migration 030): the sealed TOTP secret, its confirmation, the last time
// step taken and the recovery codes' hashes. Writes that spend something (a step, a recovery code) are conditional,
// so two requests racing with one code cannot both succeed.
import type { Db } from '../db/types.ts';

export interface SecondFactorRow {
  id: string;
  totp_secret: string | null;
  totp_confirmed_at: string | null;
  totp_last_step: number | null;
  totp_recovery: string | null;
}

export async function findSecondFactor(db: Db, accountId: string): Promise<SecondFactorRow | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select(['id', 'totp_secret', 'totp_confirmed_at', 'totp_last_step', 'totp_recovery'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row && { ...row, totp_last_step: row.totp_last_step === null ? null : Number(row.totp_last_step) };
}

/** A new secret being set up: not confirmed, no recovery codes yet. */
export async function setPendingSecret(db: Db, accountId: string, sealed: string, at: string): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ totp_secret: sealed, totp_confirmed_at: null, totp_last_step: null, totp_recovery: null, updated_at: at })
    .where('id', '=', accountId)
    .execute();
}

/** Confirms the secret being set up, if it is still the one the code was checked against. */
export async function confirmSecret(
  db: Db,
  accountId: string,
  change: { sealed: string; step: number; recovery: string[]; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('accounts')
    .set({
      totp_confirmed_at: change.at,
      totp_last_step: change.step,
      totp_recovery: JSON.stringify(change.recovery),
      updated_at: change.at,
    })
    .where('id', '=', accountId)
    .where('totp_secret', '=', change.sealed)
    .where('totp_confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Takes a code's time step if it is later than the last one taken; false when another request took it first. */
export async function takeStep(db: Db, accountId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('accounts')
    .set({ totp_last_step: step })
    .where('id', '=', accountId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces the recovery list if it is still `before`: false when another request spent a code meanwhile. */
export async function replaceRecovery(db: Db, accountId: string, before: string, after: string[]): Promise<boolean> {
  const result = await db
    .updateTable('accounts')
    .set({ totp_recovery: JSON.stringify(after) })
    .where('id', '=', accountId)
    .where('totp_recovery', '=', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function clearSecondFactor(db: Db, accountId: string, at: string): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ totp_secret: null, totp_confirmed_at: null, totp_last_step: null, totp_recovery: null, updated_at: at })
    .where('id', '=', accountId)
    .execute();
}
