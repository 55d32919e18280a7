// A console account's second factor (TOTP, RFC 6238: 30-second steps, 6 digits, one step either side): setting it
// up, confirming it with a first code (which hands out the recovery codes, once), checking a code at sign-in,
// turning it off with a code, and an administrator's reset from the CLI. The time is ctx.now(), never the wall clock.
import { generate, generateSecret, generateURI, verify } from 'otplib';
import { newRecoveryCodes, normalizedRecoveryCode, recoveryCodeHash } from '../auth/recovery-codes.ts';
import { sameSecret } from '../auth/tokens.ts';
import { openTotpSecret, sealTotpSecret, totpKeyBytes } from '../auth/totp-seal.ts';
import type { Config } from '../config.ts';
import type { Actor, Context } from '../context.ts';
import { inTransaction } from '../db/store.ts';
import type { Role } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { type AccountRow, findAccountByEmail } from '../repositories/accounts.ts';
import { audit } from '../repositories/audit.ts';
import {
  clearSecondFactor,
  confirmSecret,
  findSecondFactor,
  replaceRecovery,
  setPendingSecret,
  takeStep,
} from '../repositories/second-factor.ts';
import { normalizeEmail } from './create-account.ts';

export const TOTP_PERIOD_SECONDS = 30;

/** Whose factor: the account's id and the e-mail its authenticator shows. */
export type Holder = Pick<AccountRow, 'id' | 'email'>;
const ISSUER = 'Ayuda Directa';

/** TOTP_KEY as bytes, or null while unset (a malformed key throws ConfigError). */
export function secondFactorKey(config: Config): Buffer | null {
  return totpKeyBytes(config.secondFactor.totpKey);
}

/** Whether REQUIRE_2FA asks this role for a second factor; nothing is required while TOTP_KEY is unset. */
export function secondFactorRequired(config: Config, role: Role): boolean {
  if (config.secondFactor.totpKey === null) return false;
  const rule = config.secondFactor.require;
  return rule === 'all' || (rule === 'admins' && role === 'admin');
}

/** The wrong code: the console says so beside the field; the code it stands for is the sign-in's own. */
export function wrongCode(): AppError {
  return new AppError('invalid_credentials', [
    { field: 'code', message: 'El código no es válido.', code: 'wrong_code' },
  ]);
}

export interface TotpSetup {
  /** Base32, for typing into an authenticator by hand. */
  secret: string;
  /** otpauth://totp/…, for the QR code. */
  uri: string;
}

function requireKey(ctx: Context): Buffer {
  const key = secondFactorKey(ctx.config);
  if (!key)
    throw new AppError('not_found', [{ field: 'totp', message: 'TOTP_KEY no está configurada.', code: 'unavailable' }]);
  return key;
}

function epochOf(ctx: Context): number {
  return Math.floor(ctx.now().getTime() / 1000);
}

function setupOf(secret: string, email: string): TotpSetup {
  return { secret, uri: generateURI({ issuer: ISSUER, label: email, secret }) };
}

/** The secret being set up, made now unless one is already waiting for its first code. */
export async function startSecondFactor(ctx: Context, account: Holder, actor: Actor): Promise<TotpSetup> {
  const key = requireKey(ctx);
  const row = await findSecondFactor(ctx.db, account.id);
  if (row?.totp_confirmed_at) {
    throw new AppError('invalid_state', [{ field: 'totp', message: 'Ya tiene un segundo factor.', code: 'exists' }]);
  }
  const waiting = row?.totp_secret ? openTotpSecret(key, account.id, row.totp_secret) : null;
  if (waiting) return setupOf(waiting, account.email);
  const secret = generateSecret();
  const at = ctx.now().toISOString();
  await inTransaction(ctx, async (trx) => {
    await setPendingSecret(trx.db, account.id, sealTotpSecret(key, account.id, secret), at);
    await audit(trx.db, { actor, action: 'second_factor_started', targetType: 'account', targetId: account.id, at });
  });
  return setupOf(secret, account.email);
}

/** The secret waiting for its first code, or null when there is none (or TOTP_KEY cannot open it). */
export async function waitingSecondFactor(ctx: Context, account: Holder): Promise<TotpSetup | null> {
  const key = secondFactorKey(ctx.config);
  const row = await findSecondFactor(ctx.db, account.id);
  if (!key || !row?.totp_secret || row.totp_confirmed_at) return null;
  const secret = openTotpSecret(key, account.id, row.totp_secret);
  return secret ? setupOf(secret, account.email) : null;
}

