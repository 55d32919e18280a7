// The route a volunteer may offer to take ("Quiero llevar esta ruta"), as the public route list shows it: only an
// available route of that list has a public shape; any other existing route is "no longer available", unnamed.
import type { Context } from '../context.ts';
import { presentLogisticsOperation, publicPickup } from '../presenters/logistics-operation.ts';
import { findEmergencyById } from '../repositories/emergencies.ts';
import { availableRoutes, findLogisticsOperation, publicRouteRow } from '../repositories/logistics.ts';
import type { LogisticsOperation } from '../schemas/logistics-operation.ts';

export type ClaimableRoute =
  | { kind: 'available'; operation: LogisticsOperation; emergency: { slug: string; name: string } }
  /** It exists but is not on the public list: taken, on its way, delivered, cancelled, or its destination hidden. */
  | { kind: 'unavailable' }
  | { kind: 'missing' };

export async function claimableRoute(ctx: Context, id: string): Promise<ClaimableRoute> {
  if (id.length === 0 || id.length > 64) return { kind: 'missing' };
  const route = await findLogisticsOperation(ctx, id);
  if (!route) return { kind: 'missing' };
  if (route.status !== 'available') return { kind: 'unavailable' };
  const emergency = await findEmergencyById(ctx.db, route.emergency_id);
  if (!emergency) return { kind: 'missing' };
  // The list's own read, so the page shows the route exactly as /rutas and the API do (the destination's public place).
  const row = (await availableRoutes(ctx.db, emergency.id)).find((r) => r.id === route.id);
  if (!row) return { kind: 'unavailable' };
  return {
    kind: 'available',
    operation: presentLogisticsOperation(row, emergency.slug),
    emergency: { slug: emergency.slug, name: emergency.name },
  };
}

/**
 * Where a volunteer with a claim code picks up: the exact place once the leaders accepted the claim, the public
 * place before (anyone may claim a route; a person's offer stays where it is public).
 */
export async function pickupShownTo(
  ctx: Context,
  claim: { status: string },
  route: { id: string; pickup_address: string },
): Promise<string> {
  if (claim.status === 'accepted') return route.pickup_address;
  const row = await publicRouteRow(ctx.db, route.id);
  return row ? publicPickup(row).address : route.pickup_address;
}
