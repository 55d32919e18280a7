// Leaders limited to some places of an emergency: a row per municipality (5-digit DIVIPOLA code) or whole
// department (2-digit code). A leader without rows for an emergency sees all of it, as before; admins are never
// scoped. Who set each row and when is kept beside it and in the audit log.
import type { Kysely } from 'kysely';

export function placeScopes() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('leader_place_scopes')
        // No foreign keys, like every table since 005: restoring an older backup (pg_restore --clean) must be able to
        // drop and recreate the tables it holds while this one stays.
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('emergency_id', 'text', (c) => c.notNull())
        .addColumn('place_code', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('leader_place_scopes_pk', ['account_id', 'emergency_id', 'place_code'])
        .execute();
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts).
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('leader_place_scopes').execute();
    },
  };
}
