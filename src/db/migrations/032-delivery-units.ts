// Deliveries in the unit they carry. A pledge and its delivery were counted in the request's unit without saying
// so; a route volunteer who brought "15 cajas" to a request counted in kilos had to write it in kilos or not at
// all. Now a pledge keeps its unit (null: the request's, as every pledge made before), and a delivery in another
// unit adds nothing to covered until a leader says what it is worth in the request's unit (converted_quantity).
// A public event keeps the unit its quantity is in, so the history says "15 cajas (sin convertir)".
import type { Kysely } from 'kysely';

export function deliveryUnits() {
  const number = 'double precision';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('pledges').addColumn('unit', 'text').execute();
      await db.schema.alterTable('pledges').addColumn('converted_quantity', number).execute();
      await db.schema.alterTable('timeline_events').addColumn('unit', 'text').execute();
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts).
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('timeline_events').dropColumn('unit').execute();
      await db.schema.alterTable('pledges').dropColumn('converted_quantity').execute();
      await db.schema.alterTable('pledges').dropColumn('unit').execute();
    },
  };
}