/** The step a six-digit code belongs to, one step either side of now and after the last one taken; else null. */
async function matchingStep(ctx: Context, secret: string, typed: string, after: number | null): Promise<number | null> {
  const token = typed.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epoch: epochOf(ctx),
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(after === null ? {} : { afterTimeStep: after }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Confirms the secret being set up with a current code; returns the ten recovery codes, shown once. */
export async function confirmSecondFactor(
  ctx: Context,
  account: Holder,
  code: string,
  actor: Actor,
): Promise<string[]> {
  const key = requireKey(ctx);
  const row = await findSecondFactor(ctx.db, account.id);
  const secret = row?.totp_secret && !row.totp_confirmed_at ? openTotpSecret(key, account.id, row.totp_secret) : null;
  if (!row?.totp_secret || !secret) {
    throw new AppError('invalid_state', [
      { field: 'code', message: 'No hay un segundo factor por confirmar.', code: 'none' },
    ]);
  }
  const step = await matchingStep(ctx, secret, code, null);
  if (step === null) throw wrongCode();
  const codes = newRecoveryCodes();
  const at = ctx.now().toISOString();
  await inTransaction(ctx, async (trx) => {
    const sealed = row.totp_secret as string;
    const confirmed = await confirmSecret(trx.db, account.id, {
      sealed,
      step,
      recovery: codes.map(recoveryCodeHash),
      at,
    });
    if (!confirmed) throw wrongCode();
    await audit(trx.db, { actor, action: 'second_factor_confirmed', targetType: 'account', targetId: account.id, at });
  });
  return codes;
}

/** Whether the account has a confirmed second factor. */
export async function hasSecondFactor(ctx: Context, accountId: string): Promise<boolean> {
  const row = await findSecondFactor(ctx.db, accountId);
  return Boolean(row?.totp_secret && row.totp_confirmed_at);
}

/**
 * Checks a code from the authenticator or a recovery code, and spends it: a TOTP step is taken once, a recovery
 * code is struck off. Without TOTP_KEY only recovery codes can be checked. Returns which kind worked, or null.
 */
export async function spendSecondFactor(
  ctx: Context,
  accountId: string,
  typed: string,
): Promise<'totp' | 'recovery' | null> {
  const row = await findSecondFactor(ctx.db, accountId);
  if (!row?.totp_secret || !row.totp_confirmed_at) return null;
  const recovery = normalizedRecoveryCode(typed);
  if (recovery !== null) {
    const before = row.totp_recovery ?? '[]';
    const hashes = JSON.parse(before) as string[];
    const hash = recoveryCodeHash(recovery);
    if (!hashes.some((h) => sameSecret(h, hash))) return null;
    const spent = await replaceRecovery(
      ctx.db,
      accountId,
      before,
      hashes.filter((h) => h !== hash),
    );
    return spent ? 'recovery' : null;
  }
  const key = secondFactorKey(ctx.config);
  const secret = key ? openTotpSecret(key, accountId, row.totp_secret) : null;
  if (!secret) return null;
  const step = await matchingStep(ctx, secret, typed, row.totp_last_step);
  return step !== null && (await takeStep(ctx.db, accountId, step)) ? 'totp' : null;
}

/** Turns the factor off; the person proves it with a current code (or a recovery code). */
export async function turnOffSecondFactor(ctx: Context, account: Holder, code: string, actor: Actor): Promise<void> {
  const used = await spendSecondFactor(ctx, account.id, code);
  if (!used) throw wrongCode();
  const at = ctx.now().toISOString();
  await inTransaction(ctx, async (trx) => {
    await clearSecondFactor(trx.db, account.id, at);
    await audit(trx.db, { actor, action: 'second_factor_removed', targetType: 'account', targetId: account.id, at });
  });
}

/** `ayuda leader reset-2fa`: clears the factor and its recovery codes of a person who lost them. */
export async function resetSecondFactor(
  ctx: Context,
  email: string,
  actor: Actor,
): Promise<{ account: AccountRow; had: boolean }> {
  const account = await findAccountByEmail(ctx.db, normalizeEmail(email));
  if (!account)
    throw new AppError('not_found', [{ field: 'email', message: 'No hay una cuenta así.', code: 'not_found' }]);
  const had = account.totp_secret !== null;
  const at = ctx.now().toISOString();
  await inTransaction(ctx, async (trx) => {
    await clearSecondFactor(trx.db, account.id, at);
    await audit(trx.db, {
      actor,
      action: 'second_factor_reset',
      targetType: 'account',
      targetId: account.id,
      details: { had },
      at,
    });
  });
  return { account, had };
}

/** A current code for a secret at ctx.now(): the demo prints none, but tests and the demo's set-up use it. */
export function currentCode(ctx: Context, secret: string): Promise<string> {
  return generate({ secret, epoch: epochOf(ctx) });
}

/** The confirmed secret in clear: only the demo prints one (its admin's, beside its password). */
export async function confirmedSecret(ctx: Context, accountId: string): Promise<string | null> {
  const key = secondFactorKey(ctx.config);
  const row = await findSecondFactor(ctx.db, accountId);
  if (!key || !row?.totp_secret || !row.totp_confirmed_at) return null;
  return openTotpSecret(key, accountId, row.totp_secret);
}
