// One instance per round runs each periodic job: it claims the job's lease first (repositories/job-leases.ts), and
// an instance that cannot skips the round. Every instance keeps its timers, so when the holder stops another takes
// the job over within one interval. How each run went stays in the lease's row for the readiness detail.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Context } from '../context.ts';
import { leaseMs, type PeriodicJob } from '../domain/periodic-jobs.ts';
import { claimJobLease, finishJobRun } from '../repositories/job-leases.ts';
import type { WorkerLog } from './periodic-pass.ts';

/** Longest error message kept in the row: enough to recognise it, never a whole stack. */
const ERROR_CHARS = 500;

/**
 * Who claims: one per running service, not per host or process alone, so two services in one process (as in the
 * tests) or a restarted process never pass for each other.
 */
export function newLeaseHolder(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/**
 * Runs `run` when `holder` claims `job`'s lease, for a job scheduled every `everyMs`. Resolves `{ ran: false }`
 * when another instance holds it; a run that throws has its error written to the row and thrown again.
 */
export async function runLeased<T>(
  ctx: Context,
  holder: string,
  job: PeriodicJob,
  everyMs: number,
  run: () => Promise<T>,
): Promise<{ ran: false } | { ran: true; value: T }> {
  const started = ctx.now();
  const claimed = await claimJobLease(ctx.db, {
    job,
    holder,
    now: started.toISOString(),
    until: new Date(started.getTime() + leaseMs(everyMs)).toISOString(),
  });
  if (!claimed) return { ran: false };
  const clock = performance.now();
  const finish = (error: string | null) =>
    finishJobRun(ctx.db, {
      job,
      holder,
      finishedAt: ctx.now().toISOString(),
      durationMs: Math.round(performance.now() - clock),
      error,
    });
  let value: T;
  try {
    value = await run();
  } catch (err) {
    // The job's own error is what the caller logs; a failure to write it down must not hide it.
    await finish(errorText(err)).catch(() => {});
    throw err;
  }
  await finish(null);
  return { ran: true, value };
}

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message || err.name : String(err);
  return text.slice(0, ERROR_CHARS);
}

/**
 * A periodic job as the server schedules it: each tick runs `body` under the job's lease, and logs its failure as
 * `<job> failed` (the error is also in the lease's row).
 */
export function leasedJob(
  ctx: Context,
  holder: string,
  log: Pick<WorkerLog, 'error'>,
  job: PeriodicJob,
  everyMs: number,
  body: () => Promise<void>,
): () => Promise<void> {
  return async () => {
    try {
      await runLeased(ctx, holder, job, everyMs, body);
    } catch (err) {
      log.error({ err }, `${job} failed`);
    }
  };
}
