// A person who sends a form can ask to be told of their submission on the number they typed: a six-digit code goes
// to that number, and typing it back on the receipt page proves it. The record keeps the code's hash, its attempts
// and its expiry, when codes were sent (at most a few a day reach one number), and when the number was proved.
// Nothing to backfill: records from before asked for no code.
import type { Kysely } from 'kysely';

const COLUMNS = [
  'proof_channel',
  'proof_code_hash',
  'proof_expires_at',
  'proof_sent_at',
  'proof_sends',
  'number_proved_at',
] as const;

export function numberProofs() {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of COLUMNS) await db.schema.alterTable('help_records').addColumn(column, 'text').execute();
      await db.schema
        .alterTable('help_records')
        .addColumn('proof_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // The codes sent to one number in the last day: the cap that keeps the form from texting a stranger.
      await db.schema
        .createIndex('help_records_proof_sent')
        .on('help_records')
        .columns(['contact_whatsapp', 'proof_sent_at'])
        .execute();
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts); data is not restored.
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('help_records_proof_sent').execute();
      await db.schema.alterTable('help_records').dropColumn('proof_attempts').execute();
      for (const column of [...COLUMNS].reverse()) {
        await db.schema.alterTable('help_records').dropColumn(column).execute();
      }
    },
  };
}
