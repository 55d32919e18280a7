// Aid records as the leaders' console lists them: by status, and the places a new route can start and go.
import { sql } from 'kysely';
import type { Db } from '../../db/types.ts';
import { inPlaces } from '../place-scopes.ts';
import type { HelpRow } from './records.ts';

export interface RecordFilter {
  reviewStatus: 'approved' | 'rejected' | 'withdrawn';
  status?: HelpRow['status'];
  type?: HelpRow['type'];
  centersOnly?: boolean;
  /** A leader's place scope (domain/place-scope.ts): records in these places or without a municipality. */
  places?: readonly string[] | null;
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
  if (filter.places) query = query.where(inPlaces('municipality_code', filter.places));
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('updated_at', 'desc').orderBy('id').limit(page.limit).offset(page.offset).execute(),
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export type EndpointRow = Pick<
  HelpRow,
  'id' | 'type' | 'title' | 'address' | 'collection_center_status' | 'priority_score'
>;

/** Where a new route can go (published, open requests with a place) and start (published offers with a place). */
export async function routeEndpoints(
  db: Db,
  emergencyId: string,
  limit: number,
  /** A leader's place scope (domain/place-scope.ts): records in these places or without a municipality. */
  places?: readonly string[] | null,
) {
  const columns = ['id', 'type', 'title', 'address', 'collection_center_status', 'priority_score'] as const;
  let placed = db
    .selectFrom('help_records')
    .select(columns)
    .where('emergency_id', '=', emergencyId)
    .where('review_status', '=', 'approved')
    .where('status', '!=', 'completed')
    .where('latitude', 'is not', null)
    .where('longitude', 'is not', null);
  if (places) placed = placed.where(inPlaces('municipality_code', places));
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

/** The contact of each of these records (for leaders only: the console's suggested pairs). */
export async function contactsOf(
  db: Db,
  ids: string[],
): Promise<Pick<HelpRow, 'id' | 'contact_name' | 'contact_whatsapp'>[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('help_records')
    .select(['id', 'contact_name', 'contact_whatsapp'])
    .where('id', 'in', ids)
    .execute();
}
