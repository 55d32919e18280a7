// Age of a declared quantity (SPEC 2.9, 8): after 24 hours without an update it may no longer be there.
import { bounds } from './bounds.ts';

export const STALE_AFTER_HOURS = bounds.staleAfterHours;

const HOUR_MS = 3_600_000;

function ageMs(updatedAt: string | Date, now: Date): number {
  const at = typeof updatedAt === 'string' ? Date.parse(updatedAt) : updatedAt.getTime();
  // A clock behind the writer's (another process, another machine) must not show a negative age.
  return Math.max(0, now.getTime() - at);
}

/** Hours since the last update, one decimal, never negative. */
export function hoursSinceUpdate(updatedAt: string | Date, now: Date): number {
  return Math.round(ageMs(updatedAt, now) / (HOUR_MS / 10)) / 10;
}

/** Strictly more than STALE_AFTER_HOURS, measured in milliseconds: 24.01 h is stale even if it rounds to 24.0. */
export function isStale(updatedAt: string | Date, now: Date): boolean {
  return ageMs(updatedAt, now) > STALE_AFTER_HOURS * HOUR_MS;
}
