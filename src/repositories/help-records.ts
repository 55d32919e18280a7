// The only code that reads and writes aid records. Dialect differences stay here.
import { type ExpressionBuilder, type Insertable, type Selectable, sql } from 'kysely';
import type { Db, Dialect, HelpRecordsTable, Tables } from '../db/types.ts';

export type HelpRow = Selectable<HelpRecordsTable>;
/**
 * The columns a public read may load: never identity documents, revisions or review notes. The address is not
 * among them: it is read through `publicAddress`, which never loads the street of an approximate request.
 */
const PUBLIC_FIELDS = [
  'id',
  'type',
  'review_status',
  'status',
  'title',
  'description',
  'category',
  'urgency',
  'contact_name',
  'contact_whatsapp',
  'neighborhood',
  'latitude',
  'longitude',
  'exact_location',
  'municipality_code',
  'people',
  'resource_label',
  'quantity_required',
  'quantity_covered',
  'unit',
  'collection_center_status',
  'vehicle',
  'capacity_kg',
  'capacity_boxes',
  'passenger_capacity',
  'zones',
  'available_until',
  'needs_transport',
  'priority_score',
  'created_at',
  'updated_at',
  'reviewed_at',
  'published_at',
] as const;

export type PublicHelpRow = Pick<HelpRow, (typeof PUBLIC_FIELDS)[number]> & {
  /** null for a request shown at its approximate place (see domain/public-place.ts). */
  address: string | null;
  emergency_slug: string;
  emergency_name: string;
  emergency_status: string;
};

export async function findBySourceExternalId(
  db: Db,
  dialect: Dialect,
  source: string,
  externalId: string,
): Promise<HelpRow | undefined> {
  let query = db
    .selectFrom('help_records')
    .selectAll()
    .where('source', '=', source)
    .where('external_id', '=', externalId);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findById(db: Db, dialect: Dialect, id: string, lock = false): Promise<HelpRow | undefined> {
  let query = db.selectFrom('help_records').selectAll().where('id', '=', id);
  if (lock && dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The next change number: a sequence on PostgreSQL; on SQLite writers are serialised, so max + 1 is safe. */
function nextChangeSeq(dialect: Dialect) {
  return dialect === 'postgres'
    ? sql<number>`nextval('help_records_change_seq')`
    : sql<number>`(select coalesce(max(change_seq), 0) + 1 from help_records)`;
}

/** Inserts unless the source + externalId pair exists (a concurrent twin); true when inserted. */
export async function insertIfNew(db: Db, dialect: Dialect, row: Insertable<HelpRecordsTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('help_records')
    .values({ ...row, change_seq: nextChangeSeq(dialect) })
    .onConflict((oc) => oc.columns(['source', 'external_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Every write takes a new change number, so the search indexes of all instances see it. */
export async function updateRecord(db: Db, dialect: Dialect, id: string, patch: Partial<HelpRow>): Promise<void> {
  await db
    .updateTable('help_records')
    .set({ ...patch, change_seq: nextChangeSeq(dialect) })
    .where('id', '=', id)
    .execute();
}

/** The words q finds a record by: all public (an approximate request's address is null, so not among them). */
export function searchableText(
  row: Pick<HelpRow, 'title' | 'description' | 'address' | 'neighborhood' | 'category' | 'contact_name'>,
  categoryLabel: string,
  municipality: string | null = null,
): string {
  return [
    row.title,
    row.description,
    row.address,
    row.neighborhood,
    municipality,
    row.category,
    categoryLabel,
    row.contact_name,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * A record's address as public reads may load it: the street of a request is read only when its submitter asked
 * to show the exact place (the same rule as domain/public-place.ts `isApproximate`).
 */
export function publicAddress(table: 'h' | 'help_records') {
  const column = (name: 'type' | 'exact_location' | 'address') => sql.ref(`${table}.${name}`);
  const approximate = sql`${column('type')} = 'request' and ${column('exact_location')} <> 1`;
  return sql<string | null>`case when ${approximate} then null else ${column('address')} end`;
}

const publicColumns = (eb: ExpressionBuilder<Tables & { h: HelpRow; e: Tables['emergencies'] }, 'h' | 'e'>) => [
  publicAddress('h').as('address'),
  eb.ref('e.slug').as('emergency_slug'),
  eb.ref('e.name').as('emergency_name'),
  eb.ref('e.status').as('emergency_status'),
];

export async function findPublicById(db: Db, id: string): Promise<PublicHelpRow | undefined> {
  return (await findPublicByIds(db, [id]))[0];
}

/** Published records by id, in no particular order. */
export async function findPublicByIds(db: Db, ids: string[]): Promise<PublicHelpRow[]> {
  if (ids.length === 0) return [];
  const rows = (await db
    .selectFrom('help_records as h')
    .innerJoin('emergencies as e', 'e.id', 'h.emergency_id')
    .select(PUBLIC_FIELDS.map((field) => `h.${field}` as const))
    .select(publicColumns as never)
    .where('h.id', 'in', ids)
    .execute()) as unknown as PublicHelpRow[];
  // Filtered here, not in SQL, so the planner always takes the primary key.
  return rows.filter((row) => row.review_status === 'approved');
}

const INDEX_PAGE = 2000;

/** What the search index needs of every record written after change number `after`, a page at a time. */
export async function* indexRowsSince(db: Db, after: number) {
  let from = after;
  for (;;) {
    const page = await indexPage(db, from);
    for (const row of page) yield row;
    if (page.length < INDEX_PAGE) return;
    from = (page[page.length - 1] as { change_seq: number }).change_seq;
  }
}

async function indexPage(db: Db, after: number) {
  const rows = await db
    .selectFrom('help_records')
    .select([
      'id',
      'emergency_id',
      'review_status',
      'type',
      'status',
      'category',
      'urgency',
      'latitude',
      'longitude',
      'priority_score',
      'created_at',
      'quantity_required',
      'quantity_covered',
      'quantity_pending',
      'title',
      'description',
      publicAddress('help_records').as('address'),
      'neighborhood',
      'exact_location',
      'municipality_code',
      'contact_name',
      'change_seq',
    ])
    .where('change_seq', '>', after)
    .orderBy('change_seq')
    .limit(INDEX_PAGE)
    .execute();
  return rows.map((row) => ({ ...row, change_seq: Number(row.change_seq) }));
}

export async function approvedForRefresh(db: Db, afterId: string, limit: number): Promise<HelpRow[]> {
  return db
    .selectFrom('help_records')
    .selectAll()
    .where('review_status', '=', 'approved')
    .where('status', '!=', 'completed')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}
