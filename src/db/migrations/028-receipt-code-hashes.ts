// Receipt codes are credentials: they are kept as hashes, like pledge and claim codes, with a copy sealed under the
// secret only their sender holds (domain/receipt-seal.ts). Codes given before this are hashed here and have no
// sealed copy: a repeat of their pair is answered without the code, which still works wherever it is typed.
import { type Kysely, sql } from 'kysely';
import { receiptCodeHash } from '../../domain/receipt-seal.ts';

const ADDED = ['receipt_code_hash', 'receipt_code_sealed', 'receipt_sealed_until', 'send_token_hash'] as const;
const BATCH = 500;

interface Coded {
  id: string;
  receipt_code: string;
}

export function receiptCodeHashes() {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ADDED) await db.schema.alterTable('help_records').addColumn(column, 'text').execute();
      const coded = db as unknown as Kysely<{ help_records: Coded & { receipt_code_hash: string | null } }>;
      for (;;) {
        const rows = await coded
          .selectFrom('help_records')
          .select(['id', 'receipt_code'])
          .where('receipt_code', 'is not', null)
          .where('receipt_code_hash', 'is', null)
          .limit(BATCH)
          .execute();
        if (rows.length === 0) break;
        for (const row of rows) {
          await coded
            .updateTable('help_records')
            .set({ receipt_code_hash: receiptCodeHash(row.receipt_code) })
            .where('id', '=', row.id)
            .execute();
        }
      }
      await db.schema.dropIndex('help_records_receipt_code').execute();
      await db.schema.alterTable('help_records').dropColumn('receipt_code').execute();
      await db.schema
        .createIndex('help_records_receipt_code_hash')
        .on('help_records')
        .column('receipt_code_hash')
        .unique()
        .execute();
    },
    // The schema as it was before, for tests of older backups (test/backup-restore.test.ts); data is not restored.
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('help_records_receipt_code_hash').execute();
      for (const column of [...ADDED].reverse()) {
        await db.schema.alterTable('help_records').dropColumn(column).execute();
      }
      await db.schema.alterTable('help_records').addColumn('receipt_code', 'text').execute();
      await sql`create unique index help_records_receipt_code on help_records (receipt_code)`.execute(db);
    },
  };
}
