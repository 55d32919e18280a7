// The only code that reads and writes logistics routes. The volunteer's contact leaves only through the leaders' reads.
import { type Insertable, type Selectable, type SqlBool, sql } from 'kysely';
import { CompiledByCount } from '../db/compiled-by-count.ts';
import type { Store } from '../db/store.ts';
import type { Db, LogisticsOperationsTable } from '../db/types.ts';
import { publicAddress } from './help-records/public.ts';
import { inPlaces } from './place-scopes.ts';

export type LogisticsRow = Selectable<LogisticsOperationsTable>;

// Compiled once per number of records (src/db/compiled-by-count.ts).
const availableTo = new CompiledByCount((db: Db, helpIds: readonly string[]) =>
  db
    .selectFrom('logistics_operations')
    .select(['destination_help_id', (eb) => eb.fn.countAll().as('n')])
    .where('destination_help_id', 'in', helpIds)
    .where('status', '=', 'available')
    .groupBy('destination_help_id'),
);

/** Available routes per destination record. */
export async function availableRoutesByDestination(db: Db, helpIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (helpIds.length === 0) return counts;
  const rows = await availableTo.execute(db, helpIds);
  for (const row of rows) counts.set(row.destination_help_id, Number(row.n));
  return counts;
}

export async function routeCountsByStatus(db: Db, emergencyIds: string[]): Promise<Map<string, Map<string, number>>> {
  const result = new Map<string, Map<string, number>>();
  if (emergencyIds.length === 0) return result;
  const rows = await db
    .selectFrom('logistics_operations')
    .select(['emergency_id', 'status', (eb) => eb.fn.countAll().as('n')])
    .where('emergency_id', 'in', emergencyIds)
    .groupBy(['emergency_id', 'status'])
    .execute();
  for (const row of rows) {
    const byStatus = result.get(row.emergency_id) ?? new Map<string, number>();
    byStatus.set(row.status, Number(row.n));
    result.set(row.emergency_id, byStatus);
  }
  return result;
}

/**
 * Routes joined to their destination, and to the offer they pick up from, as the public place needs them: the
 * street of an approximate destination is not read; a pickup's stored copy of an offer's street is read, and the
 * presenter shows the offer's public place instead (presenters/logistics-operation.ts).
 */
function routesWithDestination(db: Db) {
  return db
    .selectFrom('logistics_operations as o')
    .innerJoin('help_records as h', 'h.id', 'o.destination_help_id')
    .leftJoin('help_records as p', 'p.id', 'o.pickup_help_id')
    .select([
      'o.id',
      'o.title',
      'o.supply_description',
      'o.quantity_label',
      'o.pickup_address',
      'o.pickup_latitude',
      'o.pickup_longitude',
      'p.type as pickup_type',
      'p.exact_location as pickup_exact_location',
      'p.collection_center_status as pickup_collection_center_status',
      'p.neighborhood as pickup_neighborhood',
      'p.municipality_code as pickup_municipality_code',
      'o.destination_help_id',
      publicAddress('h').as('destination_address'),
      'h.type as destination_type',
      'h.exact_location as destination_exact_location',
      'h.collection_center_status as destination_collection_center_status',
      'h.neighborhood as destination_neighborhood',
      'h.municipality_code as destination_municipality_code',
      'h.latitude as destination_latitude',
      'h.longitude as destination_longitude',
      'o.distance_km',
      'o.route_conditions',
      'o.created_at',
    ]);
}

/** Available routes of an emergency whose destination is a published record with a place; newest first. */
export function availableRoutes(db: Db, emergencyId: string) {
  return routesWithDestination(db)
    .where('o.emergency_id', '=', emergencyId)
    .where('o.status', '=', 'available')
    .where('h.review_status', '=', 'approved')
    .where('h.latitude', 'is not', null)
    .where('h.longitude', 'is not', null)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id')
    .execute();
}

/** Every route to these destinations, whatever its state, and whether the public list shows it (the change feed). */
export async function routesTo(db: Db, destinationIds: readonly string[]) {
  if (destinationIds.length === 0) return [];
  return routesWithDestination(db)
    .select(['o.emergency_id', 'o.status', 'h.review_status as destination_review_status'])
    .where('o.destination_help_id', 'in', destinationIds)
    .orderBy('o.id')
    .execute();
}

export type AvailableRouteRow = Awaited<ReturnType<typeof availableRoutes>>[number];

/** One route as the public list reads it, whatever its state. */
export function publicRouteRow(db: Db, id: string) {
  return routesWithDestination(db).where('o.id', '=', id).executeTakeFirst();
}

