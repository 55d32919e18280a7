// What waits for a leader's decision, counted by emergency and by how long it has waited: one statement, read when
// metrics are scraped.
import { sql } from 'kysely';
import type { Db } from '../../db/types.ts';

export interface BacklogRow {
  slug: string;
  /** How many wait since before each cutoff but not before the next (the cutoffs newest first). */
  counts: number[];
  /** When the oldest waiting urgent request began to wait; null when none waits. */
  oldest_urgent: string | null;
}

/**
 * Every emergency with what waits in it (a pending submission, or a pending revision of a published one), split at
 * `cutoffs` (ISO instants, newest first): counts[0] waits since after cutoffs[0], counts[i] since after cutoffs[i]
 * and not after cutoffs[i - 1], the last since before the oldest cutoff. An emergency with nothing waiting has zeros,
 * so a backlog that empties reads 0 rather than vanishing.
 */
export async function reviewBacklogRows(db: Db, cutoffs: readonly string[]): Promise<BacklogRow[]> {
  const waitingSince = sql<string>`coalesce(h.revision_submitted_at, h.submitted_at)`;
  const bucket = (i: number) => {
    const newer = i === 0 ? null : cutoffs[i - 1];
    const older = i < cutoffs.length ? cutoffs[i] : null;
    const after = older === null ? sql`1 = 1` : sql`${waitingSince} > ${older}`;
    const notAfter = newer === null || newer === undefined ? sql`1 = 1` : sql`${waitingSince} <= ${newer}`;
    return sql<number>`sum(case when h.id is not null and ${after} and ${notAfter} then 1 else 0 end)`.as(`b${i}`);
  };
  const rows = await db
    .selectFrom('emergencies as e')
    .leftJoin('help_records as h', (join) =>
      join
        .onRef('h.emergency_id', '=', 'e.id')
        .on((eb) =>
          eb.or([eb('h.review_status', '=', 'pending_review'), eb('h.revision_submitted_at', 'is not', null)]),
        ),
    )
    .select(['e.slug as slug'])
    .select(cutoffs.map((_, i) => bucket(i)))
    .select(bucket(cutoffs.length))
    .select(sql<string | null>`min(case when h.urgency = 'urgent' then ${waitingSince} end)`.as('oldest_urgent'))
    .groupBy('e.slug')
    .execute();
  return rows.map((row) => {
    const record = row as unknown as Record<string, unknown>;
    const counts = Array.from({ length: cutoffs.length + 1 }, (_, i) => Number(record[`b${i}`] ?? 0));
    return { slug: row.slug, counts, oldest_urgent: (record.oldest_urgent as string | null) ?? null };
  });
}

/**
 * What waits for review in one emergency, as rows (id, title, urgency, waiting_since): pending submissions through
 * help_records_inbox, and pending revisions of published records through the partial help_records_revisions index.
 * Two index reads joined by UNION ALL: an OR of the two would walk every record of the emergency.
 */
function waitingIn(db: Db, emergencyId: string) {
  const waitingSince = sql<string>`coalesce(revision_submitted_at, submitted_at)`.as('waiting_since');
  const submissions = db
    .selectFrom('help_records')
    .where('emergency_id', '=', emergencyId)
    .where('review_status', '=', 'pending_review')
    .select(['id', 'title', 'urgency', waitingSince]);
  // Pending revisions are few across all emergencies: read them through their partial index, and keep the planner
  // off the emergency's own index (which would walk every record of the emergency) by comparing an expression.
  const revisions = db
    .selectFrom('help_records')
    .where('revision_submitted_at', 'is not', null)
    .where(sql<string>`emergency_id || ''`, '=', emergencyId)
    .where('review_status', '<>', 'pending_review')
    .select(['id', 'title', 'urgency', waitingSince]);
  return db.selectFrom(submissions.unionAll(revisions).as('w'));
}

/**
 * One emergency's waiting records split at `cutoffs` (ISO instants, newest first), as reviewBacklogRows counts them:
 * counts[0] waits since after cutoffs[0], the last since before the oldest cutoff. One statement.
 */
export async function emergencyBacklogCounts(
  db: Db,
  emergencyId: string,
  cutoffs: readonly string[],
): Promise<number[]> {
  const columns = Array.from({ length: cutoffs.length + 1 }, (_, i) => {
    const newer = i === 0 ? undefined : cutoffs[i - 1];
    const older = cutoffs[i];
    const after = older === undefined ? sql`1 = 1` : sql`w.waiting_since > ${older}`;
    const notAfter = newer === undefined ? sql`1 = 1` : sql`w.waiting_since <= ${newer}`;
    return sql<number>`coalesce(sum(case when ${after} and ${notAfter} then 1 else 0 end), 0)`.as(`b${i}`);
  });
  const row = await waitingIn(db, emergencyId).select(columns).executeTakeFirst();
  const record = (row ?? {}) as Record<string, unknown>;
  return columns.map((_, i) => Number(record[`b${i}`] ?? 0));
}

/** The urgent record that has waited longest in one emergency (id, title, since when), or undefined. */
export async function oldestWaitingUrgent(db: Db, emergencyId: string) {
  return waitingIn(db, emergencyId)
    .where('w.urgency', '=', 'urgent')
    .select(['w.id', 'w.title', 'w.waiting_since'])
    .orderBy('w.waiting_since')
    .orderBy('w.id')
    .limit(1)
    .executeTakeFirst();
}

