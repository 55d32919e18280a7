// Ends a console session: the row goes, so the cookie is worthless even if it was copied.
import type { Context } from '../context.ts';
import { deleteSession } from '../repositories/console-sessions.ts';

export async function signOut(ctx: Context, sessionId: string): Promise<void> {
  await deleteSession(ctx.db, sessionId);
}
