// "Rechazar todas las que coinciden": a leader rejects every submission matching an inbox filter with one reason
// (a flood of spam from one source). Rejection only, since it publishes nothing: approving what nobody looked at is
// never offered. Only what was already waiting when the leader's page was drawn, and unchanged since, is rejected;
// cards other leaders hold in a batch and places outside the leader's scope are left alone.
import type { Actor, Context } from '../context.ts';
import { INBOX_PAGE_MAX, type InboxRequest, reviewInbox } from '../queries/review-inbox.ts';
import type { HelpRow } from '../repositories/help-records/records.ts';
import { BULK_DECISION_MAX, type DecideManyResult, type Selection } from './decide-many.ts';
import { rejectMany } from './reject-many.ts';

export interface RejectMatching {
  emergencyId: string;
  filter: NonNullable<InboxRequest['filter']>;
  places?: InboxRequest['places'];
  /** When the leader's page was drawn (ISO): anything that arrived or changed after it is not rejected. */
  shownAt: string;
  reason: string;
  actor: Actor;
  /** The leader's account: cards a colleague holds in a batch stay theirs. */
  accountId: string;
  allowed?: (record: HelpRow) => boolean;
}

/** What matches, up to INBOX_PAGE_MAX, at the versions they had when the page was drawn. */
async function matching(ctx: Context, input: RejectMatching): Promise<Selection[]> {
  const page = await reviewInbox(ctx, {
    emergencyId: input.emergencyId,
    filter: { ...input.filter, viewerAccountId: input.accountId },
    places: input.places,
    waitingSince: input.shownAt,
    limit: INBOX_PAGE_MAX,
  });
  return page.items
    .filter((item) => !(item.record.claimed_by_name && !item.record.claimed_by_me))
    .map((item) => ({
      id: item.record.id,
      // A card changed after the page was drawn is named at a version it no longer has: skipped as changed.
      version: item.record.updated_at > input.shownAt ? -1 : item.record.content_version,
    }));
}

export async function rejectMatching(ctx: Context, input: RejectMatching): Promise<DecideManyResult> {
  const selections = await matching(ctx, input);
  const result: DecideManyResult = { decided: [], skipped: [] };
  if (selections.length === 0) return result;
  for (let i = 0; i < selections.length; i += BULK_DECISION_MAX) {
    const chunk = selections.slice(i, i + BULK_DECISION_MAX);
    const done = await rejectMany(ctx, input.emergencyId, chunk, input.actor, input.reason, input.allowed);
    result.decided.push(...done.decided);
    result.skipped.push(...done.skipped);
  }
  return result;
}

/** How many a "reject all that match" would reject now, for the confirmation the leader types. */
export async function matchingCount(ctx: Context, input: Omit<RejectMatching, 'reason' | 'actor'>): Promise<number> {
  return (await matching(ctx, { ...input, reason: '', actor: '' })).length;
}
