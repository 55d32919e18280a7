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
  /** A leader's place scope (domain/place-scope.ts): records in these places or without a municipality. */
  places?: readonly string[] | null;
}

/** A place in the inbox order: the last row of a page; the next page starts after it. */
export interface InboxPosition {
  urgentRank: 0 | 1;
  waitingSince: string;
  id: string;
}

export type InboxRow = HelpRow & { emergency_slug: string; waiting_since: string; urgent_rank: number };

// The inbox order, written once: urgent first, then the longest waiting, ties by id.
const urgentRank = sql<number>`case when h.urgency = 'urgent' then 0 else 1 end`;
const waitingSince = sql<string>`coalesce(h.revision_submitted_at, h.submitted_at)`;

function inboxQuery(db: Db, filter: InboxFilter) {
  let query = db
    .selectFrom('help_records as h')
    .innerJoin('emergencies as e', 'e.id', 'h.emergency_id')
    .where((eb) =>
      eb.or([eb('h.review_status', '=', 'pending_review'), eb('h.revision_submitted_at', 'is not', null)]),
    );
  if (filter.emergencyId) query = query.where('h.emergency_id', '=', filter.emergencyId);
  if (filter.category) query = query.where('h.category', '=', filter.category);
  if (filter.type) query = query.where('h.type', '=', filter.type);
  if (filter.urgency) query = query.where('h.urgency', '=', filter.urgency);
  if (filter.source) query = query.where('h.source', '=', filter.source);
  if (filter.waitingBefore) query = query.where(waitingSince, '<', filter.waitingBefore);
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
    .select(['e.slug as emergency_slug', urgentRank.as('urgent_rank'), waitingSince.as('waiting_since')])
    .orderBy(urgentRank)
    .orderBy(waitingSince)
    .orderBy('h.id')
    .limit(page.limit)
    .execute();
  return rows.map((row) => ({ ...row, urgent_rank: Number(row.urgent_rank) }));
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
