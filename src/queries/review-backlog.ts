// What waits for review, by emergency and by how long it has waited, and how long the oldest urgent request has
// waited: one statement, run when metrics are scraped (never per request).
import type { Context } from '../context.ts';
import { reviewBacklogRows } from '../repositories/help-records/review-backlog.ts';

/** The age buckets, youngest first: each holds what has waited less than its hours (the last, all older). */
export const BACKLOG_BUCKETS = [
  { label: 'under_1h', hours: 1 },
  { label: '1h_to_6h', hours: 6 },
  { label: '6h_to_24h', hours: 24 },
  { label: 'over_24h', hours: null },
] as const;

export type BacklogBucket = (typeof BACKLOG_BUCKETS)[number]['label'];

export interface EmergencyBacklog {
  slug: string;
  waiting: Record<BacklogBucket, number>;
  /** Seconds the oldest waiting urgent request has waited; 0 when none waits. */
  oldestUrgentSeconds: number;
}

export async function reviewBacklog(ctx: Context): Promise<EmergencyBacklog[]> {
  const now = ctx.now().getTime();
  const cutoffs = BACKLOG_BUCKETS.flatMap((b) =>
    b.hours === null ? [] : [new Date(now - b.hours * 3_600_000).toISOString()],
  );
  const rows = await reviewBacklogRows(ctx.db, cutoffs);
  return rows.map((row) => ({
    slug: row.slug,
    waiting: Object.fromEntries(BACKLOG_BUCKETS.map((b, i) => [b.label, row.counts[i] ?? 0])) as Record<
      BacklogBucket,
      number
    >,
    oldestUrgentSeconds:
      row.oldest_urgent === null ? 0 : Math.max(0, (now - new Date(row.oldest_urgent).getTime()) / 1000),
  }));
}
