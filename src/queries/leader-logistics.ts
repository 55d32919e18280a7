// Logistics routes as leaders manage them: every status, the volunteer's contact included, and the places to link.
import type { Context } from '../context.ts';
import { type EndpointRow, routeEndpoints as endpointsOf } from '../repositories/help-records/leaders.ts';
import {
  findLogisticsOperation,
  type LeaderRouteRow,
  type LogisticsRow,
  routesForLeaders,
} from '../repositories/logistics.ts';

export type { EndpointRow, LeaderRouteRow };

/** places: a scoped leader's (placeScopeIn in queries/console-session.ts); null or absent: the whole emergency. */
export function leaderRoutes(
  ctx: Context,
  emergencyId: string,
  places?: readonly string[] | null,
): Promise<LeaderRouteRow[]> {
  return routesForLeaders(ctx.db, emergencyId, places);
}

/** The route only when it belongs to this emergency. */
export async function routeInEmergency(
  ctx: Context,
  emergencyId: string,
  id: string,
): Promise<LogisticsRow | undefined> {
  const route = await findLogisticsOperation(ctx, id);
  return route && route.emergency_id === emergencyId ? route : undefined;
}

/** Published records a route can go to (requests) or start from (offers), at most `limit` of each. */
export function routeEndpoints(
  ctx: Context,
  emergencyId: string,
  limit: number,
  places?: readonly string[] | null,
): Promise<{ destinations: EndpointRow[]; pickups: EndpointRow[] }> {
  return endpointsOf(ctx.db, emergencyId, limit, places);
}
