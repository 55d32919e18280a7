// Short receipt codes (K7P-42Q): what a person keeps to ask for the state of a submission.
import type { Kysely } from 'kysely';
import type { Dialect } from '../types.ts';

export function receiptCodes(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('help_records').addColumn('receipt_code', 'text').execute();
      await db.schema
        .createIndex('help_records_receipt_code')
        .on('help_records')
        .column('receipt_code')
        .unique()
        .execute();
    },
  };
}
