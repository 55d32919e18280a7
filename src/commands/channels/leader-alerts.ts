// Leaders who opted in get WhatsApp messages on their own number: new urgent submissions and rescue requests in the
// emergencies they lead, whatever channel brought them, and a digest once a day from 07:00 in Colombia (whichever
// instance gets there first takes the day). The first urgent alert goes at once (queued in the submission's own
// transaction); those of the next ALERT_EVERY_MINUTES are counted into one message, so a flood of submissions, or
// a scammer's, sends a leader a message or two, not forty. An alert never carries what the submitter wrote: the
// category, the municipality, a count and the console's link. Outside WhatsApp's 24-hour window they go as the alert
// template (WHATSAPP_TEMPLATE_ALERT), or not at all.
import type { Context } from '../../context.ts';
import type { Store } from '../../db/store.ts';
import { BOGOTA_OFFSET_MS, bogotaHourMinute } from '../../domain/bogota-time.ts';
import { categoryLabel } from '../../domain/categories.ts';
import { municipalityByCode } from '../../domain/municipalities.ts';
import { emergencyDigest } from '../../queries/digest.ts';
import { pendingCounts } from '../../queries/pending-counts.ts';
import { assignedEmergencies } from '../../repositories/account-emergencies.ts';
import { findAccountById } from '../../repositories/accounts.ts';
import {
  claimDigest,
  digestSubscribers,
  moveLastAlert,
  pacedAlertLeaders,
  submissionsSince,
  urgentAlertNumbers,
} from '../../repositories/channels/leader-alerts.ts';
import { type EmergencyRow, listEmergencies } from '../../repositories/emergencies.ts';
import type { HelpRow } from '../../repositories/help-records/records.ts';
import { queueMessages } from './queue.ts';

const DIGEST_HOUR = 7;

export function wantsAlert(row: Pick<HelpRow, 'type' | 'urgency' | 'category'>): boolean {
  return row.type === 'request' && (row.urgency === 'urgent' || row.category === 'rescate');
}

const MINUTE_MS = 60_000;

/** One urgent submission, in words nobody but the service chose: kind, category, municipality, the console link. */
function alertText(ctx: Context, row: HelpRow, emergency: { name: string }): string {
  const kind = row.category === 'rescate' ? 'Pedido de rescate' : 'Solicitud urgente';
  const municipality = municipalityByCode(row.municipality_code);
  const where = municipality ? ` en ${municipality.name}` : '';
  return (
    `Ayuda Directa · ${emergency.name}: ${kind} nueva (${categoryLabel(row.category)})${where}. ` +
    `Espera revisión en ${ctx.config.baseUrl}/panel`
  );
}

/**
 * Inside the submission's transaction: a message to each leader who wants them and has had no alert in the last
 * ALERT_EVERY_MINUTES; the others hear of it in their next grouped alert (queueGroupedAlerts).
 */
export async function alertLeaders(
  ctx: Context,
  trx: Store,
  row: HelpRow,
  emergency: { id: string; name: string },
): Promise<void> {
  if (ctx.config.whatsapp === null || !wantsAlert(row)) return;
  const since = new Date(Date.parse(row.created_at) - ctx.config.alertEveryMinutes * MINUTE_MS).toISOString();
  const text = alertText(ctx, row, emergency);
  for (const leader of await urgentAlertNumbers(trx.db, emergency.id, row.municipality_code)) {
    if (!(await moveLastAlert(trx.db, leader.account_id, { olderThan: since }, row.created_at))) continue;
    await queueMessages(
      trx.db,
      {
        channel: 'whatsapp',
        address: leader.whatsapp,
        kind: 'alert',
        accountId: leader.account_id,
        // Linked to the record: its withdrawal or erasure takes the alert with it.
        helpId: row.id,
        now: row.created_at,
      },
      [{ text }],
    );
  }
}

/**
 * Each leader whose last alert is ALERT_EVERY_MINUTES old or more, and who has had urgent submissions or rescues
 * since, gets one message counting them by emergency. The row's last alert moves first (compare and set), so of two
 * instances one alone sends it. Returns how many were queued.
 */
export async function queueGroupedAlerts(ctx: Context): Promise<number> {
  if (ctx.config.whatsapp === null) return 0;
  const now = ctx.now().toISOString();
  const since = new Date(ctx.now().getTime() - ctx.config.alertEveryMinutes * MINUTE_MS).toISOString();
  let queued = 0;
  for (const leader of await pacedAlertLeaders(ctx.db, since)) {
    const previous = leader.last_alert_at;
    if (previous === null) continue;
    const account = { id: leader.account_id, role: leader.role };
    const rows = (await submissionsSince(ctx.db, account, previous, now)).filter(wantsAlert);
    if (rows.length === 0) continue;
    const byEmergency = new Map<string, number>();
    for (const row of rows) byEmergency.set(row.emergency, (byEmergency.get(row.emergency) ?? 0) + 1);
    const counts = [...byEmergency].map(([name, n]) => `${name}: ${n}`).join('; ');
    const text =
      `Ayuda Directa: ${rows.length} ${rows.length === 1 ? 'solicitud urgente o de rescate nueva' : 'solicitudes urgentes o de rescate nuevas'} ` +
      `desde las ${bogotaHourMinute(previous)} (${counts}). Esperan revisión en ${ctx.config.baseUrl}/panel`;
    if (!(await moveLastAlert(ctx.db, leader.account_id, { was: previous }, now))) continue;
    await queueMessages(
      ctx.db,
      { channel: 'whatsapp', address: leader.whatsapp, kind: 'alert', accountId: leader.account_id, now },
      [{ text }],
    );
    queued++;
  }
  return queued;
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
