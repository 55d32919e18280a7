// The only code that reads and writes aid records. Dialect differences stay here.
import { type ExpressionBuilder, type Insertable, type Selectable, sql } from 'kysely';
import type { Db, Dialect, HelpRecordsTable, Tables } from '../db/types.ts';

export type HelpRow = Selectable<HelpRecordsTable>;
/** The columns a public read may load: never identity documents, revisions or review notes. */
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
  'address',
  'neighborhood',
  'latitude',
  'longitude',
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

export function searchableText(
  row: Pick<HelpRow, 'title' | 'description' | 'address' | 'neighborhood' | 'category' | 'contact_name'>,
  categoryLabel: string,
): string {
  return [row.title, row.description, row.address, row.neighborhood, row.category, categoryLabel, row.contact_name]
    .filter(Boolean)
    .join(' ');
}

const publicColumns = (eb: ExpressionBuilder<Tables & { h: HelpRow; e: Tables['emergencies'] }, 'h' | 'e'>) => [
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
      'address',
      'neighborhood',
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

export async function pendingSubmissions(db: Db, emergencyId?: string) {
  let query = db
    .selectFrom('help_records as h')
    .innerJoin('emergencies as e', 'e.id', 'h.emergency_id')
    .select([
      'h.id',
      'h.type',
      'h.title',
      'h.urgency',
      'h.review_status',
      'h.created_at',
      'h.submitted_at',
      'h.revision_submitted_at',
      'e.slug as emergency_slug',
    ])
    .where((eb) =>
      eb.or([eb('h.review_status', '=', 'pending_review'), eb('h.revision_submitted_at', 'is not', null)]),
    );
  if (emergencyId) query = query.where('h.emergency_id', '=', emergencyId);
  return query.orderBy(sql`case when h.urgency = 'urgent' then 0 else 1 end`).orderBy('h.submitted_at').execute();
}
