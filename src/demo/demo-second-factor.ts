// With TOTP_KEY set, the demo's admin has a second factor (REQUIRE_2FA asks admins for one by default), and the
// demo prints its secret beside the password so whoever tries the console can add it to an authenticator.
import {
  confirmedSecret,
  confirmSecondFactor,
  currentCode,
  hasSecondFactor,
  resetSecondFactor,
  secondFactorKey,
  startSecondFactor,
} from '../commands/second-factor.ts';
import type { Context } from '../context.ts';
import { findAccountByEmail } from '../repositories/accounts.ts';
import { DEMO_ACTOR } from './demo-data.ts';
import { DEMO_ACCOUNT } from './demo-operations.ts';

/** The demo admin's TOTP secret (set up now if it has none); null while TOTP_KEY is unset. */
export async function demoSecondFactor(ctx: Context): Promise<string | null> {
  if (secondFactorKey(ctx.config) === null) return null;
  const account = await findAccountByEmail(ctx.db, DEMO_ACCOUNT.email);
  if (!account) return null;
  const existing = await confirmedSecret(ctx, account.id);
  if (existing) return existing;
  // A factor sealed under another TOTP_KEY cannot be opened: the demo starts its admin on a new one.
  if (await hasSecondFactor(ctx, account.id)) await resetSecondFactor(ctx, account.email, DEMO_ACTOR);
  const setup = await startSecondFactor(ctx, account, DEMO_ACTOR);
  await confirmSecondFactor(ctx, account, await currentCode(ctx, setup.secret), DEMO_ACTOR);
  return setup.secret;
}
