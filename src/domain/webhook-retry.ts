// When a failed webhook delivery is tried again: later and later, with some spread so that many deliveries that
// failed together (a receiver that was down) do not all come back at the same second; after a day, it is dead.
export const RETRY_WINDOW_MS = 24 * 3_600_000;

/** Waits after the 1st, 2nd, ... failure; the last one repeats until the window closes. */
const WAITS_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000];

/** ±20 %: the waits still grow from one failure to the next. */
const SPREAD = 0.2;

/** How long to wait after `failures` failed attempts (1 or more); `random` gives a number in [0, 1). */
export function retryDelayMs(failures: number, random: () => number = Math.random): number {
  const base = WAITS_MS[Math.min(Math.max(failures, 1), WAITS_MS.length) - 1] as number;
  return Math.round(base * (1 - SPREAD + 2 * SPREAD * random()));
}

/** Past the window that began at `since` (its creation, or the leader's resend): no more attempts. */
export function retryWindowClosed(since: string, now: Date): boolean {
  return now.getTime() - Date.parse(since) >= RETRY_WINDOW_MS;
}
