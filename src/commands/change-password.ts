// A signed-in leader changes their own password: the current one is required (and its guesses are throttled);
// every other session of the account ends, the one that asked stays.
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { Actor, Context } from '../context.ts';
import { inTransaction } from '../db/store.ts';
import { AppError } from '../errors.ts';
import { findAccountById, setPasswordHash } from '../repositories/accounts.ts';
import { audit } from '../repositories/audit.ts';
import { deleteOtherSessions } from '../repositories/console-sessions.ts';
import { clearAttempts, countAttempt } from '../repositories/login-attempts.ts';
import { checkNewPassword } from './new-password.ts';
import { THROTTLE, throttled, waitSetBy } from './sign-in.ts';

export interface PasswordChange {
  accountId: string;
  /** The session that asked; it stays open. */
  sessionId: string;
  current: string;
  password: string;
  confirm: string;
}

/** Returns how many other sessions ended. */
export async function changePassword(ctx: Context, input: PasswordChange, actor: Actor): Promise<number> {
  const account = await findAccountById(ctx.db, input.accountId);
  if (!account || account.disabled_at !== null) throw new AppError('forbidden');

  // A stolen session must not become a way to guess the password at leisure.
  const key = `cambio:${account.id}`;
  const now = ctx.now();
  const counted = await countAttempt(ctx.db, key, THROTTLE.pair, now);
  if (!counted.allowed) throw throttled(counted.lockedUntil, now);
  if (!(await verifyPassword(account.password_hash, input.current))) {
    const wait = waitSetBy([counted], now);
    if (wait) throw throttled(wait, now);
    throw new AppError('wrong_password', [
      { field: 'current', message: 'La contraseña actual no es correcta.', code: 'wrong_password' },
    ]);
  }
  await clearAttempts(ctx.db, key);
  // The strength estimate is the costly check: only for someone who knows the current password.
  await checkNewPassword(account, input.password, input.confirm);

  const passwordHash = await hashPassword(input.password);
  const at = ctx.now().toISOString();
  return inTransaction(ctx, async (trx) => {
    await setPasswordHash(trx.db, account.id, passwordHash, at);
    const ended = await deleteOtherSessions(trx.db, account.id, input.sessionId);
    await audit(trx.db, {
      actor,
      action: 'password_changed',
      targetType: 'account',
      targetId: account.id,
      details: { endedSessions: ended },
      at,
    });
    return ended;
  });
}
