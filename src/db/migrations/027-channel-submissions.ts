// The daily limit on submissions through the WhatsApp and SMS conversations counts one number's records of the last
// day: an index of the records a conversation brought, by number and time, answers it without reading every record
// the number ever gave (a centre's or a field team's number can be on thousands). Nothing to backfill.
import { type Kysely, sql } from 'kysely';

export function channelSubmissions() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('help_records_channel_contact')
        .on('help_records')
        .columns(['contact_whatsapp', 'created_at'])
        .where(sql.ref('arrived_by'), 'is not', null)
        .execute();
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts); data is not restored.
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('help_records_channel_contact').execute();
    },
  };
}
