// A code typed by someone already signed in (to turn the factor off) is counted like a sign-in attempt, on the same
// keys: a stolen session cannot try the million codes to remove the factor.
import type { Context } from '../context.ts';
import { AppError } from '../errors.ts';
import { releaseAttempt } from '../repositories/login-attempts.ts';
import { countSignInAttempt, THROTTLE, throttled, throttleKeys, waitSetBy } from './sign-in.ts';

export async function countedCodeAttempt<T>(
  ctx: Context,
  who: { email: string; address: string },
  attempt: () => Promise<T>,
): Promise<T> {
  const keys = throttleKeys(who.email, who.address);
  const now = ctx.now();
  const { pair, address } = await countSignInAttempt(ctx, keys, now);
  try {
    const result = await attempt();
    await releaseAttempt(ctx.db, keys.pair, THROTTLE.pair);
    await releaseAttempt(ctx.db, keys.address, THROTTLE.address);
    return result;
  } catch (err) {
    const wait = err instanceof AppError && err.code === 'invalid_credentials' ? waitSetBy([pair, address], now) : null;
    if (wait) throw throttled(wait, now);
    throw err;
  }
}
