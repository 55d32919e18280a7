// A leader's cancellation of a pledge (or refusal of a volunteer's offer) can be undone for ten minutes: one row per
// such decision keeps what the pledge or offer was before it, until when it may be undone, and whether it was undone
// or its notices were sent once the window closed. Only ids, statuses and times: nothing about a person. A new
// table: old code ignores it.
import type { Kysely } from 'kysely';

export function undoWindows() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('undo_windows')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text', (c) => c.notNull())
        .addColumn('emergency_id', 'text', (c) => c.notNull())
        .addColumn('help_id', 'text')
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('before_state', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('until', 'text', (c) => c.notNull())
        .addColumn('closed_at', 'text')
        .addColumn('outcome', 'text')
        .execute();
      await db.schema
        .createIndex('undo_windows_target')
        .on('undo_windows')
        .columns(['target_id', 'closed_at'])
        .execute();
      await db.schema.createIndex('undo_windows_due').on('undo_windows').columns(['closed_at', 'until']).execute();
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts); data is not restored.
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('undo_windows').execute();
    },
  };
}
