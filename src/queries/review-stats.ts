// Where an emergency's review backlog stands, for the inbox header, the digest and `ayuda review stats`: what waits
// (under 1 h, 1–6 h, over 6 h), the urgent submission that has waited longest, decisions per hour, late pledges and
// quiet routes. Figures and a title only: no name, phone or text a person sent besides that title, so it is safe on
// any leader's screen and in a terminal log. Read per inbox page view: four statements, each on an index (see
// reviewStats); the digest's daily history is read only there (reviewHistory).
import type { Context } from '../context.ts';
import { BOGOTA_OFFSET_MS } from '../domain/bogota-time.ts';
import { OVERDUE_PLEDGE_STATUS } from '../domain/pledge-overdue.ts';
import { MOVING_ROUTE_STATUSES, QUIET_ROUTE_HOURS } from '../domain/quiet-routes.ts';
import {
  type DecisionCountRow,
  emergencyBacklogCounts,
  emergencyDecisionCounts,
  lateWork,
  oldestWaitingUrgent,
  submissionArrivals,
} from '../repositories/help-records/review-backlog.ts';

/** Decisions are counted per hour over this many hours. */
export const DECISION_HOURS = 24;
/** The digest's charts cover this many days, today included. */
export const HISTORY_DAYS = 7;

const HOUR_MS = 3_600_000;

/** Audit action of a review decision (commands/approve-submission.ts, reject-submission.ts, …) -> its outcome. */
export const REVIEW_DECISION_ACTIONS = {
  approved: 'approved',
  revision_approved: 'approved',
  rejected: 'rejected',
  revision_rejected: 'rejected',
  joined: 'joined',
} as const;

/** How many decisions of each outcome; corrected counts the approvals a leader corrected first (part of approved). */
export interface DecisionFigures {
  approved: number;
  rejected: number;
  /** Joined to a published record as its duplicate. */
  joined: number;
  corrected: number;
  total: number;
}

export interface HourDecisions extends DecisionFigures {
  /** The hour: [from, to), instants; the last one ends now. */
  from: string;
  to: string;
}

export interface ReviewStats {
  generatedAt: string;
  /** What waits for review (new submissions and revisions), by how long it has waited. */
  pending: { under1h: number; from1hTo6h: number; over6h: number; total: number };
  /** The urgent record that has waited longest; null when no urgent one waits. */
  oldestUrgent: { id: string; title: string; waitingSince: string; waitingMinutes: number } | null;
  decisions: { lastHour: DecisionFigures; hourly: HourDecisions[] };
  /** Open pledges whose delivery date passed (domain/pledge-overdue.ts). */
  overduePledges: number;
  /** Routes assigned or in transit untouched for quietRouteHours. */
  quietRoutes: number;
  quietRouteHours: number;
}

function noDecisions(): DecisionFigures {
  return { approved: 0, rejected: 0, joined: 0, corrected: 0, total: 0 };
}

/** The first decision on a new submission (a decided revision leaves the submission count as it was). */
const FIRST_DECISIONS: readonly string[] = ['approved', 'rejected', 'joined'];

function decisionRows(ctx: Context, emergencyId: string, cutoffs: string[]): Promise<DecisionCountRow[]> {
  return emergencyDecisionCounts(ctx.db, emergencyId, Object.keys(REVIEW_DECISION_ACTIONS), cutoffs);
}

/** Decisions after each cutoff (newest first), by outcome, from the audit rows. */
function decisionsSince(rows: DecisionCountRow[], cutoffs: string[]): DecisionFigures[] {
  const figures = cutoffs.map(noDecisions);
  for (const row of rows) {
    const outcome = REVIEW_DECISION_ACTIONS[row.action as keyof typeof REVIEW_DECISION_ACTIONS];
    if (!outcome) continue;
    row.since.forEach((n, i) => {
      const f = figures[i] as DecisionFigures;
      f[outcome] += n;
      f.total += n;
      f.corrected += row.corrected[i] ?? 0;
    });
  }
  return figures;
}

const minus = (a: DecisionFigures, b: DecisionFigures | undefined): DecisionFigures =>
  b === undefined
    ? { ...a }
    : {
        approved: a.approved - b.approved,
        rejected: a.rejected - b.rejected,
        joined: a.joined - b.joined,
        corrected: a.corrected - b.corrected,
        total: a.total - b.total,
      };

