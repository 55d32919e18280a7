// Upkeep: drop ended console sessions and stale sign-in counters.
import type { Context } from '../context.ts';
import { IDLE_HOURS } from '../queries/console-session.ts';
import { purgeSessions } from '../repositories/console-sessions.ts';
import { purgeAttempts } from '../repositories/login-attempts.ts';

export async function purgeConsoleState(ctx: Context): Promise<void> {
  const now = ctx.now().getTime();
  await purgeSessions(ctx.db, new Date(now).toISOString(), new Date(now - IDLE_HOURS * 3_600_000).toISOString());
  await purgeAttempts(ctx.db, new Date(now - 24 * 3_600_000).toISOString());
}
