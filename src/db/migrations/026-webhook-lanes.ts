// Webhooks are sent one at a time to each subscription, in feed order, so a slow receiver delays only itself. Each
// claim asks, for every subscription, whether one of its messages is in flight and which pending one comes next in
// the feed: two indexes answer both without reading a subscription's whole backlog. The index of due messages across
// all subscriptions served the claim that took any due message; it goes, or SQLite's planner would still choose it
// and read every pending row of every subscription on each claim. Nothing to backfill.
import type { Kysely } from 'kysely';

export function webhookLanes() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('webhook_deliveries_next')
        .on('webhook_deliveries')
        .columns(['subscription_id', 'status', 'change_seq'])
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_leased')
        .on('webhook_deliveries')
        .columns(['subscription_id', 'locked_until'])
        .execute();
      await db.schema.dropIndex('webhook_deliveries_due').execute();
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts); data is not restored.
    async down(db: Kysely<unknown>) {
      await db.schema
        .createIndex('webhook_deliveries_due')
        .on('webhook_deliveries')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema.dropIndex('webhook_deliveries_leased').execute();
      await db.schema.dropIndex('webhook_deliveries_next').execute();
    },
  };
}
