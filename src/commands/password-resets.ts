// An admin gives a leader a one-time link (24 h) to choose a new password; using it ends every session of the
// account. Only the link's hash is stored, and the audit log names the link by its id, never by its secret.
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../auth/passwords.ts';
import { newToken, tokenHash } from '../auth/tokens.ts';
import type { Actor, Context } from '../context.ts';
import { inTransaction } from '../db/store.ts';
import { AppError } from '../errors.ts';
import { type AccountRow, findAccountByEmail, findAccountById, setPasswordHash } from '../repositories/accounts.ts';
import { audit } from '../repositories/audit.ts';
import { deleteOtherSessions } from '../repositories/console-sessions.ts';
import {
  expireOpenPasswordResets,
  findOpenPasswordReset,
  insertPasswordReset,
  markPasswordResetUsed,
  type PasswordResetRow,
} from '../repositories/password-resets.ts';
import { normalizeEmail } from './create-account.ts';
import { checkNewPassword } from './new-password.ts';

export const RESET_HOURS = 24;

export interface IssuedReset {
  id: string;
  /** The secret for the link: shown once, stored only as a hash. */
  token: string;
  expiresAt: string;
  account: AccountRow;
}

export async function createPasswordReset(
  ctx: Context,
  target: { accountId: string } | { email: string },
  actor: Actor,
): Promise<IssuedReset> {
  const account =
    'email' in target
      ? await findAccountByEmail(ctx.db, normalizeEmail(target.email))
      : await findAccountById(ctx.db, target.accountId);
  if (!account) {
    const field = 'email' in target ? 'email' : 'id';
    throw new AppError('not_found', [{ field, message: 'No hay una cuenta así.', code: 'not_found' }]);
  }
  if (account.disabled_at !== null) {
    throw new AppError('invalid_state', [
      { field: 'id', message: 'La cuenta está desactivada: actívela antes de darle un enlace.', code: 'disabled' },
    ]);
  }
  const token = newToken();
  const now = ctx.now();
  const at = now.toISOString();
  const row: PasswordResetRow = {
    id: randomUUID(),
    account_id: account.id,
    token_hash: tokenHash(token),
    created_by: actor,
    created_at: at,
    expires_at: new Date(now.getTime() + RESET_HOURS * 3_600_000).toISOString(),
    used_at: null,
  };
  await inTransaction(ctx, async (trx) => {
    await expireOpenPasswordResets(trx.db, account.id, at);
    await insertPasswordReset(trx.db, row);
    await audit(trx.db, {
      actor,
      action: 'password_reset_created',
      targetType: 'account',
      targetId: account.id,
      details: { link: row.id, expiresAt: row.expires_at },
      at,
    });
  });
  return { id: row.id, token, expiresAt: row.expires_at, account };
}

/** The open link behind a secret and its (enabled) account; anything else is `password_reset_invalid`. */
export async function resolvePasswordReset(
  ctx: Context,
  token: string,
): Promise<{ reset: PasswordResetRow; account: AccountRow }> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new AppError('password_reset_invalid');
  const reset = await findOpenPasswordReset(ctx.db, tokenHash(token), ctx.now().toISOString());
  const account = reset ? await findAccountById(ctx.db, reset.account_id) : undefined;
  if (!reset || !account || account.disabled_at !== null) throw new AppError('password_reset_invalid');
  return { reset, account };
}

/** Sets the new password once: the link is spent and every session of the account ends. */
export async function usePasswordReset(
  ctx: Context,
  token: string,
  input: { password: string; confirm: string },
): Promise<AccountRow> {
  const { reset, account } = await resolvePasswordReset(ctx, token);
  await checkNewPassword(account, input.password, input.confirm);
  const passwordHash = await hashPassword(input.password);
  const at = ctx.now().toISOString();
  await inTransaction(ctx, async (trx) => {
    if (!(await markPasswordResetUsed(trx.db, reset.id, at))) throw new AppError('password_reset_invalid');
    await setPasswordHash(trx.db, account.id, passwordHash, at);
    const ended = await deleteOtherSessions(trx.db, account.id, null);
    await audit(trx.db, {
      actor: `enlace-clave:${reset.id}`,
      action: 'password_reset_used',
      targetType: 'account',
      targetId: account.id,
      details: { link: reset.id, endedSessions: ended },
      at,
    });
  });
  return account;
}
