// A pledger's "entregado" is a reported delivery, not a confirmed one: the pledge keeps status `reported` with the
// quantity it reported, and when (reported_at), until the person helped, a leader or a registered integration
// confirms it (then `delivered`, and covered grows) or disputes it. Deliveries confirmed before stay as they are.
import type { Kysely } from 'kysely';

export function reportedDeliveries() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('pledges').addColumn('reported_at', 'text').execute();
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts); data is not restored.
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('pledges').dropColumn('reported_at').execute();
    },
  };
}
