// Submissions waiting for review, by emergency id: of the emergencies named, or of every one.
import type { Context } from '../context.ts';
import { pendingCounts as countsOf, inboxCount } from '../repositories/help-records/review-inbox.ts';
import { type ConsoleUser, placeScopeIn } from './console-session.ts';

export function pendingCounts(ctx: Context, emergencyIds?: string[]): Promise<Map<string, number>> {
  return countsOf(ctx.db, emergencyIds);
}

/** The same counts as a console user sees them: in an emergency where a leader is limited to some places, theirs. */
export async function pendingCountsFor(
  ctx: Context,
  user: Pick<ConsoleUser, 'role' | 'placeScopes'>,
  emergencyIds?: string[],
): Promise<Map<string, number>> {
  const counts = await countsOf(ctx.db, emergencyIds);
  for (const emergencyId of user.placeScopes.keys()) {
    const places = placeScopeIn(user, emergencyId);
    if (places === null || (emergencyIds && !emergencyIds.includes(emergencyId))) continue;
    counts.set(emergencyId, await inboxCount(ctx.db, { emergencyId, places }));
  }
  return counts;
}
