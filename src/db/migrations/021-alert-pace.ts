// Leaders' urgent alerts are paced: the first goes at once, the rest of the next ALERT_EVERY_MINUTES are counted into
// one message. Each leader's row keeps when their last alert was queued; an instance claims the next one by moving
// it, so two instances never send the same alert twice.
import type { Kysely } from 'kysely';

export function alertPace() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('leader_alerts').addColumn('last_alert_at', 'text').execute();
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts); data is not restored.
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('leader_alerts').dropColumn('last_alert_at').execute();
    },
  };
}
