// Volunteers' offers to take a route, as the emergency's leaders see them on the logistics page: with the name and
// WhatsApp no public read ever shows.
import type { Context } from '../context.ts';
import type { RouteClaimStatus } from '../domain/route-claims.ts';
import { claimsOfEmergency, type LeaderClaimRow } from '../repositories/route-claims.ts';

export interface LeaderRouteClaim {
  id: string;
  operationId: string;
  routeTitle: string;
  status: RouteClaimStatus;
  /** null once the volunteer's personal data was erased. */
  contactName: string | null;
  contactWhatsapp: string | null;
  vehicle: string | null;
  when: string;
  createdAt: string;
  decidedAt: string | null;
}

/** Waiting first (they need a decision), then accepted, declined and withdrawn; newest first within each. */
const statusOrder: Record<RouteClaimStatus, number> = { pending: 0, accepted: 1, declined: 2, withdrawn: 3 };

function toLeaderClaim(row: LeaderClaimRow): LeaderRouteClaim {
  return {
    id: row.id,
    operationId: row.operation_id,
    routeTitle: row.route_title,
    status: row.status,
    contactName: row.contact_name || null,
    contactWhatsapp: row.contact_whatsapp || null,
    vehicle: row.vehicle,
    when: row.available_when,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
  };
}

/**
 * An emergency's claims in the order leaders work them. Waiting ones are read apart from the rest, so a long history
 * of decided offers never pushes one still waiting off the page.
 */
export async function leaderRouteClaims(
  ctx: Context,
  emergencyId: string,
  /** A scoped leader's places (placeScopeIn in queries/console-session.ts); null or absent: the whole emergency. */
  places?: readonly string[] | null,
): Promise<LeaderRouteClaim[]> {
  const [waiting, rest] = await Promise.all([
    claimsOfEmergency(ctx.db, emergencyId, ['pending'], places),
    claimsOfEmergency(ctx.db, emergencyId, ['accepted', 'declined', 'withdrawn'], places),
  ]);
  return [...waiting, ...rest]
    .map(toLeaderClaim)
    .sort((a, b) => statusOrder[a.status] - statusOrder[b.status] || b.createdAt.localeCompare(a.createdAt));
}
