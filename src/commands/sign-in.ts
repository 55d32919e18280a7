// Console sign-in: throttled per e-mail and per client address; success opens a brand-new session.
import { verifyPassword } from '../auth/passwords.ts';
import { newToken, tokenHash } from '../auth/tokens.ts';
import type { Context } from '../context.ts';
import { AppError } from '../errors.ts';
import { type AccountRow, findAccountByEmail } from '../repositories/accounts.ts';
import { audit } from '../repositories/audit.ts';
import { insertSession } from '../repositories/console-sessions.ts';
import { type AttemptRow, clearAttempts, findAttempts, saveAttempt } from '../repositories/login-attempts.ts';
import { normalizeEmail } from './create-account.ts';

export const SESSION_HOURS = 12;
const WINDOW_MS = 15 * 60_000;
const LOCK_MS = 15 * 60_000;
/** Failures allowed inside the window before the key is locked. */
export const MAX_FAILURES = { email: 5, address: 20 } as const;

export interface SignedIn {
  /** Goes into the cookie; only its hash is stored. */
  token: string;
  csrf: string;
  account: AccountRow;
  expiresAt: string;
}

export async function signIn(ctx: Context, input: { email: string; password: string; address: string }) {
  const email = normalizeEmail(input.email).slice(0, 254);
  const keys = { email: `email:${email}`, address: `ip:${input.address}` };
  const now = ctx.now();
  const attempts = await findAttempts(ctx.db, [keys.email, keys.address]);
  const lockedUntil = attempts
    .map((a) => (a.locked_until ? Date.parse(a.locked_until) : 0))
    .reduce((a, b) => Math.max(a, b), 0);
  if (lockedUntil > now.getTime()) throw throttled(lockedUntil - now.getTime());

  const account = await findAccountByEmail(ctx.db, email);
  const usable = account && account.disabled_at === null ? account : undefined;
  const ok = await verifyPassword(usable?.password_hash ?? null, input.password);
  if (!ok || !usable) {
    const lock = await recordFailure(ctx, attempts, keys, now);
    await audit(ctx.db, {
      actor: `panel:${email}`,
      action: 'sign_in_failed',
      targetType: 'account',
      targetId: usable?.id ?? '-',
      details: { address: input.address },
      at: now.toISOString(),
    });
    if (lock) throw throttled(LOCK_MS);
    throw new AppError('invalid_credentials');
  }

  const token = newToken();
  const csrf = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_HOURS * 3_600_000).toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await clearAttempts(trx, keys.email);
    await insertSession(trx, {
      id: tokenHash(token),
      account_id: usable.id,
      csrf_token: csrf,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: expiresAt,
    });
    await audit(trx, {
      actor: `panel:${usable.email}`,
      action: 'signed_in',
      targetType: 'account',
      targetId: usable.id,
      details: { address: input.address },
      at: now.toISOString(),
    });
  });
  return { token, csrf, account: usable, expiresAt } satisfies SignedIn;
}

/** Counts a failure on both keys; true when one of them is now locked. */
async function recordFailure(
  ctx: Context,
  attempts: AttemptRow[],
  keys: { email: string; address: string },
  now: Date,
): Promise<boolean> {
  let locked = false;
  for (const [kind, key] of Object.entries(keys) as [keyof typeof MAX_FAILURES, string][]) {
    const previous = attempts.find((a) => a.key === key);
    const fresh = !previous || now.getTime() - Date.parse(previous.window_started_at) >= WINDOW_MS;
    const failures = fresh ? 1 : (previous as AttemptRow).failures + 1;
    const lock = failures >= MAX_FAILURES[kind];
    locked ||= lock;
    await saveAttempt(ctx.db, {
      key,
      failures: lock ? 0 : failures,
      window_started_at: lock || fresh ? now.toISOString() : (previous as AttemptRow).window_started_at,
      locked_until: lock ? new Date(now.getTime() + LOCK_MS).toISOString() : null,
    });
  }
  return locked;
}

function throttled(ms: number): AppError {
  const error = new AppError('login_throttled', [
    { field: 'email', message: `${Math.ceil(ms / 60_000)} min`, code: 'locked' },
  ]);
  return Object.assign(error, { retryAfter: Math.ceil(ms / 1000) });
}
