// Pledges ("voy a llevar"): the rules every surface shares. A pledge reserves part of what a request still lacks;
// it never changes covered, pending or priority until the delivery is confirmed, so nobody can hide a need by
// pledging to it. The pledger's own "entregado" only reports the delivery: what they say they brought stays
// reserved, and counts as covered once the person helped, a leader or a registered integration confirms it.
import { createHash } from 'node:crypto';
import { roundQuantity } from './coverage.ts';

/** When nothing else is said, a pledger expects to deliver within two days. */
export const DEFAULT_DELIVER_WITHIN_HOURS = 48;
/** A pledge further out than two weeks is a plan, not a delivery: it would hold the quantity too long. */
export const MAX_DELIVER_WITHIN_HOURS = 14 * 24;
/** An open pledge expires this long after its date and releases its quantity. */
export const PLEDGE_GRACE_HOURS = 24;
/** Open pledges one WhatsApp number may hold in an emergency. */
export const MAX_OPEN_PLEDGES_PER_WHATSAPP = 5;
/** Open pledges one client address may hold in an emergency (a shelter's or a town's shared network included). */
export const MAX_OPEN_PLEDGES_PER_ADDRESS = 20;

export const pledgeStatuses = ['open', 'reported', 'delivered', 'cancelled', 'expired', 'disputed'] as const;
export type PledgeStatus = (typeof pledgeStatuses)[number];

/** The pledges whose quantity stays reserved (committed): on their way, or reported and waiting to be confirmed. */
export const holdingStatuses = ['open', 'reported'] as const satisfies readonly PledgeStatus[];

export function isHolding(status: PledgeStatus): boolean {
  return (holdingStatuses as readonly PledgeStatus[]).includes(status);
}

/** A delivery reported and not confirmed this long goes on the leaders' digest ("Entregas por confirmar"). */
export const DEFAULT_DELIVERY_CONFIRM_HOURS = 48;

/** Each status as people read it; an open pledge is a promise: the pledger may not have left yet. */
export const pledgeStatusLabels: Record<PledgeStatus, string> = {
  open: 'Comprometido: aún no sale',
  reported: 'Entregado según quien lo llevó, sin confirmar',
  delivered: 'Entregado',
  cancelled: 'Cancelado',
  expired: 'Venció sin confirmarse',
  disputed: 'Entrega disputada',
};

/** What is still open after the open pledges: pending − committed, never below 0; null without a quantity. */
export function uncommittedQuantity(pending: number | null, committed: number): number | null {
  if (pending === null) return null;
  return Math.max(0, roundQuantity(pending - committed));
}

/** Whether a request still has something nobody pledged: quantity left over, or no quantity and no open pledge. */
export function hasUncommitted(pending: number | null, committed: number, openPledges: number): boolean {
  if (pending === null) return openPledges === 0;
  return pending - committed > 0;
}

/** The stored form of a pledge's code: only its hash is kept, so the table cannot be read for codes. */
export function pledgeCodeHash(code: string): string {
  return createHash('sha256').update(`ayuda-pledge-code\0${code}`).digest('base64url');
}

/**
 * Distinct pledgers per address are counted without keeping addresses: sha256 of the emergency and the client
 * scope (IPv4, or IPv6 /64), salted by the emergency so one address gives unrelated hashes in different ones.
 */
export function pledgerHash(emergencyId: string, scope: string): string {
  return createHash('sha256').update(`ayuda-pledger\0${emergencyId}\0${scope}`).digest('base64url');
}

/** When an open pledge made now for `hours` expires: its date plus the grace period. */
export function pledgeTimes(now: Date, hours: number): { deliverBy: string; expiresAt: string } {
  const deliverBy = new Date(now.getTime() + hours * 3_600_000);
  return {
    deliverBy: deliverBy.toISOString(),
    expiresAt: new Date(deliverBy.getTime() + PLEDGE_GRACE_HOURS * 3_600_000).toISOString(),
  };
}
