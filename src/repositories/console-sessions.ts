// Console sessions, stored so that any instance can serve them; rows are keyed by a hash of the cookie token.
import type { Selectable } from 'kysely';
import type { ConsoleSessionsTable, Db } from '../db/types.ts';

export type SessionRow = Selectable<ConsoleSessionsTable>;

export async function insertSession(db: Db, row: SessionRow): Promise<void> {
  await db.insertInto('console_sessions').values(row).execute();
}

export async function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom('console_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function touchSession(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('console_sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('console_sessions').where('id', '=', id).execute();
}

export async function deleteAccountSessions(db: Db, accountId: string): Promise<void> {
  await db.deleteFrom('console_sessions').where('account_id', '=', accountId).execute();
}

/** Ends the account's sessions except `keepId` (the one that asked); returns how many ended. */
export async function deleteOtherSessions(db: Db, accountId: string, keepId: string | null): Promise<number> {
  let query = db.deleteFrom('console_sessions').where('account_id', '=', accountId);
  if (keepId !== null) query = query.where('id', '!=', keepId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Sessions past their absolute end or idle since `idleBefore`. */
export async function purgeSessions(db: Db, now: string, idleBefore: string): Promise<number> {
  const result = await db
    .deleteFrom('console_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<', idleBefore)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