export async function insertLogisticsOperation(
  db: Db,
  row: Insertable<LogisticsOperationsTable>,
): Promise<LogisticsRow> {
  return db.insertInto('logistics_operations').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Every column, volunteer's contact included: for leaders and the commands that change a route. */
export async function findLogisticsOperation(
  { db, dialect }: Store,
  id: string,
  lock = false,
): Promise<LogisticsRow | undefined> {
  let query = db.selectFrom('logistics_operations').selectAll().where('id', '=', id);
  if (lock && dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Moves a route only if it is still in `from` (so a concurrent move is never overwritten); true when moved. */
export async function updateLogisticsStatus(
  db: Db,
  id: string,
  from: LogisticsRow['status'],
  to: LogisticsRow['status'],
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('logistics_operations')
    .set({ status: to, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives an available route to a volunteer: assigned, with their private contact; false when it is not available. */
export async function assignVolunteer(db: Db, id: string, contact: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('logistics_operations')
    .set({ status: 'assigned', volunteer_contact: contact, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'available')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Every route of an emergency in any status, with its destination's title and place: the leaders' console only. */
export function routesForLeaders(
  db: Db,
  emergencyId: string,
  /** A leader's place scope (domain/place-scope.ts): routes whose both ends are in these places (or unplaced). */
  places?: readonly string[] | null,
) {
  let query = db
    .selectFrom('logistics_operations as o')
    .innerJoin('help_records as h', 'h.id', 'o.destination_help_id')
    .selectAll('o')
    .select([
      'h.title as destination_title',
      'h.address as destination_address',
      'h.latitude as destination_latitude',
      'h.longitude as destination_longitude',
    ])
    .where('o.emergency_id', '=', emergencyId);
  if (places) {
    const pickupInPlaces = inPlaces('p.municipality_code', places);
    query = query
      .where(inPlaces('h.municipality_code', places))
      .where(
        sql<SqlBool>`(o.pickup_help_id is null or exists (select 1 from help_records p where p.id = o.pickup_help_id and ${pickupInPlaces}))`,
      );
  }
  return query.orderBy('o.created_at', 'desc').orderBy('o.id').execute();
}

export type LeaderRouteRow = Awaited<ReturnType<typeof routesForLeaders>>[number];

/** Routes to or from these records, and any whose pickup address or volunteer contact has the hint in it. */
export async function routeTexts(db: Db, helpIds: string[], hint: string | null) {
  if (helpIds.length === 0 && hint === null) return [];
  return db
    .selectFrom('logistics_operations')
    .select([
      'id',
      'title',
      'pickup_address',
      'pickup_latitude',
      'pickup_longitude',
      'volunteer_contact',
      'destination_help_id',
      'pickup_help_id',
    ])
    .where((eb) => {
      const any = [];
      if (helpIds.length > 0) {
        any.push(eb('destination_help_id', 'in', helpIds));
        any.push(eb('pickup_help_id', 'in', helpIds));
      }
      if (hint !== null) {
        any.push(eb('pickup_address', 'like', `%${hint}%`));
        any.push(eb('volunteer_contact', 'like', `%${hint}%`));
      }
      return eb.or(any);
    })
    .execute();
}

export async function setRouteTexts(
  db: Db,
  id: string,
  texts: Partial<
    Pick<LogisticsOperationsTable, 'pickup_address' | 'pickup_latitude' | 'pickup_longitude' | 'volunteer_contact'>
  >,
): Promise<void> {
  await db.updateTable('logistics_operations').set(texts).where('id', '=', id).execute();
}

/** Volunteers' contacts of routes that ended (delivered or cancelled) before `before`, or whose emergency closed. */
export async function dueVolunteerContacts(db: Db, endedBefore: string, closedBefore: string) {
  return db
    .selectFrom('logistics_operations')
    .select('id')
    .where('volunteer_contact', 'is not', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', 'in', ['delivered', 'cancelled']), eb('updated_at', '<', endedBefore)]),
        eb(
          'emergency_id',
          'in',
          eb
            .selectFrom('emergencies')
            .select('id')
            .where('status', '=', 'closed')
            .where('closed_at', '<', closedBefore),
        ),
      ]),
    )
    .execute();
}

export async function volunteerContactOf(db: Db, id: string): Promise<string | null> {
  const row = await db
    .selectFrom('logistics_operations')
    .select('volunteer_contact')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.volunteer_contact ?? null;
}

export async function setVolunteerContact(db: Db, id: string, contact: string | null): Promise<void> {
  await db.updateTable('logistics_operations').set({ volunteer_contact: contact }).where('id', '=', id).execute();
}

export async function clearVolunteerContact(db: Db, id: string): Promise<void> {
  await db.updateTable('logistics_operations').set({ volunteer_contact: null }).where('id', '=', id).execute();
}
