import type { Db } from '../db/types.ts';

/** Available routes per destination record. */
export async function availableRoutesByDestination(db: Db, helpIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (helpIds.length === 0) return counts;
  const rows = await db
    .selectFrom('logistics_operations')
    .select(['destination_help_id', (eb) => eb.fn.countAll().as('n')])
    .where('destination_help_id', 'in', helpIds)
    .where('status', '=', 'available')
    .groupBy('destination_help_id')
    .execute();
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

/** Available routes of an emergency whose destination is a published record with a place; newest first. */
export function availableRoutes(db: Db, emergencyId: string) {
  return db
    .selectFrom('logistics_operations as o')
    .innerJoin('help_records as h', 'h.id', 'o.destination_help_id')
    .select([
      'o.id',
      'o.title',
      'o.supply_description',
      'o.quantity_label',
      'o.pickup_address',
      'o.pickup_latitude',
      'o.pickup_longitude',
      'o.destination_help_id',
      'h.address as destination_address',
      'h.latitude as destination_latitude',
      'h.longitude as destination_longitude',
      'o.distance_km',
      'o.route_conditions',
      'o.created_at',
    ])
    .where('o.emergency_id', '=', emergencyId)
    .where('o.status', '=', 'available')
    .where('h.review_status', '=', 'approved')
    .where('h.latitude', 'is not', null)
    .where('h.longitude', 'is not', null)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id')
    .execute();
}

export type AvailableRouteRow = Awaited<ReturnType<typeof availableRoutes>>[number];
