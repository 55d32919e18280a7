// Indexes for the review stats read on every inbox page view (queries/review-stats.ts). The review decisions of the
// last day are found by action and time in the audit log, instead of walking every record of the emergency to its
// audit entries; the submissions of the last days are found by emergency and arrival time, for the digest's chart
// of what waited at each day's end. Indexes only: the previous version reads and writes the same rows.
import type { Kysely } from 'kysely';

export function reviewStatsIndexes() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('audit_log_action_time').on('audit_log').columns(['action', 'created_at']).execute();
      await db.schema
        .createIndex('help_records_arrivals')
        .on('help_records')
        .columns(['emergency_id', 'submitted_at'])
        .execute();
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts).
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('help_records_arrivals').execute();
      await db.schema.dropIndex('audit_log_action_time').execute();
    },
  };
}
