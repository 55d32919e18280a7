// Leaders' and admins' accounts. The emergencies each leader may work on are in account-emergencies.ts.
import type { Insertable, Selectable } from 'kysely';
import type { AccountsTable, Db } from '../db/types.ts';

export type AccountRow = Selectable<AccountsTable>;

/** False when the email is already taken. */
export async function insertAccount(db: Db, row: Insertable<AccountsTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('accounts')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findAccountByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findAccountById(db: Db, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listAccounts(db: Db): Promise<AccountRow[]> {
  return db.selectFrom('accounts').selectAll().orderBy('email').execute();
}

export async function setPasswordHash(db: Db, id: string, passwordHash: string, at: string): Promise<void> {
  await db.updateTable('accounts').set({ password_hash: passwordHash, updated_at: at }).where('id', '=', id).execute();
}

/** Turns the account off at `disabledAt`, or back on with null. */
export async function setDisabledAt(db: Db, id: string, disabledAt: string | null, at: string): Promise<void> {
  await db.updateTable('accounts').set({ disabled_at: disabledAt, updated_at: at }).where('id', '=', id).execute();
}
