// "Generar código nuevo": a leader gives a submission a new receipt code when its person lost theirs (or it was
// seen by someone else). The old code stops working at once, sealed copies included. The new one goes to the person
// by the channel that can reach them, or the leader reads it to them by phone; the audit names the record, never
// the code, and the message that carries it keeps no copy once sent (send-outbound.ts).
import type { Channel } from '../channels/adapters.ts';
import type { Actor, Context } from '../context.ts';
import { inTransaction } from '../db/store.ts';
import { newReceiptCode } from '../domain/receipt-code.ts';
import { receiptCodeColumns } from '../domain/receipt-seal.ts';
import { AppError } from '../errors.ts';
import { audit } from '../repositories/audit.ts';
import { findById, setReceiptColumns } from '../repositories/help-records/records.ts';
import { reachable } from './channels/notices.ts';
import { outboundQueued } from './channels/outbound-signal.ts';
import { queueMessages } from './channels/queue.ts';

export interface RenewedReceiptCode {
  code: string;
  /** The channel the code was queued on; null: nobody can be written to, the leader passes it on. */
  sentBy: Channel | null;
}

export function renewedCodeText(code: string, title: string, statusUrl: string): string {
  return (
    `Su código de recibo de «${title}» cambió. El nuevo es ${code}; el anterior ya no sirve. ` +
    `Con él consulta su envío en ${statusUrl} o lo retira.`
  );
}

export async function renewReceiptCode(
  ctx: Context,
  helpId: string,
  actor: Actor,
  options: { send: boolean } = { send: true },
): Promise<RenewedReceiptCode> {
  const renewed = await inTransaction(ctx, async (trx) => {
    const record = await findById(trx, helpId, true);
    // A withdrawn or erased submission has nothing left to ask about or withdraw.
    if (!record || record.review_status === 'withdrawn' || record.personal_data_erased_at !== null) {
      throw new AppError('help_not_found');
    }
    const code = newReceiptCode();
    await setReceiptColumns(trx.db, helpId, { ...receiptCodeColumns(code, helpId, null), send_token_hash: null });
    const now = ctx.now().toISOString();
    const channel = options.send ? reachable(record) : null;
    if (channel !== null) {
      const text = renewedCodeText(code, record.title, `${ctx.config.baseUrl}/estado`);
      await queueMessages(trx.db, { channel, address: record.contact_whatsapp, kind: 'notice', helpId, now }, [
        { text },
      ]);
    }
    await audit(trx.db, {
      actor,
      action: 'receipt_code_renewed',
      targetType: 'help_record',
      targetId: helpId,
      details: { sentBy: channel },
      at: now,
    });
    return { code, sentBy: channel };
  });
  if (renewed.sentBy !== null) outboundQueued();
  return renewed;
}
