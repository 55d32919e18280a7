// A pending submission a leader joins to a published record of the same need (review_status 'joined'): it is
// neither published nor rejected. duplicate_of names the record it was joined to, so its person's receipt can link
// the published one and the leaders' history can say where it went. No index: it is read by the record's own id.
import type { Kysely } from 'kysely';

export function duplicateOf() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('help_records').addColumn('duplicate_of', 'text').execute();
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts).
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('help_records').dropColumn('duplicate_of').execute();
    },
  };
}
