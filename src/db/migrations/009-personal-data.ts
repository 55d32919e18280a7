// Habeas data: withdrawn and erased records, and the log of erasures (ids only, never values) that a restore
// re-applies to a backup taken before them.
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../types.ts';

export function personalData(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      // When and by whom ('submitter' or 'team') the record was withdrawn from every public surface.
      await db.schema.alterTable('help_records').addColumn('withdrawn_at', 'text').execute();
      await db.schema.alterTable('help_records').addColumn('withdrawn_by', 'text').execute();
      // When its personal data was erased (contact, document, address, exact point): by a person, the team or
      // retention. identity_erased_at alone: only the identity document is gone (retention after the decision).
      await db.schema.alterTable('help_records').addColumn('personal_data_erased_at', 'text').execute();
      await db.schema.alterTable('help_records').addColumn('identity_erased_at', 'text').execute();

      // One row per row erased: which table and row, what scope, when, by whom and why; never the values.
      await db.schema
        .createTable('erasures')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('target_table', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('erasures_created').on('erasures').columns(['created_at']).execute();
      // Retention looks for decided records whose personal data is still there. Partial indexes: an index led by
      // review_status would be chosen by the public reads (review_status = 'approved' and id in (…)) and scan
      // every published record instead of finding a few by id.
      await db.schema
        .createIndex('help_records_rejected_retention')
        .on('help_records')
        .column('reviewed_at')
        .where(sql<boolean>`review_status = 'rejected' and personal_data_erased_at is null`)
        .execute();
      await db.schema
        .createIndex('help_records_identity_retention')
        .on('help_records')
        .column('reviewed_at')
        .where(sql<boolean>`identity_document is not null`)
        .execute();
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts); data is not restored.
    async down(db: Kysely<unknown>) {
      for (const index of ['help_records_rejected_retention', 'help_records_identity_retention', 'erasures_created']) {
        await db.schema.dropIndex(index).execute();
      }
      await db.schema.dropTable('erasures').execute();
      for (const column of ['withdrawn_at', 'withdrawn_by', 'personal_data_erased_at', 'identity_erased_at']) {
        await db.schema.alterTable('help_records').dropColumn(column).execute();
      }
    },
  };
}
