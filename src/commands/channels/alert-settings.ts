// A leader's own WhatsApp alerts: the number, and whether to hear of urgent submissions and rescues as they arrive
// and of the daily digest. Saved for the signed-in account only, audited without the number.
import type { Actor, Context } from '../../context.ts';
import { inTransaction } from '../../db/store.ts';
import { localWhatsapp } from '../../domain/phone.ts';
import { AppError, detail } from '../../errors.ts';
import { audit } from '../../repositories/audit.ts';
import {
  findLeaderAlert,
  type LeaderAlertRow,
  removeLeaderAlert,
  saveLeaderAlert,
} from '../../repositories/channels/leader-alerts.ts';

export interface AlertSettings {
  whatsapp: string;
  urgent: boolean;
  digest: boolean;
}

export function leaderAlerts(ctx: Context, accountId: string): Promise<LeaderAlertRow | undefined> {
  return findLeaderAlert(ctx.db, accountId);
}

/** Saves the settings; with neither alert chosen, the number is removed. */
export async function setLeaderAlerts(
  ctx: Context,
  accountId: string,
  settings: AlertSettings,
  actor: Actor,
): Promise<LeaderAlertRow | null> {
  const now = ctx.now().toISOString();
  if (!settings.urgent && !settings.digest) {
    await inTransaction(ctx, async (trx) => {
      await removeLeaderAlert(trx.db, accountId);
      await audit(trx.db, { actor, action: 'alerts_removed', targetType: 'account', targetId: accountId, at: now });
    });
    return null;
  }
  const whatsapp = localWhatsapp(settings.whatsapp);
  if (whatsapp === null) {
    throw new AppError('validation_failed', [detail('whatsapp', 'invalid_whatsapp')]);
  }
  const existing = await findLeaderAlert(ctx.db, accountId);
  const row: LeaderAlertRow = {
    account_id: accountId,
    whatsapp,
    urgent: settings.urgent ? 1 : 0,
    digest: settings.digest ? 1 : 0,
    digest_sent_on: existing?.digest_sent_on ?? null,
    last_alert_at: existing?.last_alert_at ?? null,
    created_at: existing?.created_at ?? now,
    updated_at: now,
  };
  await inTransaction(ctx, async (trx) => {
    await saveLeaderAlert(trx.db, row);
    await audit(trx.db, {
      actor,
      action: 'alerts_set',
      targetType: 'account',
      targetId: accountId,
      details: { urgent: settings.urgent, digest: settings.digest },
      at: now,
    });
  });
  return row;
}
