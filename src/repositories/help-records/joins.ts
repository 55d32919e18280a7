// What follows a submission joined to another record: its pledges go to the kept record.
import type { Db } from '../../db/types.ts';
import type { PledgeRow } from '../pledges.ts';

/** Moves every pledge of `fromId` to `toId`; returns them as they were. */
export async function movePledges(db: Db, fromId: string, toId: string, at: string): Promise<PledgeRow[]> {
  const moved = await db.selectFrom('pledges').selectAll().where('help_id', '=', fromId).execute();
  if (moved.length > 0) {
    await db.updateTable('pledges').set({ help_id: toId, updated_at: at }).where('help_id', '=', fromId).execute();
  }
  return moved;
}
