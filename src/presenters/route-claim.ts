// A route claim as the volunteer holding its code sees it: never a contact.
import type { LogisticsRow } from '../repositories/logistics.ts';
import type { RouteClaimRow } from '../repositories/route-claims.ts';
import type { RouteClaimView } from '../schemas/route-claim.ts';

export function presentRouteClaim(row: RouteClaimRow, route: Pick<LogisticsRow, 'title' | 'status'>): RouteClaimView {
  return {
    operationId: row.operation_id,
    routeTitle: route.title,
    routeStatus: route.status,
    status: row.status,
    vehicle: row.vehicle,
    when: row.available_when,
    createdAt: row.created_at,
  };
}
