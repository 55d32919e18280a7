// A requester hears of pledges at a human pace: the first pledge, report or cancellation at once, then at most one
// message an hour with what changed. The record keeps when its person was last told (never public).
import type { Kysely } from 'kysely';

export function pledgeNoticePace() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('help_records').addColumn('pledge_noticed_at', 'text').execute();
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts); data is not restored.
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('help_records').dropColumn('pledge_noticed_at').execute();
    },
  };
}
