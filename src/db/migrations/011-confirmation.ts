// Needs stay current: when a published record was last confirmed as still valid, and the state that follows from
// it (current, to_confirm, expired), kept by the commands that confirm and by the periodic sweep, so public reads,
// the search index and the caches see a state change as any other write (a new change number).
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../types.ts';

export function confirmation(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('help_records').addColumn('confirmed_at', 'text').execute();
      await db.schema
        .alterTable('help_records')
        .addColumn('confirmation_state', 'text', (c) => c.notNull().defaultTo('current'))
        .execute();
      // Records published before this existed count as confirmed at their last review (or publication): the sweep
      // then moves the old ones on, one change number each.
      await sql`update help_records set confirmed_at = coalesce(reviewed_at, published_at, created_at)`.execute(db);
      // The sweep looks for published, unfinished records whose time is up.
      await db.schema
        .createIndex('help_records_confirmation_due')
        .on('help_records')
        .columns(['confirmation_state', 'confirmed_at'])
        .where(sql<boolean>`review_status = 'approved' and status <> 'completed'`)
        .execute();
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts); data is not restored.
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('help_records_confirmation_due').execute();
      for (const column of ['confirmed_at', 'confirmation_state']) {
        await db.schema.alterTable('help_records').dropColumn(column).execute();
      }
    },
  };
}