export interface DecisionCountRow {
  action: string;
  /** Entries after each cutoff (cutoffs newest first, so the counts only grow). */
  since: number[];
  /** Of those, the ones whose details carry a leader's corrections (an approval with edits). */
  corrected: number[];
}

/**
 * Review decisions on one emergency's records, from the audit log each decision writes (commands/record-change.ts),
 * counted after each cutoff: one statement, through audit_log_action_time from the oldest cutoff on, each entry's
 * record read by its key for the emergency.
 */
export async function emergencyDecisionCounts(
  db: Db,
  emergencyId: string,
  actions: readonly string[],
  cutoffs: readonly string[],
): Promise<DecisionCountRow[]> {
  const oldest = cutoffs[cutoffs.length - 1];
  if (actions.length === 0 || oldest === undefined) return [];
  // approve-with-edits logs {"edited":{...}}; an empty "edited" object means nothing was changed.
  const corrected = sql`a.details like '{"edited":{"%' and a.details not like '{"edited":{}%'`;
  const rows = await db
    .selectFrom('audit_log as a')
    .innerJoin('help_records as h', 'h.id', 'a.target_id')
    .where('a.action', 'in', actions)
    .where('a.created_at', '>', oldest)
    .where('a.target_type', '=', 'help_record')
    .where('h.emergency_id', '=', emergencyId)
    .select('a.action')
    .select(
      cutoffs.map((cutoff, i) => sql<number>`sum(case when a.created_at > ${cutoff} then 1 else 0 end)`.as(`s${i}`)),
    )
    .select(
      cutoffs.map((cutoff, i) =>
        sql<number>`sum(case when a.created_at > ${cutoff} and ${corrected} then 1 else 0 end)`.as(`c${i}`),
      ),
    )
    .groupBy('a.action')
    .execute();
  return rows.map((row) => {
    const record = row as unknown as Record<string, unknown>;
    return {
      action: row.action,
      since: cutoffs.map((_, i) => Number(record[`s${i}`] ?? 0)),
      corrected: cutoffs.map((_, i) => Number(record[`c${i}`] ?? 0)),
    };
  });
}

/**
 * Late pledges (open, delivery date before `now`: domain/pledge-overdue.ts) and quiet routes (in a moving status,
 * untouched since `quietBefore`: domain/quiet-routes.ts) of one emergency: one statement of two counts, each on its
 * table's emergency index.
 */
export async function lateWork(
  db: Db,
  emergencyId: string,
  now: string,
  quietBefore: string,
  rules: { overdueStatus: 'open'; movingStatuses: readonly ('assigned' | 'in_transit')[] },
): Promise<{ overduePledges: number; quietRoutes: number }> {
  const row = await db
    .selectFrom('emergencies as e')
    .where('e.id', '=', emergencyId)
    .select((eb) => [
      eb
        .selectFrom('pledges as p')
        .whereRef('p.emergency_id', '=', 'e.id')
        .where('p.status', '=', rules.overdueStatus)
        .where('p.deliver_by', '<', now)
        .select((inner) => inner.fn.countAll().as('n'))
        .as('overdue_pledges'),
      eb
        .selectFrom('logistics_operations as l')
        .whereRef('l.emergency_id', '=', 'e.id')
        .where('l.status', 'in', [...rules.movingStatuses])
        .where('l.updated_at', '<', quietBefore)
        .select((inner) => inner.fn.countAll().as('n'))
        .as('quiet_routes'),
    ])
    .executeTakeFirst();
  return { overduePledges: Number(row?.overdue_pledges ?? 0), quietRoutes: Number(row?.quiet_routes ?? 0) };
}

/**
 * The new submissions one emergency holds: how many wait for review now, and how many arrived after each cutoff
 * (newest first). A submission withdrawn before any decision counts in neither: it never waited as far as the
 * figures go. Two counts, the second over the emergency's records (no index of its own, so that submissions write
 * one index less): for the digest's chart, which works back from now (waiting then = waiting now − arrived since +
 * decided since).
 */
export async function submissionArrivals(
  db: Db,
  emergencyId: string,
  cutoffs: readonly string[],
): Promise<{ waitingNow: number; arrivedSince: number[] }> {
  const oldest = cutoffs[cutoffs.length - 1];
  const [waiting, arrived] = await Promise.all([
    db
      .selectFrom('help_records')
      .where('emergency_id', '=', emergencyId)
      .where('review_status', '=', 'pending_review')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    oldest === undefined
      ? Promise.resolve(undefined)
      : db
          .selectFrom('help_records')
          .where('emergency_id', '=', emergencyId)
          .where('submitted_at', '>', oldest)
          .where((eb) => eb.not(eb.and([eb('review_status', '=', 'withdrawn'), eb('published_at', 'is', null)])))
          .select(
            cutoffs.map((cutoff, i) =>
              sql<number>`coalesce(sum(case when submitted_at > ${cutoff} then 1 else 0 end), 0)`.as(`a${i}`),
            ),
          )
          .executeTakeFirst(),
  ]);
  const record = (arrived ?? {}) as Record<string, unknown>;
  return {
    waitingNow: Number(waiting?.n ?? 0),
    arrivedSince: cutoffs.map((_, i) => Number(record[`a${i}`] ?? 0)),
  };
}
