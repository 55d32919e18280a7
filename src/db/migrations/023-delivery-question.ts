// A requester who came by WhatsApp or SMS (or proved their number) answers a reported delivery from their phone:
// the record keeps when its person was last asked about the deliveries reported to it, and an answer confirms or
// disputes only those reported by then. Nothing to backfill: a question not yet asked has no date.
import type { Kysely } from 'kysely';

export function deliveryQuestion() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('help_records').addColumn('delivery_asked_at', 'text').execute();
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts); data is not restored.
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('help_records').dropColumn('delivery_asked_at').execute();
    },
  };
}
