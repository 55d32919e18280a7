// Row -> LogisticsOperation (SPEC 2.10). Copies allowed fields one by one: the volunteer's contact is never read.
// The destination is the request's public place, like everywhere else: its exact one is for the leaders. So is a
// pickup at a person's offer: the route shows where the offer is public (a collection centre, or an offer that
// asked to show its exact place), never more.
import { distanceKm, roundKm } from '../domain/distance.ts';
import { municipalityByCode, municipalityLabel, nearestMunicipality } from '../domain/municipalities.ts';
import { areaText, isApproximate, publicPoint, snapToGrid } from '../domain/public-place.ts';
import type { AvailableRouteRow } from '../repositories/logistics.ts';
import type { LogisticsOperation } from '../schemas/logistics-operation.ts';

/** SPEC 2.10 has no precision field: the address itself says the point is not the door. */
const APPROXIMATE = '(ubicación aproximada, unos 300 m)';

/** The pickup as the public sees it: the address a leader typed, or the offer's public place. */
export function publicPickup(
  row: Pick<
    AvailableRouteRow,
    | 'pickup_address'
    | 'pickup_latitude'
    | 'pickup_longitude'
    | 'pickup_type'
    | 'pickup_exact_location'
    | 'pickup_collection_center_status'
    | 'pickup_neighborhood'
    | 'pickup_municipality_code'
  >,
): { address: string; latitude: number; longitude: number; exact: boolean } {
  const latitude = Number(row.pickup_latitude);
  const longitude = Number(row.pickup_longitude);
  // A pickup a leader typed (no offer) is a public place by the leader's choice.
  if (
    row.pickup_type === null ||
    !isApproximate({
      type: row.pickup_type,
      exact_location: Number(row.pickup_exact_location),
      collection_center_status: row.pickup_collection_center_status,
    })
  ) {
    return { address: row.pickup_address, latitude, longitude, exact: true };
  }
  const point = { latitude: snapToGrid(latitude), longitude: snapToGrid(longitude) };
  const municipality = municipalityOf(row.pickup_municipality_code, point.latitude, point.longitude);
  return { address: `${areaText(row.pickup_neighborhood, municipality)} ${APPROXIMATE}`, ...point, exact: false };
}

export function presentLogisticsOperation(row: AvailableRouteRow, emergencySlug: string): LogisticsOperation {
  const pickup = publicPickup(row);
  const destination = publicPoint({
    type: row.destination_type,
    exact_location: row.destination_exact_location,
    collection_center_status: row.destination_collection_center_status,
    latitude: Number(row.destination_latitude),
    longitude: Number(row.destination_longitude),
    municipality_code: row.destination_municipality_code,
  });
  const latitude = destination.latitude as number;
  const longitude = destination.longitude as number;
  const exact = destination.precision === 'exact';
  return {
    id: row.id,
    emergency_slug: emergencySlug,
    destination_help_point_id: row.destination_help_id,
    title: row.title,
    supply_description: row.supply_description,
    quantity_label: row.quantity_label,
    pickup_address: pickup.address,
    pickup_latitude: pickup.latitude,
    pickup_longitude: pickup.longitude,
    destination_address: exact
      ? (row.destination_address ?? '')
      : `${areaText(row.destination_neighborhood, municipalityOf(row.destination_municipality_code, latitude, longitude))} ${APPROXIMATE}`,
    destination_latitude: latitude,
    destination_longitude: longitude,
    // The stored distance runs between the exact places: from several pickups it would pin the home, so it is
    // measured again between the public points.
    distance_km:
      exact && pickup.exact
        ? Number(row.distance_km)
        : roundKm(distanceKm(pickup.latitude, pickup.longitude, latitude, longitude)),
    route_conditions: row.route_conditions,
    status: 'available',
    created_at: row.created_at,
  };
}

/** The municipality chosen for a place, or the one nearest its point, in words. */
function municipalityOf(code: string | null, latitude: number, longitude: number): string {
  return municipalityLabel(municipalityByCode(code) ?? nearestMunicipality(latitude, longitude));
}
