// Trust under attack: the version a leader approves, submitters' edit tokens, registered integrations,
// reports from the public, password resets, expiring centre links and the public place of requests.
import type { Kysely } from 'kysely';
import { nearestMunicipality } from '../../domain/municipalities.ts';
import type { Dialect } from '../types.ts';

export function trust(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      // Moves each time the submitter changes the content: an approval names the version the leader saw.
      await db.schema
        .alterTable('help_records')
        .addColumn('content_version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      // sha256 of the secret the first 202 returned; records older than this column have none.
      await db.schema.alterTable('help_records').addColumn('edit_token_hash', 'text').execute();
      // 1 when the submitter asked to show the exact place; requests are otherwise shown on a ~300 m grid.
      await db.schema
        .alterTable('help_records')
        .addColumn('exact_location', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // DIVIPOLA code of the municipality (nearest to the point when none was chosen).
      await db.schema.alterTable('help_records').addColumn('municipality_code', 'text').execute();
      await backfillMunicipalities(db as Kysely<MunicipalityRows>);

      // Integrations that revise their own pairs with a key instead of per-record tokens.
      await db.schema
        .createTable('sources')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('rotated_at', 'text')
        .execute();

      // Reports from anyone about a published record; never public.
      await db.schema
        .createTable('reports')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('help_id', 'text', (c) => c.notNull().references('help_records.id').onDelete('cascade'))
        .addColumn('emergency_id', 'text', (c) => c.notNull().references('emergencies.id'))
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        // A keyed hash of the reporter's address: distinct reporters are counted, addresses are not kept.
        .addColumn('reporter_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('resolved_at', 'text')
        .addColumn('resolved_by', 'text')
        .execute();
      await db.schema.createIndex('reports_help').on('reports').columns(['help_id', 'resolved_at']).execute();
      await db.schema.createIndex('reports_emergency').on('reports').columns(['emergency_id', 'resolved_at']).execute();

      // One-time links an admin gives a leader to set a new password.
      await db.schema
        .createTable('password_resets')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();

      // Centre edit links expire; links made before this column get created_at + the configured days.
      await db.schema.alterTable('center_edit_links').addColumn('expires_at', 'text').execute();
    },
  };
}

interface MunicipalityRows {
  help_records: { id: string; latitude: number | null; longitude: number | null; municipality_code: string | null };
}

async function backfillMunicipalities(db: Kysely<MunicipalityRows>): Promise<void> {
  const rows = await db
    .selectFrom('help_records')
    .select(['id', 'latitude', 'longitude'])
    .where('latitude', 'is not', null)
    .where('longitude', 'is not', null)
    .execute();
  for (const row of rows) {
    const code = nearestMunicipality(row.latitude as number, row.longitude as number).code;
    await db.updateTable('help_records').set({ municipality_code: code }).where('id', '=', row.id).execute();
  }
}
