// Leaders' and admins' accounts and the emergencies each leader may work on.
import type { Insertable, Selectable } from 'kysely';
import type { AccountsTable, Db } from '../db/types.ts';

export type AccountRow = Selectable<AccountsTable>;

export async function insertAccount(db: Db, row: Insertable<AccountsTable>, emergencyIds: string[]): Promise<boolean> {
  const inserted = await db
    .insertInto('accounts')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  if (emergencyIds.length > 0) {
    await db
      .insertInto('account_emergencies')
      .values(emergencyIds.map((emergency_id) => ({ account_id: row.id, emergency_id })))
      .execute();
  }
  return true;
}

export async function findAccountByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findAccountById(db: Db, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Slugs of the emergencies assigned to each account. */
export async function assignedEmergencies(db: Db, accountIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (accountIds.length === 0) return result;
  const rows = await db
    .selectFrom('account_emergencies as a')
    .innerJoin('emergencies as e', 'e.id', 'a.emergency_id')
    .select(['a.account_id', 'e.slug'])
    .where('a.account_id', 'in', accountIds)
    .orderBy('e.slug')
    .execute();
  for (const row of rows) result.set(row.account_id, [...(result.get(row.account_id) ?? []), row.slug]);
  return result;
}

export async function listAccounts(db: Db): Promise<AccountRow[]> {
  return db.selectFrom('accounts').selectAll().orderBy('email').execute();
}

export async function canAccessEmergency(db: Db, accountId: string, emergencyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('account_emergencies')
    .select('account_id')
    .where('account_id', '=', accountId)
    .where('emergency_id', '=', emergencyId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setPasswordHash(db: Db, id: string, passwordHash: string, at: string): Promise<void> {
  await db.updateTable('accounts').set({ password_hash: passwordHash, updated_at: at }).where('id', '=', id).execute();
}
