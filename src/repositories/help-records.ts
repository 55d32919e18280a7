// The only code that reads and writes aid records. Dialect differences stay here.
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db, Dialect, HelpRecordsTable, Tables } from '../db/types.ts';
import { boundingBox, EARTH_RADIUS } from '../domain/distance.ts';
import { prefixUpperBound, searchTerms } from '../domain/text.ts';

export type HelpRow = HelpRecordsTable;
export type PublicHelpRow = HelpRow & { emergency_slug: string; emergency_name: string; emergency_status: string };

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

/** Inserts unless the source + externalId pair exists (a concurrent twin); true when inserted. */
export async function insertIfNew(db: Db, row: HelpRow): Promise<boolean> {
  const inserted = await db
    .insertInto('help_records')
    .values(row)
    .onConflict((oc) => oc.columns(['source', 'external_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function updateRecord(db: Db, id: string, patch: Partial<HelpRow>): Promise<void> {
  await db.updateTable('help_records').set(patch).where('id', '=', id).execute();
}

/** Replaces the public search words of a record. */
export async function replaceTerms(db: Db, id: string, text: string): Promise<void> {
  await db.deleteFrom('help_terms').where('help_id', '=', id).execute();
  const terms = searchTerms(text);
  if (terms.length > 0) {
    await db
      .insertInto('help_terms')
      .values(terms.map((term) => ({ term, help_id: id })))
      .execute();
  }
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
  return (await db
    .selectFrom('help_records as h')
    .innerJoin('emergencies as e', 'e.id', 'h.emergency_id')
    .selectAll('h')
    .select(publicColumns as never)
    .where('h.id', '=', id)
    .where('h.review_status', '=', 'approved')
    .executeTakeFirst()) as PublicHelpRow | undefined;
}

export interface SearchFilters {
  emergencyIds: string[];
  type: 'all' | 'request' | 'offer';
  status: 'all' | 'active' | 'in_process' | 'completed';
  category?: string;
  priority: 'all' | 'urgent' | 'deficit' | 'near_covered';
  q?: string;
  near?: { latitude: number; longitude: number; radiusKm: number };
  logistics: boolean;
  capacity?: number;
  limit: number;
}

const MAX_QUERY_TERMS = 8;

/** Great-circle distance in SQL; the same expression runs on SQLite (math functions) and PostgreSQL. */
function distanceSql(lat: number, lon: number) {
  return sql<number>`(${2 * EARTH_RADIUS} * asin(sqrt(
    power(sin(radians(h.latitude - ${lat}) / 2), 2) +
    ${Math.cos((lat * Math.PI) / 180)} * cos(radians(h.latitude)) * power(sin(radians(h.longitude - ${lon}) / 2), 2)
  )))`;
}

export async function searchPublic(
  db: Db,
  filters: SearchFilters,
): Promise<{ total: number; rows: (PublicHelpRow & { distance_km: number | null })[] }> {
  if (filters.emergencyIds.length === 0) return { total: 0, rows: [] };
  let base = db
    .selectFrom('help_records as h')
    .innerJoin('emergencies as e', 'e.id', 'h.emergency_id')
    .where('h.review_status', '=', 'approved');
  base =
    filters.emergencyIds.length === 1
      ? base.where('h.emergency_id', '=', filters.emergencyIds[0] as string)
      : base.where('h.emergency_id', 'in', filters.emergencyIds);
  const type = filters.logistics ? 'request' : filters.type;
  const status = filters.logistics ? 'active' : filters.status;
  if (type !== 'all') base = base.where('h.type', '=', type);
  if (status !== 'all') base = base.where('h.status', '=', status);
  if (filters.category) base = base.where('h.category', '=', filters.category);
  if (filters.priority === 'urgent') base = base.where('h.urgency', '=', 'urgent');
  if (filters.priority === 'deficit') {
    base = base
      .where('h.type', '=', 'request')
      .where('h.status', '!=', 'completed')
      .where((eb) =>
        eb.or([
          eb.and([eb('h.quantity_required', '>', 0), sql<boolean>`h.quantity_covered < h.quantity_required * 0.5`]),
          eb.and([eb('h.quantity_required', 'is', null), eb('h.status', '=', 'active')]),
        ]),
      );
  }
  if (filters.priority === 'near_covered') {
    base = base
      .where('h.type', '=', 'request')
      .where('h.status', '!=', 'completed')
      .where('h.quantity_required', '>', 0)
      .where(sql<boolean>`h.quantity_covered >= h.quantity_required * 0.75`)
      .where(sql<boolean>`h.quantity_covered < h.quantity_required`);
  }
  if (filters.logistics) {
    base = base
      .where('h.latitude', 'is not', null)
      .where((eb) => eb.or([eb('h.quantity_pending', '>', 0), eb('h.quantity_required', 'is', null)]));
  }
  if (filters.capacity !== undefined) {
    base = base.where('h.quantity_pending', '>', 0).where('h.quantity_pending', '<=', filters.capacity);
  }
  if (filters.q) {
    for (const term of searchTerms(filters.q).slice(0, MAX_QUERY_TERMS)) {
      base = base.where('h.id', 'in', (eb) =>
        eb
          .selectFrom('help_terms')
          .select('help_id')
          .where('term', '>=', term)
          .where('term', '<', prefixUpperBound(term)),
      );
    }
  }
  let distance: ReturnType<typeof distanceSql> | null = null;
  if (filters.near) {
    const { latitude, longitude, radiusKm } = filters.near;
    const box = boundingBox(latitude, longitude, radiusKm);
    distance = distanceSql(latitude, longitude);
    base = base
      .where('h.latitude', '>=', box.minLat)
      .where('h.latitude', '<=', box.maxLat)
      .where('h.longitude', '>=', box.minLon)
      .where('h.longitude', '<=', box.maxLon)
      .where(distance, '<=', radiusKm);
  }
  const counted = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const total = Number(counted.n);
  if (total === 0) return { total, rows: [] };
  const rows = await base
    .selectAll('h')
    .select(publicColumns as never)
    .select(distance ? distance.as('distance_km') : sql<null>`null`.as('distance_km'))
    .orderBy('h.priority_score', 'desc')
    .orderBy('h.created_at', 'desc')
    .orderBy('h.id')
    .limit(filters.limit)
    .execute();
  return { total, rows: rows as unknown as (PublicHelpRow & { distance_km: number | null })[] };
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
