// Tells the person who came by WhatsApp or SMS that their submission moved, in the transaction that moved it: the
// message is queued with the change and sent after it commits (as a template outside WhatsApp's window, when one
// is configured). People who came by the web see the same on /estado.
import type { Context } from '../../context.ts';
import type { Store } from '../../db/store.ts';
import { bogotaHourMinute } from '../../domain/bogota-time.ts';
import { type NoticeKind, noticeText, pledgeSummaryText } from '../../domain/notice-texts.ts';
import { urls } from '../../presenters/urls.ts';
import { markDeliveryAsked } from '../../repositories/help-records/delivery-questions.ts';
import { markPledgeNoticed, pledgeActivityDue } from '../../repositories/help-records/pledge-notices.ts';
import { findById, type HelpRow } from '../../repositories/help-records/records.ts';
import { queueMessages } from './queue.ts';

/** The channel that brought the record, while its person can be told; null: nobody is. */
export function reachable(record: HelpRow): HelpRow['arrived_by'] {
  // Only the channel whose intake brought the record, to the number that wrote: never what `source` claims.
  if (!record.contact_whatsapp || record.review_status === 'withdrawn') return null;
  // Or the channel a form's number was proved on, by the code sent to it (number-proof.ts).
  return record.arrived_by ?? (record.number_proved_at !== null ? record.proof_channel : null);
}

export async function noticeSubmitter(
  ctx: Context,
  step: { trx: Store; record: HelpRow; now: string },
  kind: NoticeKind,
  quantity?: number | null,
): Promise<void> {
  const { record } = step;
  const channel = reachable(record);
  if (channel === null) return;
  const base = ctx.config.baseUrl;
  const text = noticeText(
    kind,
    { type: record.type, title: record.title, unit: record.unit },
    { record: urls.help(base, record.id), status: `${base}/estado` },
    quantity,
  );
  await queueMessages(
    step.trx.db,
    { channel, address: record.contact_whatsapp, kind: 'notice', helpId: record.id, now: step.now },
    [{ text }],
  );
  // The notice asks whether it arrived: the answer settles the deliveries reported by now.
  if (kind === 'reported') await markDeliveryAsked(step.trx.db, record.id, step.now);
}

const HOUR_MS = 3_600_000;

/**
 * Pledge activity on a request (a pledge made, a delivery reported, a pledge cancelled or expired), which anyone can
 * cause: the first tells its person at once; after that, at most one message an hour sums up what happened
 * (queuePledgeSummaries). So pledging and cancelling in a loop cannot flood a person with false hope.
 */
export async function noticePledgeActivity(
  ctx: Context,
  step: { trx: Store; record: HelpRow; now: string },
  kind: 'pledged' | 'reported' | 'released',
  quantity?: number | null,
): Promise<void> {
  const { record } = step;
  if (reachable(record) === null) return;
  const last = record.pledge_noticed_at;
  if (last !== null && Date.parse(step.now) - Date.parse(last) < HOUR_MS) return;
  if (!(await markPledgeNoticed(step.trx.db, record.id, last, step.now))) return;
  step.record = { ...record, pledge_noticed_at: step.now };
  await noticeSubmitter(ctx, step, kind, quantity);
}

/** The hourly summaries that are due: one message per request with pledge activity its person has not heard of. */
export async function queuePledgeSummaries(ctx: Context): Promise<number> {
  const now = ctx.now().toISOString();
  const before = new Date(ctx.now().getTime() - HOUR_MS).toISOString();
  let queued = 0;
  for (const [id, due] of await pledgeActivityDue(ctx.db, before)) {
    const record = await findById(ctx, id);
    const channel = record ? reachable(record) : null;
    if (!record || channel === null) continue;
    if (!(await markPledgeNoticed(ctx.db, id, due.since, now))) continue;
    const text = pledgeSummaryText(
      { type: record.type, title: record.title, unit: record.unit },
      bogotaHourMinute(due.since),
      { pledged: due.counts.pledged, reported: due.counts.pledge_reported, released: due.counts.pledge_released },
      { quantity: record.quantity_required === null ? null : record.quantity_committed, open: record.pledges_open },
      { status: `${ctx.config.baseUrl}/estado` },
    );
    await queueMessages(ctx.db, { channel, address: record.contact_whatsapp, kind: 'notice', helpId: record.id, now }, [
      { text },
    ]);
    if (due.counts.pledge_reported > 0) await markDeliveryAsked(ctx.db, record.id, now);
    queued++;
  }
  return queued;
}
