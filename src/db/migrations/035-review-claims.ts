// Review at flood scale. review_claims: the cards a leader took as a batch ("Revisar los siguientes 20"), one claim
// per record so two leaders never hold the same card; a claim is live until expires_at (REVIEW_CLAIM_MINUTES) and
// old rows are dropped by the console's upkeep. rejected_numbers: the numbers of rejected submissions, kept only as
// a keyed hash (HMAC under NUMBER_HASH_KEY) so a new submission from the same number can be flagged without the
// number itself being stored; one row per rejected record, erased with that record (its retention or an erasure).
// New tables: the previous version ignores them.
import type { Kysely } from 'kysely';

export function reviewClaims() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('review_claims')
        .addColumn('record_id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('emergency_id', 'text', (c) => c.notNull())
        .addColumn('claimed_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('review_claims_account')
        .on('review_claims')
        .columns(['account_id', 'emergency_id'])
        .execute();
      await db.schema.createIndex('review_claims_expires').on('review_claims').column('expires_at').execute();
      await db.schema
        .createTable('rejected_numbers')
        .addColumn('record_id', 'text', (c) => c.primaryKey())
        .addColumn('emergency_id', 'text', (c) => c.notNull())
        .addColumn('number_hash', 'text', (c) => c.notNull())
        .addColumn('rejected_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('rejected_numbers_hash')
        .on('rejected_numbers')
        .columns(['emergency_id', 'number_hash'])
        .execute();
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts); data is not restored.
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('rejected_numbers').execute();
      await db.schema.dropTable('review_claims').execute();
    },
  };
}
