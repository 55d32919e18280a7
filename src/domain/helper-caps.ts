// How many pledges and route claims one person or one connection may make: counted over a rolling day, whatever
// became of them (open, reported, cancelled, declined alike), so pledging and cancelling in a loop, or confirming
// one's own delivery, never walks around the limit. Pledges and route claims share one count: both take help that
// someone needs off the open list.

/** The rolling window the daily limits count in. */
export const HELPER_WINDOW_HOURS = 24;
/** Pledges and route claims one WhatsApp number may make in the window (HELPER_LIMIT_PER_NUMBER). */
export const DEFAULT_HELPER_LIMIT_PER_NUMBER = 10;
/** Pledges and route claims one client address may make in the window (HELPER_LIMIT_PER_ADDRESS). */
export const DEFAULT_HELPER_LIMIT_PER_ADDRESS = 40;

/**
 * Who the limits count a pledge or a route claim against:
 * - `all`: a person at a client address (the number and the address are both counted);
 * - `number`: the address is one of the service's own proxies (TRUST_PROXY lists it), through which the request came
 *   without saying for whom: it stands for many people, not one client, so only the number is counted;
 * - `none`: a registered integration (its key) or a collection centre (its edit link), who pledge for many people
 *   and answer for it by name.
 */
export type Counted = 'all' | 'number' | 'none';

export interface HelperLimits {
  perNumber: number;
  perAddress: number;
}

export interface HelperCounts {
  number: number;
  address: number;
}

/** Where the window starts for a pledge or claim made at `now`. */
export function helperWindowStart(now: Date): string {
  return new Date(now.getTime() - HELPER_WINDOW_HOURS * 3_600_000).toISOString();
}

/** The limit one more pledge or claim would pass, or null when it may be made. */
export function passedLimit(
  counted: Counted,
  counts: HelperCounts,
  limits: HelperLimits,
): { by: 'number' | 'address'; limit: number } | null {
  if (counted === 'none') return null;
  if (counts.number >= limits.perNumber) return { by: 'number', limit: limits.perNumber };
  if (counted === 'all' && counts.address >= limits.perAddress) return { by: 'address', limit: limits.perAddress };
  return null;
}

/** Who makes a pledge or a route claim, as the limits see them: the client scope (per-address hashes) and what counts. */
export interface HelperClient {
  scope: string;
  counted: Counted;
}
