// Several instances share one PostgreSQL, and each would run every periodic job (upkeep, the sweep, retention): one
// row per job says which instance may run it until when, and how its last run went. A new table: old code ignores it.
import type { Kysely } from 'kysely';

export function jobLeases() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('job_leases')
        .addColumn('job', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('until', 'text', (c) => c.notNull())
        .addColumn('last_started_at', 'text')
        .addColumn('last_finished_at', 'text')
        .addColumn('last_duration_ms', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('last_error_at', 'text')
        .execute();
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts); data is not restored.
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('job_leases').execute();
    },
  };
}
