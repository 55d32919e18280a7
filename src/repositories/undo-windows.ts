// The ten minutes in which a leader's cancellation of a pledge (or refusal of a volunteer's offer) can be undone:
// one row per decision, closed once undone or once its notices went out.
import type { Selectable } from 'kysely';
import type { Db, UndoWindowsTable } from '../db/types.ts';

export type UndoWindowRow = Selectable<UndoWindowsTable>;

export async function openUndoWindow(db: Db, row: UndoWindowRow): Promise<void> {
  await db.insertInto('undo_windows').values(row).execute();
}

/** The window still open on a target (at most one: a target reopened and cancelled again gets a new one). */
export async function openWindowOf(db: Db, targetId: string): Promise<UndoWindowRow | undefined> {
  return db
    .selectFrom('undo_windows')
    .selectAll()
    .where('target_id', '=', targetId)
    .where('closed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** An emergency's windows still open, of one kind of target. */
export async function openWindowsOfEmergency(
  db: Db,
  emergencyId: string,
  targetType: UndoWindowRow['target_type'],
): Promise<UndoWindowRow[]> {
  return db
    .selectFrom('undo_windows')
    .selectAll()
    .where('emergency_id', '=', emergencyId)
    .where('target_type', '=', targetType)
    .where('closed_at', 'is', null)
    .orderBy('created_at')
    .limit(500)
    .execute();
}

/** A request's pledge windows still open. */
export async function openPledgeWindowsOfRecord(db: Db, helpId: string): Promise<UndoWindowRow[]> {
  return db
    .selectFrom('undo_windows')
    .selectAll()
    .where('help_id', '=', helpId)
    .where('target_type', '=', 'pledge')
    .where('closed_at', 'is', null)
    .limit(500)
    .execute();
}

/** Windows whose time ran out without an undo, oldest first. */
export async function dueUndoWindows(
  db: Db,
  targetType: UndoWindowRow['target_type'],
  now: string,
  limit: number,
): Promise<UndoWindowRow[]> {
  return db
    .selectFrom('undo_windows')
    .selectAll()
    .where('target_type', '=', targetType)
    .where('closed_at', 'is', null)
    .where('until', '<=', now)
    .orderBy('until')
    .limit(limit)
    .execute();
}

/** Closes a window once: false when another request (an undo, another instance's pass) closed it first. */
export async function closeUndoWindow(
  db: Db,
  id: string,
  outcome: NonNullable<UndoWindowRow['outcome']>,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('undo_windows')
    .set({ closed_at: at, outcome })
    .where('id', '=', id)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
