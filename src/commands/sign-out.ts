// Ends a console session: the row goes, so the cookie is worthless even if it was copied.
import type { Context } from '../context.ts';
import { deleteSession, findSession } from '../repositories/console-sessions.ts';
import { releaseClaims } from './review-claims.ts';

export async function signOut(ctx: Context, sessionId: string): Promise<void> {
  // A leader who signs out is not reviewing: the cards of their review batches go back to everyone.
  const session = await findSession(ctx.db, sessionId);
  if (session) await releaseClaims(ctx, session.account_id);
  await deleteSession(ctx.db, sessionId);
}
