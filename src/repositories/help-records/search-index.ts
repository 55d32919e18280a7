// What the in-memory search index reads of aid records, and the words it finds a record by.
import type { Db } from '../../db/types.ts';
import { publicAddress } from './public.ts';
import type { HelpRow } from './records.ts';

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
 * Rows per read. Small pages keep a start-up's garbage short-lived: each page is dropped before it lives through
 * two young-generation collections, so it never reaches the old generation and the heap (and the resident memory
 * it never gives back) does not grow with the number of records. Measured at 100,000 records: 2,000 rows per page
 * peaked at 349 MB resident, 500 at 243 MB, in the same time.
 */
const INDEX_PAGE = 500;

/** What the search index needs of every record written after change number `after`, a page at a time. */
export async function* indexPagesSince(db: Db, after: number) {
  let from = after;
  for (;;) {
    const page = await indexRows(db, from);
    if (page.length > 0) yield page;
    if (page.length < INDEX_PAGE) return;
    from = (page[page.length - 1] as { change_seq: number }).change_seq;
  }
}

/** One row as the search index reads it. */
export type IndexRow = Awaited<ReturnType<typeof indexRows>>[number];

/** The change numbers written after `after`, lowest first: what a re-read window holds, without the rows. */
export async function changeNumbersSince(db: Db, after: number): Promise<number[]> {
  const rows = await db
    .selectFrom('help_records')
    .select('change_seq')
    .where('change_seq', '>', after)
    .orderBy('change_seq')
    .execute();
  return rows.map((row) => Number(row.change_seq));
}

/** The rows that carry these change numbers (one that moved on since is simply not among them), a page at a time. */
export async function* indexPagesAt(db: Db, changeNumbers: number[]) {
  for (let i = 0; i < changeNumbers.length; i += INDEX_PAGE) {
    const page = await indexRows(db, changeNumbers.slice(i, i + INDEX_PAGE));
    if (page.length > 0) yield page;
  }
}

/** After a change number (a page, in order), or at the listed change numbers. */
async function indexRows(db: Db, at: number | number[]) {
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
      'quantity_committed',
      'pledges_open',
      'confirmation_state',
      'unit',
      'collection_center_status',
      'title',
      'description',
      publicAddress('help_records').as('address'),
      'neighborhood',
      'exact_location',
      'municipality_code',
      'contact_name',
      'change_seq',
    ])
    .where('change_seq', typeof at === 'number' ? '>' : 'in', at)
    .orderBy('change_seq')
    .limit(INDEX_PAGE)
    .execute();
  // PostgreSQL returns bigint as text. Set in place: a copy of every row is most of a start-up's garbage.
  for (const row of rows) row.change_seq = Number(row.change_seq);
  return rows as (Omit<(typeof rows)[number], 'change_seq'> & { change_seq: number })[];
}
