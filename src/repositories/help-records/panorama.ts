// The panorama's aggregate rows (computed by the search index, src/search/search-index.ts) and the one read it
// still needs: the titles of the most pressing requests.
import type { Db } from '../../db/types.ts';

export interface StatusCountRow {
  emergency_id: string;
  type: string;
  status: string;
  urgency: string;
  centre: number;
  n: number;
}

export interface CategoryCountRow {
  emergency_id: string;
  type: string;
  category: string;
  n: number;
}

export interface QuantityRow {
  emergency_id: string;
  category: string;
  unit: string;
  required: number;
  covered: number;
  pending: number;
  n: number;
}

/** The shown fields of the panorama's most pressing requests, by id (the search index chose them). */
export async function urgentNeedsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  // Published is checked here, not in SQL: with review_status in the WHERE, SQLite picks an index led by it and
  // walks every published record instead of finding these few by id.
  const rows = await db
    .selectFrom('help_records')
    .select(['id', 'title', 'category', 'priority_score', 'review_status'])
    .where('id', 'in', ids)
    .execute();
  return rows.filter((row) => row.review_status === 'approved');
}
