// Whether the person said how many people are affected (help_records.people_given): SPEC 2.3 stores 1 when a
// submission leaves neededPeople out, and the pages must not publish that 1 as if someone had said it. Records stored
// before are told apart by the intake that brought them: a WhatsApp or SMS conversation never asks the number, so its
// requests did not give it (0); the web form, the API, the MCP tools and Kobo may have, and nothing kept tells a left
// out number from a typed 1, so their requests keep showing what they showed (1). Offers carry no people count (0).
import { type Kysely, sql } from 'kysely';

/** The sources the conversations wrote their records under when this migration was written. */
const CONVERSATION_SOURCES = ['whatsapp', 'sms'];

export function peopleGiven() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('help_records')
        .addColumn('people_given', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await sql`update help_records set people_given = 0
        where type <> 'request' or arrived_by is not null or source in (${sql.join(CONVERSATION_SOURCES)})`.execute(db);
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts); data is not restored.
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('help_records').dropColumn('people_given').execute();
    },
  };
}
