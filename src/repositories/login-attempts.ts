// Attempt counters per key, in the database so that every instance counts the same attempts. Counting and the
// decision to let an attempt through are one statement, so a burst of parallel attempts cannot overshoot.
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/types.ts';

export interface ThrottleRule {
  /** Attempts let through before any delay. */
  free: number;
  /** The wait after the last free attempt; it doubles with each further attempt, up to maxDelayMs. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A counter whose window started this long ago (and is not locked) starts over. */
  windowMs: number;
}

export type Counted =
  | { allowed: true; failures: number; lockedUntil: string | null }
  | { allowed: false; lockedUntil: string | null };

/** Waits after the free attempts: firstDelay, 2×, 4×, … until the cap, which then repeats. */
export function delayLadder(rule: ThrottleRule): number[] {
  const ladder: number[] = [];
  for (let delay = rule.firstDelayMs; ; delay *= 2) {
    ladder.push(Math.min(delay, rule.maxDelayMs));
    if (delay >= rule.maxDelayMs) return ladder;
  }
}

/**
 * Counts one attempt on `key` unless the key is waiting out a delay; the attempt that reaches the free count
 * sets the next delay at once, so attempts arriving meanwhile are refused before anything slow is checked.
 */
export async function countAttempt(db: Db, key: string, rule: ThrottleRule, now: Date): Promise<Counted> {
  const at = now.toISOString();
  const windowStart = new Date(now.getTime() - rule.windowMs).toISOString();
  const until = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const ladder = delayLadder(rule);
  const cap = until(ladder.at(-1) as number);
  const failures = sql.ref('login_attempts.failures');
  // The wait set by the attempt numbered failures + 1 (timestamps computed here: the same SQL on both engines).
  const steps = ladder.slice(0, -1).map((ms, i) => sql`when ${sql.lit(rule.free + i)} then ${until(ms)}`);
  const wait: RawBuilder<unknown> =
    steps.length === 0 ? sql`${cap}` : sql`case ${failures} + 1 ${sql.join(steps, sql` `)} else ${cap} end`;
  const expired = sql<boolean>`login_attempts.window_started_at <= ${windowStart}`;
  const row = await db
    .insertInto('login_attempts')
    .values({
      key,
      failures: 1,
      window_started_at: at,
      locked_until: rule.free <= 1 ? until(ladder[0] as number) : null,
    })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          failures: sql<number>`case when ${expired} then 1 else ${failures} + 1 end`,
          window_started_at: sql<string>`case when ${expired} then ${at} else login_attempts.window_started_at end`,
          locked_until: sql<
            string | null
          >`case when ${expired} or ${failures} + 1 < ${sql.lit(rule.free)} then null else ${wait} end`,
        })
        .where((eb) =>
          eb.or([eb('login_attempts.locked_until', 'is', null), eb('login_attempts.locked_until', '<=', at)]),
        ),
    )
    .returning(['failures', 'locked_until'])
    .executeTakeFirst();
  if (row) return { allowed: true, failures: Number(row.failures), lockedUntil: row.locked_until };
  const current = await db
    .selectFrom('login_attempts')
    .select('locked_until')
    .where('key', '=', key)
    .executeTakeFirst();
  return { allowed: false, lockedUntil: current?.locked_until ?? null };
}

/** Takes back one counted attempt (it turned out legitimate, or was refused by another key). */
export async function releaseAttempt(db: Db, key: string, rule: ThrottleRule): Promise<void> {
  await db
    .updateTable('login_attempts')
    .set({
      failures: sql<number>`case when failures > 0 then failures - 1 else 0 end`,
      // At exactly the free count the delay in force was set by the attempt taken back.
      locked_until: sql<string | null>`case when failures <= ${sql.lit(rule.free)} then null else locked_until end`,
    })
    .where('key', '=', key)
    .execute();
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
}

/** Counters whose window and delay are both over: they no longer count. */
export async function purgeAttempts(db: Db, before: string): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('window_started_at', '<', before)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', before)]))
    .execute();
}
