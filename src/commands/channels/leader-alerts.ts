// Leaders who opted in get WhatsApp messages on their own number: each new urgent submission and rescue request in
// the emergencies they lead, as it arrives (queued in the submission's own transaction), and a digest once a day
// from 07:00 in Colombia (whichever instance gets there first takes the day). Outside WhatsApp's 24-hour window
// they go as the alert template (WHATSAPP_TEMPLATE_ALERT), or not at all.
import type { Context } from '../../context.ts';
import type { Store } from '../../db/store.ts';
import { categoryLabel } from '../../domain/categories.ts';
import { emergencyDigest } from '../../queries/digest.ts';
import { pendingCounts } from '../../queries/pending-counts.ts';
import { assignedEmergencies } from '../../repositories/account-emergencies.ts';
import { findAccountById } from '../../repositories/accounts.ts';
import { claimDigest, digestSubscribers, urgentAlertNumbers } from '../../repositories/channels/leader-alerts.ts';
import { type EmergencyRow, listEmergencies } from '../../repositories/emergencies.ts';
import type { HelpRow } from '../../repositories/help-records/records.ts';
import { queueMessages } from './queue.ts';

/** Colombia has no daylight saving time: UTC-5 all year. */
const BOGOTA_OFFSET_MS = -5 * 3_600_000;
const DIGEST_HOUR = 7;

export function wantsAlert(row: Pick<HelpRow, 'type' | 'urgency' | 'category'>): boolean {
  return row.type === 'request' && (row.urgency === 'urgent' || row.category === 'rescate');
}

/** Inside the submission's transaction: one message per leader who wants them. */
export async function alertLeaders(
  ctx: Context,
  trx: Store,
  row: HelpRow,
  emergency: { id: string; name: string },
): Promise<void> {
  if (ctx.config.whatsapp === null || !wantsAlert(row)) return;
  const leaders = await urgentAlertNumbers(trx.db, emergency.id);
  const kind = row.category === 'rescate' ? 'Pedido de rescate' : 'Solicitud urgente';
  const text =
    `Ayuda Directa · ${emergency.name}: ${kind} nueva, «${row.title}» (${categoryLabel(row.category)}). ` +
    `Espera revisión en ${ctx.config.baseUrl}/panel`;
  for (const leader of leaders) {
    await queueMessages(
      trx.db,
      {
        channel: 'whatsapp',
        address: leader.whatsapp,
        kind: 'alert',
        accountId: leader.account_id,
        // Linked to the record: its withdrawal or erasure takes the alert (and the title it quotes) with it.
        helpId: row.id,
        now: row.created_at,
      },
      [{ text }],
    );
  }
}

/** The Bogotá calendar date, and whether the digest's hour has come. */
export function digestDay(now: Date): { today: string; due: boolean } {
  const local = new Date(now.getTime() + BOGOTA_OFFSET_MS);
  return { today: local.toISOString().slice(0, 10), due: local.getUTCHours() >= DIGEST_HOUR };
}

async function digestText(ctx: Context, emergencies: EmergencyRow[]): Promise<string | null> {
  if (emergencies.length === 0) return null;
  const pending = await pendingCounts(
    ctx,
    emergencies.map((e) => e.id),
  );
  const lines = ['Ayuda Directa · resumen del día'];
  for (const emergency of emergencies) {
    const digest = await emergencyDigest(ctx, emergency.id);
    lines.push(
      `${emergency.name}: ${pending.get(emergency.id) ?? 0} por revisar, ${digest.overduePledges.length} compromisos ` +
        `vencidos, ${digest.unconfirmedDeliveries.length} entregas por confirmar, ${digest.staleRoutes.length} rutas sin novedad en 24 h, ${digest.waitingClaims.length} ofertas de ` +
        `ruta sin respuesta, ${digest.toConfirm.length} por confirmar y ${digest.expired.length} vencidos.`,
    );
  }
  lines.push(`Detalles en ${ctx.config.baseUrl}/panel`);
  return lines.join('\n');
}

/** Queues today's digest for each leader who wants it and has not had it; the number queued. */
export async function queueDailyDigests(ctx: Context): Promise<number> {
  if (ctx.config.whatsapp === null) return 0;
  const now = ctx.now();
  const { today, due } = digestDay(now);
  if (!due) return 0;
  let queued = 0;
  for (const subscriber of await digestSubscribers(ctx.db, today)) {
    const account = await findAccountById(ctx.db, subscriber.account_id);
    if (!account || account.disabled_at !== null) continue;
    const active = await listEmergencies(ctx.db, true);
    const led =
      account.role === 'admin' ? null : ((await assignedEmergencies(ctx.db, [account.id])).get(account.id) ?? []);
    const text = await digestText(
      ctx,
      active.filter((e) => led === null || led.includes(e.slug)),
    );
    if (!(await claimDigest(ctx.db, subscriber.account_id, today)) || text === null) continue;
    await queueMessages(
      ctx.db,
      {
        channel: 'whatsapp',
        address: subscriber.whatsapp,
        kind: 'digest',
        accountId: subscriber.account_id,
        now: now.toISOString(),
      },
      [{ text }],
    );
    queued++;
  }
  return queued;
}
