// Which channel brought a record, recorded by the intake itself (help_records.arrived_by): notices and the leaders'
// replies go only to records a WhatsApp or SMS conversation brought, never to whatever `source` claims. Records
// stored before are given a channel only where the service's own messages prove it: a message received that made
// the record, or a message sent to its person (not a leader's alert). Every other record has none, and gets no
// notice.
import { type Kysely, sql } from 'kysely';

export function arrivedBy() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('help_records').addColumn('arrived_by', 'text').execute();
      await sql`update help_records set arrived_by = coalesce(
          (select m.channel from channel_messages m where m.help_id = help_records.id limit 1),
          (select o.channel from outbound_messages o
            where o.help_id = help_records.id and o.account_id is null
              and o.kind in ('receipt', 'notice', 'reply', 'leader_reply')
            limit 1))`.execute(db);
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts); data is not restored.
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('help_records').dropColumn('arrived_by').execute();
    },
  };
}
