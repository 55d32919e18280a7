// Aggregates of published records per emergency, for the panorama.
import { sql } from 'kysely';
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

export async function statusCounts(db: Db, emergencyIds: string[]): Promise<StatusCountRow[]> {
  const rows = await db
    .selectFrom('help_records')
    .select([
      'emergency_id',
      'type',
      'status',
      'urgency',
      sql<number>`case when collection_center_status is null then 0 else 1 end`.as('centre'),
      (eb) => eb.fn.countAll().as('n'),
    ])
    .where('review_status', '=', 'approved')
    .where('emergency_id', 'in', emergencyIds)
    .groupBy([
      'emergency_id',
      'type',
      'status',
      'urgency',
      sql`case when collection_center_status is null then 0 else 1 end`,
    ])
    .execute();
  return rows.map((row) => ({ ...row, centre: Number(row.centre), n: Number(row.n) }));
}

export async function categoryCounts(db: Db, emergencyIds: string[]): Promise<CategoryCountRow[]> {
  const rows = await db
    .selectFrom('help_records')
    .select(['emergency_id', 'type', 'category', (eb) => eb.fn.countAll().as('n')])
    .where('review_status', '=', 'approved')
    .where('status', '!=', 'completed')
    .where('emergency_id', 'in', emergencyIds)
    .groupBy(['emergency_id', 'type', 'category'])
    .execute();
  return rows.map((row) => ({ ...row, n: Number(row.n) }));
}

export async function quantityTotals(db: Db, emergencyIds: string[]): Promise<QuantityRow[]> {
  const rows = await db
    .selectFrom('help_records')
    .select([
      'emergency_id',
      'category',
      sql<string>`coalesce(unit, '')`.as('unit'),
      (eb) => eb.fn.sum<number>('quantity_required').as('required'),
      (eb) => eb.fn.sum<number>('quantity_covered').as('covered'),
      (eb) => eb.fn.sum<number>('quantity_pending').as('pending'),
      (eb) => eb.fn.countAll().as('n'),
    ])
    .where('review_status', '=', 'approved')
    .where('type', '=', 'request')
    .where('status', '!=', 'completed')
    .where('quantity_required', 'is not', null)
    .where('emergency_id', 'in', emergencyIds)
    .groupBy(['emergency_id', 'category', sql`coalesce(unit, '')`])
    .execute();
  return rows.map((row) => ({
    ...row,
    required: Number(row.required),
    covered: Number(row.covered),
    pending: Number(row.pending),
    n: Number(row.n),
  }));
}

export async function topUrgentNeeds(db: Db, emergencyId: string, limit: number) {
  return db
    .selectFrom('help_records')
    .select(['id', 'title', 'category', 'priority_score'])
    .where('emergency_id', '=', emergencyId)
    .where('review_status', '=', 'approved')
    .where('status', '=', 'active')
    .where('type', '=', 'request')
    .orderBy('priority_score', 'desc')
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
