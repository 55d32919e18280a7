// Aid records waiting for a leader's decision: the review inbox and the counts of what waits.
import { sql } from 'kysely';
import type { Db } from '../../db/types.ts';
import { inPlaces } from '../place-scopes.ts';
import type { HelpRow } from './records.ts';

/** What the review inbox can be narrowed to; every field is optional (no emergency: all of them). */
export interface InboxFilter {
  emergencyId?: string;
  category?: string;
  type?: HelpRow['type'];
  urgency?: HelpRow['urgency'];
  source?: string;
  /** Only decisions waiting since before this instant (ISO). */
  waitingBefore?: string;
  /** The instant review claims are read at (ISO): a claim holds while its expires_at is later; unset: none holds. */
  claimsAt?: string;
  /**
   * Who is looking: cards other leaders' live claims hold are left out, except urgent and rescue ones, which nobody
   * can hide from colleagues (they stay, with claimed_by_name).
   */
  viewerAccountId?: string;
  /** Only the cards this account's live claims hold: its batch. */
  onlyClaimedBy?: string;
  /** A leader's place scope (domain/place-scope.ts): records in these places or without a municipality. */
  places?: readonly string[] | null;
}

/** A place in the inbox order: the last row of a page; the next page starts after it. */
export interface InboxPosition {
  urgentRank: 0 | 1;
  waitingSince: string;
  id: string;
}

/** Who holds a card in a review batch (a live claim): the claimant's name, and whether it is the viewer. */
export interface ClaimMark {
  claimed_by_name: string | null;
  claimed_by_me: boolean;
}

export type InboxRow = HelpRow & { emergency_slug: string; waiting_since: string; urgent_rank: number } & ClaimMark;

// The inbox order, written once: urgent first, then the longest waiting, ties by id.
const urgentRank = sql<number>`case when h.urgency = 'urgent' then 0 else 1 end`;
const waitingSince = sql<string>`coalesce(h.revision_submitted_at, h.submitted_at)`;
/** Never a claim's expiry: without claimsAt the join finds no claim. */
const NO_CLAIMS = '9999-12-31T23:59:59.999Z';

function inboxQuery(db: Db, filter: InboxFilter) {
  let query = db
    .selectFrom('help_records as h')
    .innerJoin('emergencies as e', 'e.id', 'h.emergency_id')
    // The live claim on the card, if any (record_id is the claims' key: at most one row).
    .leftJoin('review_claims as rc', (join) =>
      join.onRef('rc.record_id', '=', 'h.id').on('rc.expires_at', '>', filter.claimsAt ?? NO_CLAIMS),
    )
    .where((eb) =>
      eb.or([eb('h.review_status', '=', 'pending_review'), eb('h.revision_submitted_at', 'is not', null)]),
    );
  if (filter.emergencyId) query = query.where('h.emergency_id', '=', filter.emergencyId);
  if (filter.category) query = query.where('h.category', '=', filter.category);
  if (filter.type) query = query.where('h.type', '=', filter.type);
  if (filter.urgency) query = query.where('h.urgency', '=', filter.urgency);
  if (filter.source) query = query.where('h.source', '=', filter.source);
  if (filter.waitingBefore) query = query.where(waitingSince, '<', filter.waitingBefore);
  const viewer = filter.viewerAccountId;
  if (viewer) {
    query = query.where((eb) =>
      eb.or([
        eb('rc.account_id', 'is', null),
        eb('rc.account_id', '=', viewer),
        // Nobody can hide an urgent card or a rescue from colleagues by claiming it.
        eb('h.urgency', '=', 'urgent'),
        eb('h.category', '=', 'rescate'),
      ]),
    );
  }
  if (filter.onlyClaimedBy) query = query.where('rc.account_id', '=', filter.onlyClaimedBy);
  if (filter.places) query = query.where(inPlaces('h.municipality_code', filter.places));
  return query;
}

/**
 * The one query behind the console inbox and `ayuda review list`: pending submissions and pending revisions,
 * in inbox order, a page at a time after a position (keyset: stable however many wait).
 */
export async function inboxRows(
  db: Db,
  filter: InboxFilter,
  page: { after?: InboxPosition | null; limit: number },
): Promise<InboxRow[]> {
  let query = inboxQuery(db, filter);
  const after = page.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb(urgentRank, '>', after.urgentRank),
        eb.and([eb(urgentRank, '=', after.urgentRank), eb(waitingSince, '>', after.waitingSince)]),
        eb.and([
          eb(urgentRank, '=', after.urgentRank),
          eb(waitingSince, '=', after.waitingSince),
          eb('h.id', '>', after.id),
        ]),
      ]),
    );
  }
  const rows = await query
    .selectAll('h')
    .leftJoin('accounts as ca', 'ca.id', 'rc.account_id')
    .select(['ca.name as claimed_by_name', 'rc.account_id as claimed_by_account'])
    .select(['e.slug as emergency_slug', urgentRank.as('urgent_rank'), waitingSince.as('waiting_since')])
    .orderBy(urgentRank)
    .orderBy(waitingSince)
    .orderBy('h.id')
    .limit(page.limit)
    .execute();
  return rows.map(({ claimed_by_account, ...row }) => ({
    ...row,
    urgent_rank: Number(row.urgent_rank),
    claimed_by_name: row.claimed_by_name ?? null,
    claimed_by_me: claimed_by_account !== null && claimed_by_account === filter.viewerAccountId,
  }));
}

/** The cards of a filter that no live claim holds, in inbox order: what a review batch takes (review-claims.ts). */
export function unclaimedInOrder(db: Db, filter: InboxFilter) {
  return inboxQuery(db, filter)
    .where('rc.record_id', 'is', null)
    .orderBy(urgentRank)
    .orderBy(waitingSince)
    .orderBy('h.id');
}

/** How many decisions match a filter (the whole inbox, not one page). */
export async function inboxCount(db: Db, filter: InboxFilter): Promise<number> {
  const row = await inboxQuery(db, filter)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The sources that have something waiting in an emergency, for the inbox filter. */
export async function inboxSources(db: Db, emergencyId: string, limit: number): Promise<string[]> {
  const rows = await inboxQuery(db, { emergencyId })
    .select('h.source')
    .distinct()
    .orderBy('h.source')
    .limit(limit)
    .execute();
  return rows.map((row) => row.source);
}

/** Waiting decisions per emergency id. */
export async function pendingCounts(db: Db, emergencyIds?: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (emergencyIds && emergencyIds.length === 0) return counts;
  let query = db
    .selectFrom('help_records')
    .select(['emergency_id', (eb) => eb.fn.countAll().as('n')])
    .where((eb) => eb.or([eb('review_status', '=', 'pending_review'), eb('revision_submitted_at', 'is not', null)]));
  if (emergencyIds) query = query.where('emergency_id', 'in', emergencyIds);
  for (const row of await query.groupBy('emergency_id').execute()) counts.set(row.emergency_id, Number(row.n));
  return counts;
}
