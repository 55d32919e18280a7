// The console's lists of an emergency's records (published, rejected, centres), most recently changed first.
import type { Context } from '../context.ts';
import { type RecordFilter, leaderRecords as recordsOf } from '../repositories/help-records/leaders.ts';
import type { HelpRow } from '../repositories/help-records/records.ts';

export type { RecordFilter };

export function leaderRecords(
  ctx: Context,
  emergencyId: string,
  filter: RecordFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: HelpRow[]; total: number }> {
  return recordsOf(ctx.db, emergencyId, filter, page);
}
