// Tells the person who came by WhatsApp or SMS that their submission moved, in the transaction that moved it: the
// message is queued with the change and sent after it commits (as a template outside WhatsApp's window, when one
// is configured). People who came by the web see the same on /estado.
import type { Context } from '../../context.ts';
import type { Store } from '../../db/store.ts';
import { type NoticeKind, noticeText } from '../../domain/notice-texts.ts';
import { urls } from '../../presenters/urls.ts';
import type { HelpRow } from '../../repositories/help-records/records.ts';
import { queueMessages } from './queue.ts';

export async function noticeSubmitter(
  ctx: Context,
  step: { trx: Store; record: HelpRow; now: string },
  kind: NoticeKind,
  quantity?: number | null,
): Promise<void> {
  const { record } = step;
  // Only the channel whose intake brought the record, to the number that wrote: never what `source` claims.
  const channel = record.arrived_by;
  if (channel === null || !record.contact_whatsapp || record.review_status === 'withdrawn') return;
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
}
