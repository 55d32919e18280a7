// Leaders' reads: the review inbox, likely duplicates, pending counts, records by status, full history.
import { sql } from 'kysely';
import type { Db } from '../db/types.ts';
import type { HelpRow } from './help-records.ts';

/** Pending submissions and pending revisions of an emergency: urgent first, then the longest waiting. */
export async function inboxRows(db: Db, emergencyId: string, limit: number): Promise<HelpRow[]> {
  return db
    .selectFrom('help_records')
    .selectAll()
    .where('emergency_id', '=', emergencyId)
    .where((eb) => eb.or([eb('review_status', '=', 'pending_review'), eb('revision_submitted_at', 'is not', null)]))
    .orderBy(sql`case when urgency = 'urgent' then 0 else 1 end`)
    .orderBy(sql`coalesce(revision_submitted_at, submitted_at)`)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Waiting decisions per emergency id. */
export async function pendingCounts(db: Db, emergencyIds?: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (emergencyIds && emergencyIds.length === 0) return counts;
  let query = db
    .selectFrom('help_records')
    .select(['emergency_id', (eb) => eb.fn.countAll().as('n')])
    .where((eb) => eb.or([eb('review_status', '=', 'pending_review'), eb('revision_submitted_at', 'is not', null)]));
  if (emergencyIds) query = query.where('emergency_id', 'in', emergencyIds);
  for (const row of await query.groupBy('emergency_id').execute()) counts.set(row.emergency_id, Number(row.n));
  return counts;
}

export type CandidateRow = Pick<
  HelpRow,
  | 'id'
  | 'type'
  | 'title'
  | 'category'
  | 'review_status'
  | 'contact_name'
  | 'contact_whatsapp'
  | 'latitude'
  | 'longitude'
  | 'address'
  | 'submitted_at'
>;

const candidateColumns = [
  'id',
  'type',
  'title',
  'category',
  'review_status',
  'contact_name',
  'contact_whatsapp',
  'latitude',
  'longitude',
  'address',
  'submitted_at',
] as const;

/** Other live records of the emergency with the same WhatsApp number. */
export async function sameWhatsapp(db: Db, record: HelpRow): Promise<CandidateRow[]> {
  return db
    .selectFrom('help_records')
    .select(candidateColumns)
    .where('emergency_id', '=', record.emergency_id)
    .where('contact_whatsapp', '=', record.contact_whatsapp)
    .where('id', '!=', record.id)
    .where('review_status', '!=', 'rejected')
    .orderBy('submitted_at')
    .limit(20)
    .execute();
}

/** Other live records of the same type and category inside a box around a point; the caller measures. */
export async function sameCategoryInBox(
  db: Db,
  record: HelpRow,
  box: { minLat: number; maxLat: number; minLon: number; maxLon: number },
): Promise<CandidateRow[]> {
  return db
    .selectFrom('help_records')
    .select(candidateColumns)
    .where('emergency_id', '=', record.emergency_id)
    .where('type', '=', record.type)
    .where('category', '=', record.category)
    .where('latitude', '>=', box.minLat)
    .where('latitude', '<=', box.maxLat)
    .where('longitude', '>=', box.minLon)
    .where('longitude', '<=', box.maxLon)
    .where('id', '!=', record.id)
    .where('review_status', '!=', 'rejected')
    .orderBy('submitted_at')
    .limit(50)
    .execute();
}

export interface RecordFilter {
  reviewStatus: 'approved' | 'rejected';
  status?: HelpRow['status'];
  type?: HelpRow['type'];
  centersOnly?: boolean;
}

/** Records of an emergency for the console, most recently changed first. */
export async function leaderRecords(
  db: Db,
  emergencyId: string,
  filter: RecordFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: HelpRow[]; total: number }> {
  let query = db
    .selectFrom('help_records')
    .where('emergency_id', '=', emergencyId)
    .where('review_status', '=', filter.reviewStatus);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.centersOnly) query = query.where('collection_center_status', 'is not', null);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('updated_at', 'desc').orderBy('id').limit(page.limit).offset(page.offset).execute(),
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Every timeline event of a record, private ones included, oldest first. */
export async function fullTimeline(db: Db, helpId: string) {
  return db
    .selectFrom('timeline_events')
    .selectAll()
    .where('help_id', '=', helpId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function auditEntries(db: Db, targetId: string) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_id', '=', targetId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export type EndpointRow = Pick<
  HelpRow,
  'id' | 'type' | 'title' | 'address' | 'collection_center_status' | 'priority_score'
>;

/** Where a new route can go (published, open requests with a place) and start (published offers with a place). */
export async function routeEndpoints(db: Db, emergencyId: string, limit: number) {
  const columns = ['id', 'type', 'title', 'address', 'collection_center_status', 'priority_score'] as const;
  const placed = db
    .selectFrom('help_records')
    .select(columns)
    .where('emergency_id', '=', emergencyId)
    .where('review_status', '=', 'approved')
    .where('status', '!=', 'completed')
    .where('latitude', 'is not', null)
    .where('longitude', 'is not', null);
  const [destinations, pickups] = await Promise.all([
    placed.where('type', '=', 'request').orderBy('priority_score', 'desc').orderBy('id').limit(limit).execute(),
    placed
      .where('type', '=', 'offer')
      .orderBy(sql`case when collection_center_status is null then 1 else 0 end`)
      .orderBy('title')
      .limit(limit)
      .execute(),
  ]);
  return { destinations: destinations as EndpointRow[], pickups: pickups as EndpointRow[] };
}
