// Who runs each periodic job and how its last run went (commands/job-lease.ts), for the readiness detail and metrics.
import type { Context } from '../context.ts';
import { PERIODIC_JOBS, type PeriodicJob } from '../domain/periodic-jobs.ts';
import { jobLeaseRows } from '../repositories/job-leases.ts';

export interface JobLeader {
  job: PeriodicJob;
  /** The instance that claimed the job last; null before any instance ran it. */
  holder: string | null;
  /** When that claim ends, and whether it still runs now. */
  leaseUntil: string | null;
  held: boolean;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  lastDurationMs: number | null;
  /** The last run's error (null when it succeeded), and when a run last failed. */
  lastError: string | null;
  lastErrorAt: string | null;
}

/** One entry per periodic job, in PERIODIC_JOBS order, including those no instance has run yet. */
export async function jobLeaders(ctx: Context): Promise<JobLeader[]> {
  const rows = new Map((await jobLeaseRows(ctx.db)).map((row) => [row.job, row]));
  const now = ctx.now().toISOString();
  return PERIODIC_JOBS.map((job) => {
    const row = rows.get(job);
    return {
      job,
      holder: row?.holder ?? null,
      leaseUntil: row?.until ?? null,
      held: row !== undefined && row.until > now,
      lastStartedAt: row?.last_started_at ?? null,
      lastFinishedAt: row?.last_finished_at ?? null,
      lastDurationMs: row?.last_duration_ms == null ? null : Number(row.last_duration_ms),
      lastError: row?.last_error ?? null,
      lastErrorAt: row?.last_error_at ?? null,
    };
  });
}
