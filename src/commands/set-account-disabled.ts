// An admin turns an account off (its sessions end at once) or back on.
import type { Actor, Context } from '../context.ts';
import { inTransaction } from '../db/store.ts';
import { AppError, detail } from '../errors.ts';
import { type AccountRow, findAccountById, setDisabledAt } from '../repositories/accounts.ts';
import { audit } from '../repositories/audit.ts';
import { deleteAccountSessions } from '../repositories/console-sessions.ts';
import { clearSecondFactor } from '../repositories/second-factor.ts';

const NO_FACTOR = { totp_secret: null, totp_confirmed_at: null, totp_last_step: null, totp_recovery: null };

export async function setAccountDisabled(
  ctx: Context,
  id: string,
  disabled: boolean,
  actor: Actor,
): Promise<AccountRow> {
  const now = ctx.now().toISOString();
  return inTransaction(ctx, async (trx) => {
    const account = await findAccountById(trx.db, id);
    if (!account) throw new AppError('not_found', [detail('id', 'not_found', { value: id })]);
    const disabledAt = disabled ? (account.disabled_at ?? now) : null;
    await setDisabledAt(trx.db, id, disabledAt, now);
    if (disabled) {
      await deleteAccountSessions(trx.db, id);
      // A turned-off account keeps no secret: turned on again, it sets up a new factor.
      await clearSecondFactor(trx.db, id, now);
    }
    await audit(trx.db, {
      actor,
      action: disabled ? 'account_disabled' : 'account_enabled',
      targetType: 'account',
      targetId: id,
      at: now,
    });
    return disabled
      ? { ...account, disabled_at: disabledAt, updated_at: now, ...NO_FACTOR }
      : { ...account, disabled_at: disabledAt, updated_at: now };
  });
}
