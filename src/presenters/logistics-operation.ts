// Row -> LogisticsOperation (SPEC 2.10). Copies allowed fields one by one: the volunteer's contact is never read.
import type { AvailableRouteRow } from '../repositories/logistics.ts';
import type { LogisticsOperation } from '../schemas/logistics-operation.ts';

export function presentLogisticsOperation(row: AvailableRouteRow, emergencySlug: string): LogisticsOperation {
  return {
    id: row.id,
    emergency_slug: emergencySlug,
    destination_help_point_id: row.destination_help_id,
    title: row.title,
    supply_description: row.supply_description,
    quantity_label: row.quantity_label,
    pickup_address: row.pickup_address,
    pickup_latitude: Number(row.pickup_latitude),
    pickup_longitude: Number(row.pickup_longitude),
    destination_address: row.destination_address ?? '',
    destination_latitude: Number(row.destination_latitude),
    destination_longitude: Number(row.destination_longitude),
    distance_km: Number(row.distance_km),
    route_conditions: row.route_conditions,
    status: 'available',
    created_at: row.created_at,
  };
}
