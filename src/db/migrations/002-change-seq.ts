// Every write to an aid record takes the next change number, so each instance's search index can follow
// exactly what changed since it last looked.
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../types.ts';

export function changeSeq(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') await sql`create sequence help_records_change_seq`.execute(db);
      await db.schema
        .alterTable('help_records')
        .addColumn('change_seq', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('help_records_change_seq_idx').on('help_records').column('change_seq').execute();
    },
  };
}
