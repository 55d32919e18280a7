// Open data that moves: the public change feed (every change of what the public API shows, in commit order, each
// with the public state after it) and the webhooks that deliver it, durably, to subscribers.
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../types.ts';

export function openData(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      // seq is given under the lock of public_change_head's one row, held to the commit: numbers are taken in
      // commit order on both engines, so a reader that has seen n has seen everything below n.
      await db.schema
        .createTable('public_changes')
        .addColumn('seq', 'bigint', (c) => c.primaryKey())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text', (c) => c.notNull())
        .addColumn('emergency_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('state', 'text')
        .addColumn('fingerprint', 'text')
        .addColumn('redacted', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('public_changes_entity')
        .on('public_changes')
        .columns(['entity', 'entity_id', 'seq'])
        .execute();
      await db.schema.createIndex('public_changes_at').on('public_changes').column('at').execute();
      await db.schema
        .createTable('public_change_head')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('seq', 'bigint', (c) => c.notNull())
        // Cursors below this were dropped by retention: they answer 410 cursor_expired.
        .addColumn('floor', 'bigint', (c) => c.notNull())
        .execute();
      await sql`insert into public_change_head (id, seq, floor) values (1, 0, 0)`.execute(db);

      // No foreign keys, like pledges: a backup older than these tables must restore (see 010-pledges.ts).
      await db.schema
        .createTable('webhook_subscriptions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('emergency_id', 'text')
        // Comma-separated kinds ('published,withdrawn'); null = every kind.
        .addColumn('kinds', 'text')
        // whsec_… as the Standard Webhooks scheme gives it: needed to sign, so kept as it is.
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('removed_at', 'text')
        .execute();
      await db.schema
        .createTable('webhook_deliveries')
        // The webhook-id header: the same on every retry of one delivery.
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('subscription_id', 'text', (c) => c.notNull())
        .addColumn('change_seq', 'bigint', (c) => c.notNull())
        // pending -> delivered | dead (after the retry window; a leader can send it again)
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        // An instance sending it holds it until then; a crash lets it go when the time passes.
        .addColumn('locked_until', 'text')
        .addColumn('last_status', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('delivered_at', 'text')
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_due')
        .on('webhook_deliveries')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_subscription')
        .on('webhook_deliveries')
        .columns(['subscription_id', 'status', 'created_at'])
        .execute();
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts); data is not restored.
    async down(db: Kysely<unknown>) {
      for (const table of ['webhook_deliveries', 'webhook_subscriptions', 'public_change_head', 'public_changes']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
