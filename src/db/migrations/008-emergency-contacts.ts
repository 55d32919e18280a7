// How the public reaches each emergency's team: a contact set by admins, shown on /privacidad and the emergency.
import type { Kysely } from 'kysely';
import type { Dialect } from '../types.ts';

export function emergencyContacts(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('emergencies').addColumn('public_contact', 'text').execute();
    },
  };
}
