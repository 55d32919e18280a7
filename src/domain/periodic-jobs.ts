// The periodic jobs every instance schedules and only one runs each round (commands/job-lease.ts): their names, as
// the job_leases table, the readiness detail and the logs know them, and how long a claim on one lasts.

export const PERIODIC_JOBS = ['upkeep', 'sweep', 'retention', 'backups'] as const;
export type PeriodicJob = (typeof PERIODIC_JOBS)[number];

/**
 * A claim lasts a little less than the job's interval: the instance that ran a round finds the lease free at its
 * next tick and keeps the job, and the others, ticking at other moments, skip while it holds it. When the holder
 * stops, another instance takes the job over within one interval.
 */
export function leaseMs(everyMs: number): number {
  return Math.max(1, Math.floor(everyMs * 0.9));
}
