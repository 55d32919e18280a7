// A trusted lane, still reviewed. An administrator may say a registered integration's key is trusted
// (sources.trusted_at); a submission or revision that proved that key while it was trusted is stamped
// (help_records.trusted_source_at) so the leaders' inbox can put it in the "Fuente confiable" lane. Nothing is
// published by it: the stamp only sorts the review. Trust belongs to the key, so a new key starts untrusted.
import type { Kysely } from 'kysely';

export function trustedSources() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sources').addColumn('trusted_at', 'text').execute();
      await db.schema.alterTable('sources').addColumn('trusted_by', 'text').execute();
      await db.schema.alterTable('help_records').addColumn('trusted_source_at', 'text').execute();
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts).
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('help_records').dropColumn('trusted_source_at').execute();
      await db.schema.alterTable('sources').dropColumn('trusted_by').execute();
      await db.schema.alterTable('sources').dropColumn('trusted_at').execute();
    },
  };
}
