// How many record changes the search index has not read yet (0 when it is in step; before its first build, all).
import type { Context } from '../context.ts';
import { latestRecordChange } from '../repositories/help-records/latest-change.ts';

export async function searchLag(ctx: Context): Promise<number> {
  const latest = await latestRecordChange(ctx.db);
  return Math.max(0, latest - Math.max(0, ctx.search.stats.position));
}
