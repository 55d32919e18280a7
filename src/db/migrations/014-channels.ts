// Intake where people already are: WhatsApp and SMS conversations, the messages received (each once: the provider's
// id is the key, so a retried delivery is recognised), the messages to send (a queue every instance drains, in order
// per number) and the leaders who asked for alerts on their own WhatsApp.
import type { Kysely } from 'kysely';
import type { Dialect } from '../types.ts';

export function channels(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      // One open conversation per number and channel; state is null when none is open.
      await db.schema
        .createTable('conversations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('state', 'text')
        // The id of the message that opened the conversation: the submission's externalId.
        .addColumn('opened_by', 'text')
        .addColumn('last_inbound_at', 'text', (c) => c.notNull())
        // The provider's time of the newest message taken into the conversation: an older one arriving late is
        // logged but not replayed into it.
        .addColumn('last_sent_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('conversations_address')
        .on('conversations')
        .columns(['channel', 'address'])
        .unique()
        .execute();
      await db.schema.createIndex('conversations_last_inbound').on('conversations').column('last_inbound_at').execute();

      await db.schema
        .createTable('channel_messages')
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('provider_id', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        // text | location | choice | other
        .addColumn('kind', 'text', (c) => c.notNull())
        // What the person wrote (or the place they shared), for the leaders' console; emptied by erasure and retention.
        .addColumn('body', 'text')
        .addColumn('sent_at', 'text', (c) => c.notNull())
        .addColumn('received_at', 'text', (c) => c.notNull())
        // The submission the conversation ended in, once there is one.
        .addColumn('help_id', 'text')
        .addPrimaryKeyConstraint('channel_messages_pk', ['channel', 'provider_id'])
        .execute();
      await db.schema
        .createIndex('channel_messages_address')
        .on('channel_messages')
        .columns(['address', 'received_at'])
        .execute();
      await db.schema.createIndex('channel_messages_help').on('channel_messages').column('help_id').execute();

      await db.schema
        .createTable('outbound_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        // reply | receipt | notice | leader_reply | alert | digest
        .addColumn('kind', 'text', (c) => c.notNull())
        // JSON: { text, choices? } or { template, text }.
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('help_id', 'text')
        .addColumn('account_id', 'text')
        // pending -> sent | failed
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('locked_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('provider_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        // Several messages written at once (a turn's replies) keep their order by it.
        .addColumn('ordinal', 'integer', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema
        .createIndex('outbound_messages_due')
        .on('outbound_messages')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('outbound_messages_address')
        .on('outbound_messages')
        .columns(['channel', 'address', 'status', 'created_at'])
        .execute();
      await db.schema.createIndex('outbound_messages_help').on('outbound_messages').column('help_id').execute();

      await db.schema
        .createTable('leader_alerts')
        .addColumn('account_id', 'text', (c) => c.primaryKey())
        .addColumn('whatsapp', 'text', (c) => c.notNull())
        .addColumn('urgent', 'integer', (c) => c.notNull())
        .addColumn('digest', 'integer', (c) => c.notNull())
        // The Bogotá date of the last digest sent: one a day, whichever instance sends it.
        .addColumn('digest_sent_on', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts); data is not restored.
    async down(db: Kysely<unknown>) {
      for (const table of ['leader_alerts', 'outbound_messages', 'channel_messages', 'conversations']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
