// job_leases: one row per periodic job. A claim is one statement, so it holds under PgBouncer's transaction pooling
// and on SQLite alike: it inserts the row, or takes it over when its lease ended or is already the claimer's own.
import type { Selectable } from 'kysely';
import type { Db, JobLeasesTable } from '../db/types.ts';

export type JobLeaseRow = Selectable<JobLeasesTable>;

/** True when `holder` now holds `job` until `until`; false when another instance's lease still runs. */
export async function claimJobLease(
  db: Db,
  claim: { job: string; holder: string; now: string; until: string },
): Promise<boolean> {
  const row = await db
    .insertInto('job_leases')
    .values({ job: claim.job, holder: claim.holder, until: claim.until, last_started_at: claim.now })
    .onConflict((oc) =>
      oc
        .column('job')
        .doUpdateSet((eb) => ({
          holder: eb.ref('excluded.holder'),
          until: eb.ref('excluded.until'),
          last_started_at: eb.ref('excluded.last_started_at'),
        }))
        .where((eb) => eb.or([eb('job_leases.until', '<=', claim.now), eb('job_leases.holder', '=', claim.holder)])),
    )
    .returning('job')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * How the run went, written only while `holder` still holds the job: a run that outlasted its lease does not
 * overwrite the row of the instance that took the job over. The lease itself is kept to its end, so the others skip
 * this round whether the run succeeded or failed.
 */
export async function finishJobRun(
  db: Db,
  run: { job: string; holder: string; finishedAt: string; durationMs: number; error: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('job_leases')
    .set((eb) => ({
      last_finished_at: run.finishedAt,
      last_duration_ms: run.durationMs,
      last_error: run.error,
      last_error_at: run.error === null ? eb.ref('last_error_at') : run.finishedAt,
    }))
    .where('job', '=', run.job)
    .where('holder', '=', run.holder)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function jobLeaseRows(db: Db): Promise<JobLeaseRow[]> {
  return db.selectFrom('job_leases').selectAll().orderBy('job').execute();
}
