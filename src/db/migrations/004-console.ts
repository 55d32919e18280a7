// Leaders' console and operations: accounts, their emergencies, console sessions, login throttling,
// collection-centre inventory lines and the centres' secret edit links.
import type { Kysely } from 'kysely';
import type { Dialect } from '../types.ts';

export function consoleTables(_dialect: Dialect) {
  const number = 'double precision';
  return {
    async up(db: Kysely<unknown>) {
      // Likely duplicates in the review inbox: the same WhatsApp number, or the same kind of aid nearby.
      await db.schema
        .createIndex('help_records_whatsapp')
        .on('help_records')
        .columns(['emergency_id', 'contact_whatsapp'])
        .execute();
      await db.schema
        .createIndex('help_records_nearby')
        .on('help_records')
        .columns(['emergency_id', 'type', 'category', 'latitude'])
        .execute();

      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('disabled_at', 'text')
        .execute();

      await db.schema
        .createTable('account_emergencies')
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('emergency_id', 'text', (c) => c.notNull().references('emergencies.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('account_emergencies_pk', ['account_id', 'emergency_id'])
        .execute();

      // The id is a hash of the cookie's token: a copy of this table cannot be replayed as cookies.
      await db.schema
        .createTable('console_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('console_sessions_expires').on('console_sessions').column('expires_at').execute();

      // Failed logins per key (an e-mail address or a client address), shared by every instance.
      await db.schema
        .createTable('login_attempts')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('window_started_at', 'text', (c) => c.notNull())
        .addColumn('locked_until', 'text')
        .execute();

      await db.schema
        .createTable('inventory_lines')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('emergency_id', 'text', (c) => c.notNull().references('emergencies.id'))
        .addColumn('center_id', 'text', (c) => c.notNull().references('help_records.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('quantity', number, (c) => c.notNull())
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('inventory_lines_identity', ['center_id', 'kind', 'category', 'unit'])
        .execute();
      await db.schema
        .createIndex('inventory_lines_emergency')
        .on('inventory_lines')
        .columns(['emergency_id', 'category'])
        .execute();

      // Only a hash of the secret is kept, so the table never holds a usable link.
      await db.schema
        .createTable('center_edit_links')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('center_id', 'text', (c) => c.notNull().references('help_records.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema.createIndex('center_edit_links_center').on('center_edit_links').column('center_id').execute();
    },
  };
}
