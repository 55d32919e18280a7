// Failed sign-in counters per key, in the database so that every instance counts the same attempts.
import type { Selectable } from 'kysely';
import type { Db, LoginAttemptsTable } from '../db/types.ts';

export type AttemptRow = Selectable<LoginAttemptsTable>;

export async function findAttempts(db: Db, keys: string[]): Promise<AttemptRow[]> {
  if (keys.length === 0) return [];
  return db.selectFrom('login_attempts').selectAll().where('key', 'in', keys).execute();
}

export async function saveAttempt(db: Db, row: AttemptRow): Promise<void> {
  await db
    .insertInto('login_attempts')
    .values(row)
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: row.failures,
        window_started_at: row.window_started_at,
        locked_until: row.locked_until,
      }),
    )
    .execute();
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
}

/** Counters whose window and lock are both over: they no longer count. */
export async function purgeAttempts(db: Db, before: string): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('window_started_at', '<', before)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', before)]))
    .execute();
}
