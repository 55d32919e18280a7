// Requests placed by municipality: whether a record's municipality was derived from its point or chosen.
import type { Kysely } from 'kysely';
import type { Dialect } from '../types.ts';

export function places(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      // 1 when the municipality was worked out as the one whose point is nearest; 0 when a person chose it.
      await db.schema
        .alterTable('help_records')
        .addColumn('municipality_derived', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
  };
}
