// Console sign-in: each attempt is counted before the password is checked, per (e-mail, client address) and per
// client address, with growing waits; no one can lock a leader out from an address the leader does not use.
import { verifyPassword } from '../auth/passwords.ts';
import { newToken, tokenHash } from '../auth/tokens.ts';
import type { Context } from '../context.ts';
import { inTransaction } from '../db/store.ts';
import type { Db, SignInStep } from '../db/types.ts';
import { clientScope } from '../domain/client-address.ts';
import { AppError, type Sentence } from '../errors.ts';
import { type AccountRow, findAccountByEmail } from '../repositories/accounts.ts';
import { audit } from '../repositories/audit.ts';
import { insertSession } from '../repositories/console-sessions.ts';
import {
  type Counted,
  clearAttempts,
  countAttempt,
  releaseAttempt,
  type ThrottleRule,
} from '../repositories/login-attempts.ts';
import { normalizeEmail } from './create-account.ts';
import { hasSecondFactor, secondFactorRequired } from './second-factor.ts';

export const SESSION_HOURS = 12;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Free attempts, then waits of 1, 2, 4 … minutes up to an hour; a counter starts over a day after it began. */
export const THROTTLE = {
  pair: { free: 5, firstDelayMs: MINUTE, maxDelayMs: 60 * MINUTE, windowMs: DAY },
  address: { free: 20, firstDelayMs: MINUTE, maxDelayMs: 60 * MINUTE, windowMs: DAY },
} as const satisfies Record<string, ThrottleRule>;

export interface SignedIn {
  /** Goes into the cookie; only its hash is stored. */
  token: string;
  csrf: string;
  account: AccountRow;
  expiresAt: string;
}

export function throttleKeys(email: string, address: string) {
  const scope = clientScope(address);
  return { pair: `pair:${scope}|${email}`, address: `ip:${scope}` };
}

/**
 * One attempt counted on both keys, the (e-mail, address) pair first: refused for the address, the pair does not pay
 * for an attempt it never made. Throws 429 when either is locked; the counts are for the caller's wait afterwards.
 */
export async function countSignInAttempt(ctx: Context, keys: ReturnType<typeof throttleKeys>, now: Date) {
  const pair = await countAttempt(ctx.db, keys.pair, THROTTLE.pair, now);
  if (!pair.allowed) throw throttled(pair.lockedUntil, now);
  const address = await countAttempt(ctx.db, keys.address, THROTTLE.address, now);
  if (!address.allowed) {
    await releaseAttempt(ctx.db, keys.pair, THROTTLE.pair);
    throw throttled(address.lockedUntil, now);
  }
  return { pair, address };
}

export async function signIn(ctx: Context, input: { email: string; password: string; address: string }) {
  const email = normalizeEmail(input.email).slice(0, 254);
  const keys = throttleKeys(email, input.address);
  const now = ctx.now();

  const { pair, address } = await countSignInAttempt(ctx, keys, now);

  const account = await findAccountByEmail(ctx.db, email);
  const usable = account && account.disabled_at === null ? account : undefined;
  const ok = await verifyPassword(usable?.password_hash ?? null, input.password);
  if (!ok || !usable) {
    await audit(ctx.db, {
      actor: `panel:${email}`,
      action: 'sign_in_failed',
      targetType: 'account',
      targetId: usable?.id ?? '-',
      details: { address: input.address },
      at: now.toISOString(),
    });
    const wait = waitSetBy([pair, address], now);
    if (wait) throw throttled(wait, now);
    throw new AppError('invalid_credentials');
  }

  const step = await signInStep(ctx, usable);
  if (step === 'code') {
    // The password alone opens nothing: the attempt stays counted until the code is right too, so a stolen
    // password does not buy fresh guesses at the code.
    return { ...(await openSession(ctx.db, now, usable, { address: input.address, pending: 'code' })), pending: step };
  }
  return inTransaction(ctx, async (trx) => {
    await clearAttempts(trx.db, keys.pair);
    await releaseAttempt(trx.db, keys.address, THROTTLE.address);
    return { ...(await openSession(trx.db, now, usable, { address: input.address, pending: step })), pending: step };
  });
}

/** What a sign-in still owes after its password: its code, setting up a factor REQUIRE_2FA asks for, or nothing. */
async function signInStep(ctx: Context, account: AccountRow): Promise<SignInStep | null> {
  if (await hasSecondFactor(ctx, account.id)) return 'code';
  return secondFactorRequired(ctx.config, account.role) ? 'setup' : null;
}

/** A pending sign-in lasts this long: enough to open the authenticator, or to set one up. */
export const PENDING_MINUTES: Record<SignInStep, number> = { code: 10, setup: 30 };

/**
 * A new session row: a whole session (audited as signed in), or one that waits for its second step and opens no
 * console page. Each step gets a token of its own, so the cookie of a pending step never becomes the session's.
 */
export async function openSession(
  db: Db,
  now: Date,
  account: AccountRow,
  options: { address: string; pending: SignInStep | null; via?: string },
): Promise<SignedIn> {
  const token = newToken();
  const csrf = newToken();
  const ms = options.pending ? PENDING_MINUTES[options.pending] * 60_000 : SESSION_HOURS * 3_600_000;
  const expiresAt = new Date(now.getTime() + ms).toISOString();
  await insertSession(db, {
    id: tokenHash(token),
    account_id: account.id,
    csrf_token: csrf,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: expiresAt,
    pending: options.pending,
  });
  await audit(db, {
    actor: `panel:${account.email}`,
    action: options.pending ? 'sign_in_password_ok' : 'signed_in',
    targetType: 'account',
    targetId: account.id,
    details: {
      address: options.address,
      ...(options.pending ? { next: options.pending } : {}),
      ...(options.via ? { via: options.via } : {}),
    },
    at: now.toISOString(),
  });
  return { token, csrf, account, expiresAt };
}

/** The latest wait this attempt started, if it was the one that reached a limit. */
export function waitSetBy(counted: Counted[], now: Date): string | null {
  const waits = counted
    .map((c) => c.lockedUntil)
    .filter((until): until is string => until !== null && Date.parse(until) > now.getTime());
  return waits.sort().at(-1) ?? null;
}

/** 429 with how long to wait (Retry-After in seconds; the detail in minutes for people). */
export function throttled(until: string | null, now: Date): AppError {
  const ms = Math.max(1000, until ? Date.parse(until) - now.getTime() : 1000);
  const error = new AppError('login_throttled', [
    { field: 'email', code: 'wait', message: waitSentence(Math.ceil(ms / 60_000)) },
  ]);
  return Object.assign(error, { retryAfter: Math.ceil(ms / 1000) });
}

function waitSentence(minutes: number): Sentence {
  return minutes === 1
    ? { es: 'Espere 1 minuto antes de intentar de nuevo.', en: 'Wait 1 minute before trying again.' }
    : {
        es: `Espere ${minutes} minutos antes de intentar de nuevo.`,
        en: `Wait ${minutes} minutes before trying again.`,
      };
}
