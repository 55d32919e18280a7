// Published aid records as public reads may load them, with their emergency.
import { type ExpressionBuilder, sql } from 'kysely';
import { PUBLIC_COLUMNS, type PublicColumn } from '../../db/column-roles.ts';
import { CompiledByCount } from '../../db/compiled-by-count.ts';
import type { Db, Tables } from '../../db/types.ts';
import type { HelpRow } from './records.ts';

/**
 * The columns a public read may load (db/column-roles.ts): never identity documents, revisions or review notes.
 * The address is not among them: it is read through `publicAddress`, which never loads the street of an
 * approximate request.
 */
type PublicField = Exclude<PublicColumn, 'address'>;
const PUBLIC_FIELDS = PUBLIC_COLUMNS.filter((column): column is PublicField => column !== 'address');

export type PublicHelpRow = Pick<HelpRow, PublicField> & {
  /** null for a request shown at its approximate place (see domain/public-place.ts). */
  address: string | null;
  emergency_slug: string;
  emergency_name: string;
  emergency_status: string;
};

/**
 * A record's address as public reads may load it: the street is read only when its submitter asked to show the
 * exact place, or for a collection centre (the same rule as domain/public-place.ts `isApproximate`).
 */
export function publicAddress(table: 'h' | 'help_records') {
  const column = (name: 'type' | 'exact_location' | 'address' | 'collection_center_status') =>
    sql.ref(`${table}.${name}`);
  const exact = sql`${column('exact_location')} = 1 or (${column('type')} = 'offer' and ${column('collection_center_status')} is not null)`;
  return sql<string | null>`case when ${exact} then ${column('address')} else null end`;
}

const publicColumns = (eb: ExpressionBuilder<Tables & { h: HelpRow; e: Tables['emergencies'] }, 'h' | 'e'>) => [
  publicAddress('h').as('address'),
  eb.ref('e.slug').as('emergency_slug'),
  eb.ref('e.name').as('emergency_name'),
  eb.ref('e.status').as('emergency_status'),
];

// Compiled once per number of ids: a page of search results reads its records with one ready statement.
const byIds = new CompiledByCount((db: Db, ids: readonly string[]) =>
  db
    .selectFrom('help_records as h')
    .innerJoin('emergencies as e', 'e.id', 'h.emergency_id')
    .select(PUBLIC_FIELDS.map((field) => `h.${field}` as const))
    .select(publicColumns)
    .where('h.id', 'in', ids),
);

export async function findPublicById(db: Db, id: string): Promise<PublicHelpRow | undefined> {
  return (await findPublicByIds(db, [id]))[0];
}

/** Published records by id, in no particular order. */
export async function findPublicByIds(db: Db, ids: string[]): Promise<PublicHelpRow[]> {
  if (ids.length === 0) return [];
  const rows: PublicHelpRow[] = await byIds.execute(db, ids);
  // Filtered here, not in SQL, so the planner always takes the primary key.
  return rows.filter((row) => row.review_status === 'approved');
}
