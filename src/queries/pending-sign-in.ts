// A sign-in that passed its password and still owes its second step (a code, or setting up a factor), behind the
// cookie of that step; null when there is none, or it ran out.
import { tokenHash } from '../auth/tokens.ts';
import type { Context } from '../context.ts';
import type { SignInStep } from '../db/types.ts';
import { type AccountRow, findAccountById } from '../repositories/accounts.ts';
import { deleteSession, findSession } from '../repositories/console-sessions.ts';

export interface PendingSignIn {
  sessionId: string;
  csrf: string;
  step: SignInStep;
  account: AccountRow;
}

export async function loadPendingSignIn(
  ctx: Context,
  token: string | undefined,
  step: SignInStep,
): Promise<PendingSignIn | null> {
  if (!token || token.length > 100) return null;
  const id = tokenHash(token);
  const session = await findSession(ctx.db, id);
  if (!session || session.pending !== step) return null;
  if (Date.parse(session.expires_at) <= ctx.now().getTime()) {
    await deleteSession(ctx.db, id);
    return null;
  }
  const account = await findAccountById(ctx.db, session.account_id);
  if (!account || account.disabled_at !== null) return null;
  return { sessionId: id, csrf: session.csrf_token, step, account };
}
