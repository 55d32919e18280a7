// Pledges ("voy a llevar"): who said they will bring what to a published request, and by when. The request keeps
// the open pledges' total beside its covered quantity, so every public read shows what is already on its way.
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../types.ts';

export function pledges(_dialect: Dialect) {
  const number = 'double precision';
  return {
    async up(db: Kysely<unknown>) {
      // Open pledges only: a delivered pledge moves into quantity_covered, a released one leaves nothing behind.
      await db.schema
        .alterTable('help_records')
        .addColumn('quantity_committed', number, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('help_records')
        .addColumn('pledges_open', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // A public event's quantity ("alguien se comprometió a llevar 20 bidones"), never who.
      await db.schema.alterTable('timeline_events').addColumn('quantity', number).execute();

      await db.schema
        .createTable('pledges')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // No foreign key, like reports: records are never deleted, and restoring a backup older than this table
        // (pg_restore --clean drops and remakes help_records' key) must not depend on a table it does not know.
        .addColumn('help_id', 'text', (c) => c.notNull())
        .addColumn('emergency_id', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull().unique())
        .addColumn('quantity', number)
        .addColumn('delivered_quantity', number)
        .addColumn('deliver_by', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('contact_name', 'text', (c) => c.notNull())
        .addColumn('contact_whatsapp', 'text', (c) => c.notNull())
        .addColumn('client_hash', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('closed_at', 'text')
        .addColumn('closed_by', 'text')
        .addColumn('personal_data_erased_at', 'text')
        .execute();
      await db.schema.createIndex('pledges_help').on('pledges').columns(['help_id', 'created_at']).execute();
      await db.schema.createIndex('pledges_emergency').on('pledges').columns(['emergency_id', 'created_at']).execute();
      await db.schema
        .createIndex('pledges_open_expiry')
        .on('pledges')
        .column('expires_at')
        .where(sql<boolean>`status = 'open'`)
        .execute();
      await db.schema.createIndex('pledges_whatsapp').on('pledges').columns(['contact_whatsapp', 'status']).execute();
      await db.schema.createIndex('pledges_client').on('pledges').columns(['client_hash', 'status']).execute();
      await db.schema
        .createIndex('pledges_closed_retention')
        .on('pledges')
        .column('closed_at')
        .where(sql<boolean>`personal_data_erased_at is null`)
        .execute();
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts); data is not restored.
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('pledges').execute();
      for (const column of ['quantity_committed', 'pledges_open']) {
        await db.schema.alterTable('help_records').dropColumn(column).execute();
      }
      await db.schema.alterTable('timeline_events').dropColumn('quantity').execute();
    },
  };
}
