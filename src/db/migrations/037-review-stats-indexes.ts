// An index for the review stats read on every inbox page view (queries/review-stats.ts): the review decisions of the
// last day are found by action and time in the audit log, instead of walking every record of the emergency to its
// audit entries. (The digest's chart of the last days reads the emergency's records without an index of its own:
// it runs once per digest, and an index on help_records would cost every submission a write.) Index only: the
// previous version reads and writes the same rows.
import type { Kysely } from 'kysely';

export function reviewStatsIndexes() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('audit_log_action_time').on('audit_log').columns(['action', 'created_at']).execute();
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts).
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('audit_log_action_time').execute();
    },
  };
}
