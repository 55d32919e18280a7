// "retirar CÓDIGO" on WhatsApp or SMS asks first: the conversation keeps which record the person asked to withdraw
// and when, and only a "SI" within minutes withdraws it. Nothing to backfill: a question not yet asked has no row.
import type { Kysely } from 'kysely';

export function withdrawConfirm() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('conversations').addColumn('withdraw_help_id', 'text').execute();
      await db.schema.alterTable('conversations').addColumn('withdraw_asked_at', 'text').execute();
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts); data is not restored.
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('conversations').dropColumn('withdraw_asked_at').execute();
      await db.schema.alterTable('conversations').dropColumn('withdraw_help_id').execute();
    },
  };
}
