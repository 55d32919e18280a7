// Upkeep: drop ended console sessions and stale sign-in counters.
import type { Context } from '../context.ts';
import { IDLE_HOURS } from '../queries/console-session.ts';
import { purgeSessions } from '../repositories/console-sessions.ts';
import { purgeAttempts } from '../repositories/login-attempts.ts';
import { purgeRejectedNumbers } from '../repositories/rejected-numbers.ts';
import { purgeClaims } from '../repositories/review-claims.ts';

export async function purgeConsoleState(ctx: Context): Promise<void> {
  const now = ctx.now().getTime();
  await purgeSessions(ctx.db, new Date(now).toISOString(), new Date(now - IDLE_HOURS * 3_600_000).toISOString());
  await purgeAttempts(ctx.db, new Date(now - 24 * 3_600_000).toISOString());
  // Review batches that ended: an expired claim already hides nothing; its row is dropped a day later.
  await purgeClaims(ctx.db, new Date(now - 24 * 3_600_000).toISOString());
  // Rejected numbers' hashes go with their rejected records' data (the retention's erasure); this drops any that
  // outlived it (a record erased another way keeps no row either: its holder deletes it).
  await purgeRejectedNumbers(ctx.db, new Date(now - ctx.config.retention.rejectedDays * 86_400_000).toISOString());
}
