// Submissions waiting for review, by emergency id: of the emergencies named, or of every one.
import type { Context } from '../context.ts';
import { pendingCounts as countsOf } from '../repositories/help-records/review-inbox.ts';

export function pendingCounts(ctx: Context, emergencyIds?: string[]): Promise<Map<string, number>> {
  return countsOf(ctx.db, emergencyIds);
}