/**
 * One emergency's backlog figures at ctx.now(). Four statements, run together: the waiting counts and the oldest
 * urgent record (help_records_inbox and help_records_revisions indexes), the decisions of the last 24 hours
 * (audit_log_action_time, each entry's record by its key), and late pledges with quiet routes (pledges_emergency,
 * logistics_operations_emergency). Measured with bench/seed.ts at 20,000 records (3,200 waiting, 33,000 audit
 * entries): about 19 ms a view on SQLite and 64 ms on PostgreSQL, where one emergency holding every record makes the
 * planner read help_records whole for the decisions' join.
 */
export async function reviewStats(ctx: Context, emergencyId: string): Promise<ReviewStats> {
  const now = ctx.now();
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS).toISOString();
  const hourCutoffs = Array.from({ length: DECISION_HOURS }, (_, i) => ago(i + 1));
  const [counts, urgent, since, late] = await Promise.all([
    emergencyBacklogCounts(ctx.db, emergencyId, [ago(1), ago(6)]),
    oldestWaitingUrgent(ctx.db, emergencyId),
    decisionRows(ctx, emergencyId, hourCutoffs).then((rows) => decisionsSince(rows, hourCutoffs)),
    lateWork(ctx.db, emergencyId, now.toISOString(), ago(QUIET_ROUTE_HOURS), {
      overdueStatus: OVERDUE_PLEDGE_STATUS,
      movingStatuses: MOVING_ROUTE_STATUSES,
    }),
  ]);
  const [under1h = 0, from1hTo6h = 0, over6h = 0] = counts;
  // since[i] counts from i + 1 hours ago to now; the hour i + 1 to i hours ago is the difference.
  const hourly = hourCutoffs
    .map((from, i) => ({
      from,
      to: i === 0 ? now.toISOString() : (hourCutoffs[i - 1] as string),
      ...minus(since[i] as DecisionFigures, since[i - 1]),
    }))
    .reverse();
  return {
    generatedAt: now.toISOString(),
    pending: { under1h, from1hTo6h, over6h, total: under1h + from1hTo6h + over6h },
    oldestUrgent: urgent
      ? {
          id: urgent.id,
          title: urgent.title,
          waitingSince: urgent.waiting_since,
          waitingMinutes: Math.max(0, Math.floor((now.getTime() - Date.parse(urgent.waiting_since)) / 60_000)),
        }
      : null,
    decisions: { lastHour: since[0] ?? noDecisions(), hourly },
    overduePledges: late.overduePledges,
    quietRoutes: late.quietRoutes,
    quietRouteHours: QUIET_ROUTE_HOURS,
  };
}

export interface DayFigures {
  /** The day in Colombia, YYYY-MM-DD. */
  day: string;
  /** New submissions still waiting at the day's end (now, for today). */
  pendingAtEnd: number;
  decisions: DecisionFigures;
}

/** The start of the Colombian day holding `instant`, as an instant. */
function bogotaDayStart(instant: number): number {
  const local = instant + BOGOTA_OFFSET_MS;
  return local - (local % (24 * HOUR_MS)) - BOGOTA_OFFSET_MS;
}

/**
 * The last HISTORY_DAYS Colombian days of one emergency, oldest first: new submissions waiting at each day's end and
 * the decisions taken that day. What waited at an instant is worked back from now: waiting now, less what arrived
 * since, plus what was first decided since. Three indexed statements; for the digest, not for every inbox view.
 */
export async function reviewHistory(ctx: Context, emergencyId: string): Promise<DayFigures[]> {
  const now = ctx.now().getTime();
  const todayStart = bogotaDayStart(now);
  // Day d (0 = today) starts at starts[d] and ends at starts[d - 1] (today: now).
  const starts = Array.from({ length: HISTORY_DAYS }, (_, d) => new Date(todayStart - d * 24 * HOUR_MS).toISOString());
  const [arrivals, rows] = await Promise.all([
    submissionArrivals(ctx.db, emergencyId, starts),
    decisionRows(ctx, emergencyId, starts),
  ]);
  const since = decisionsSince(rows, starts);
  const firstDecidedSince = starts.map((_, i) =>
    rows.filter((row) => FIRST_DECISIONS.includes(row.action)).reduce((sum, row) => sum + (row.since[i] ?? 0), 0),
  );
  const waitingAtEnd = (d: number) =>
    d === 0
      ? arrivals.waitingNow
      : Math.max(0, arrivals.waitingNow - (arrivals.arrivedSince[d - 1] ?? 0) + (firstDecidedSince[d - 1] ?? 0));
  return starts
    .map((start, d) => ({
      day: new Date(Date.parse(start) + BOGOTA_OFFSET_MS).toISOString().slice(0, 10),
      pendingAtEnd: waitingAtEnd(d),
      decisions: minus(since[d] as DecisionFigures, since[d - 1]),
    }))
    .reverse();
}
