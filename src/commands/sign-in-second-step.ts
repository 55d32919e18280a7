// The second step of a console sign-in: the code from the authenticator (or a recovery code), or setting up the
// factor REQUIRE_2FA asks for. Codes are counted by the sign-in's own throttle, on the same keys as the password,
// and a wrong one says no more than "the code is not valid". Only the finished step opens a session, under a new
// token: the pending step's cookie never becomes the session's.
import type { Context } from '../context.ts';
import { inTransaction } from '../db/store.ts';
import { AppError } from '../errors.ts';
import type { PendingSignIn } from '../queries/pending-sign-in.ts';
import { audit } from '../repositories/audit.ts';
import { deleteSession } from '../repositories/console-sessions.ts';
import { clearAttempts, releaseAttempt } from '../repositories/login-attempts.ts';
import { confirmSecondFactor, spendSecondFactor, wrongCode } from './second-factor.ts';
import {
  countSignInAttempt,
  openSession,
  type SignedIn,
  THROTTLE,
  throttled,
  throttleKeys,
  waitSetBy,
} from './sign-in.ts';

export async function signInWithCode(
  ctx: Context,
  pending: PendingSignIn,
  input: { code: string; address: string },
): Promise<SignedIn> {
  if (pending.step !== 'code') throw new AppError('forbidden');
  const { account } = pending;
  const keys = throttleKeys(account.email, input.address);
  const now = ctx.now();
  const { pair, address } = await countSignInAttempt(ctx, keys, now);
  const used = await spendSecondFactor(ctx, account.id, input.code);
  if (!used) {
    await audit(ctx.db, {
      actor: `panel:${account.email}`,
      action: 'sign_in_failed',
      targetType: 'account',
      targetId: account.id,
      details: { address: input.address, step: 'code' },
      at: now.toISOString(),
    });
    const wait = waitSetBy([pair, address], now);
    if (wait) throw throttled(wait, now);
    throw wrongCode();
  }
  return inTransaction(ctx, async (trx) => {
    await deleteSession(trx.db, pending.sessionId);
    await clearAttempts(trx.db, keys.pair);
    // The password's attempt and this one were both the account's own.
    await releaseAttempt(trx.db, keys.address, THROTTLE.address);
    await releaseAttempt(trx.db, keys.address, THROTTLE.address);
    return openSession(trx.db, now, account, { address: input.address, pending: null, via: used });
  });
}

/** Confirms the factor set up during sign-in and opens the session; the recovery codes are shown once. */
export async function signInWithNewFactor(
  ctx: Context,
  pending: PendingSignIn,
  input: { code: string; address: string },
): Promise<{ session: SignedIn; recoveryCodes: string[] }> {
  if (pending.step !== 'setup') throw new AppError('forbidden');
  const { account } = pending;
  const recoveryCodes = await confirmSecondFactor(ctx, account, input.code, `panel:${account.email}`);
  const now = ctx.now();
  const session = await inTransaction(ctx, async (trx) => {
    await deleteSession(trx.db, pending.sessionId);
    return openSession(trx.db, now, account, { address: input.address, pending: null, via: 'setup' });
  });
  return { session, recoveryCodes };
}
