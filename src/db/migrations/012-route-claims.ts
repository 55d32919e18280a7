// Volunteers claim routes ("Quiero llevar esta ruta"): the offer reaches the emergency's leaders, who accept it (the
// route is assigned, the volunteer's contact private as ever) or decline it. The volunteer keeps a code to say
// "en camino" and "entregado".
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../types.ts';

export function routeClaims(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('route_claims')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // No foreign key, like pledges: a backup older than this table must restore (see 010-pledges.ts).
        .addColumn('operation_id', 'text', (c) => c.notNull())
        .addColumn('emergency_id', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull().unique())
        .addColumn('contact_name', 'text', (c) => c.notNull())
        .addColumn('contact_whatsapp', 'text', (c) => c.notNull())
        .addColumn('vehicle', 'text')
        .addColumn('available_when', 'text', (c) => c.notNull())
        .addColumn('client_hash', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('decided_at', 'text')
        .addColumn('decided_by', 'text')
        .addColumn('personal_data_erased_at', 'text')
        .execute();
      await db.schema
        .createIndex('route_claims_operation')
        .on('route_claims')
        .columns(['operation_id', 'status'])
        .execute();
      await db.schema
        .createIndex('route_claims_emergency')
        .on('route_claims')
        .columns(['emergency_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('route_claims_whatsapp')
        .on('route_claims')
        .columns(['contact_whatsapp', 'status'])
        .execute();
      await db.schema
        .createIndex('route_claims_client')
        .on('route_claims')
        .columns(['client_hash', 'status'])
        .execute();
      await db.schema
        .createIndex('route_claims_retention')
        .on('route_claims')
        .column('decided_at')
        .where(sql<boolean>`personal_data_erased_at is null`)
        .execute();
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts); data is not restored.
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('route_claims').execute();
    },
  };
}
