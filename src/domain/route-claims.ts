// Volunteers claiming routes: the rules every surface shares.
import { createHash } from 'node:crypto';

/** Claims one WhatsApp number may have waiting or accepted in an emergency. */
export const MAX_OPEN_CLAIMS_PER_WHATSAPP = 3;
/** Claims one client address may have waiting or accepted in an emergency. */
export const MAX_OPEN_CLAIMS_PER_ADDRESS = 20;
export const VEHICLE_MAX = 80;
export const WHEN_MAX = 120;

export const routeClaimStatuses = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type RouteClaimStatus = (typeof routeClaimStatuses)[number];

export const routeClaimStatusLabels: Record<RouteClaimStatus, string> = {
  pending: 'Esperando al equipo de la emergencia',
  accepted: 'Aceptado: la ruta es suya',
  declined: 'No aceptado',
  withdrawn: 'Retirado',
};

/** What the volunteer can say with the code once the route is theirs. */
export const volunteerMoves = ['in_transit', 'delivered'] as const;
export type VolunteerMove = (typeof volunteerMoves)[number];

export function claimCodeHash(code: string): string {
  return createHash('sha256').update(`ayuda-route-claim\0${code}`).digest('base64url');
}

/** Per emergency, like pledges (domain/pledges.ts pledgerHash), with its own prefix. */
export function claimerHash(emergencyId: string, scope: string): string {
  return createHash('sha256').update(`ayuda-route-claimer\0${emergencyId}\0${scope}`).digest('base64url');
}
