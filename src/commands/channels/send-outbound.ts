// The outbound sender: claims due messages (the oldest unsent of each number) with a lease committed before the
// send, sends them through their channel, and writes the outcome. A failed attempt is retried a few times within
// an hour (a conversation's reply is worthless later); a refusal for good, or a channel that is not configured,
// fails the message at once. An instance that dies mid-send leaves its lease, which runs out: another sends it.

import type { SendResult } from '../../channels/adapter.ts';
import { conversationOf } from '../../channels/adapters.ts';
import type { Context } from '../../context.ts';
import { inTransaction } from '../../db/store.ts';
import { sendMode } from '../../domain/channel-window.ts';
import { type OutboundBody, parseOutboundBody, withoutCodes } from '../../domain/outbound-body.ts';
import { findConversation } from '../../repositories/channels/conversations.ts';
import {
  claimDueOutbound,
  deleteOutbound,
  hasDueOutbound,
  type OutboundRow,
  outboundByIds,
  releaseOutbound,
  settleOutbound,
} from '../../repositories/channels/outbound-messages.ts';

const LEASE_MS = 60_000;
const AT_ONCE = 8;
const PASS_MAX = 500;
/** Seconds before each retry; after the last, the message has failed. */
const RETRY_SECONDS = [5, 30, 120, 600, 1800];

export interface OutboundReport {
  sent: number;
  retried: number;
  failed: number;
}

export const WINDOW_CLOSED =
  'la ventana de la conversación está cerrada (WhatsApp: 24 horas) y no hay plantilla configurada para este mensaje';

/**
 * Replies answer a message the person just sent; every other message on a channel with a reach window is checked
 * against it when it goes: as written inside it, as the configured template outside it, or not at all.
 */
async function windowed(ctx: Context, row: OutboundRow, body: OutboundBody): Promise<OutboundBody | null> {
  const { window } = conversationOf(row.channel);
  const answers = row.kind === 'reply' || row.kind === 'receipt' || row.kind === 'farewell';
  if (window === null || answers) return body;
  const conversation = await findConversation(ctx.db, row.channel, row.address);
  const template = window.template(ctx.config, row.kind === 'alert' || row.kind === 'digest' ? 'alert' : 'notice');
  const mode = sendMode(window.ms, conversation?.last_inbound_at ?? null, template, ctx.now());
  if (mode === 'text') return body;
  return mode === 'template' && template !== null ? { text: body.text, template } : null;
}

type Outcome = 'sent' | 'retried' | 'failed' | 'released';

async function sendOne(ctx: Context, row: OutboundRow, lease: string, signal?: AbortSignal): Promise<Outcome> {
  const send = conversationOf(row.channel).sender(ctx.config);
  const body = await windowed(ctx, row, parseOutboundBody(row.body));
  const result: SendResult =
    send === null
      ? { kind: 'failed', error: `el canal ${row.channel} no está configurado` }
      : body === null
        ? { kind: 'failed', error: WINDOW_CLOSED }
        : await send(row.address, body);
  const now = ctx.now();
  const attempts = row.attempts + 1;
  if (result.kind === 'retry' && signal?.aborted) {
    await releaseOutbound(ctx.db, row.id, lease);
    return 'released';
  }
  if (row.kind === 'farewell' && result.kind !== 'retry') {
    // The person asked for their data to go: once this answer has gone (or cannot), so does the number.
    await deleteOutbound(ctx.db, [row.id]);
    return result.kind === 'sent' ? 'sent' : 'failed';
  }
  // Gone, or never going: a receipt code it carried is not kept (a retry still needs it).
  const hidden = withoutCodes(row.body);
  const redacted = hidden === null ? {} : { body: hidden };
  if (result.kind === 'sent') {
    await settleOutbound(ctx.db, row.id, lease, {
      ...redacted,
      status: 'sent',
      attempts,
      last_error: null,
      provider_id: result.providerId,
      sent_at: now.toISOString(),
    });
    return 'sent';
  }
  if (result.kind === 'retry' && attempts <= RETRY_SECONDS.length) {
    const delay = (RETRY_SECONDS[attempts - 1] ?? 1800) * 1000;
    await settleOutbound(ctx.db, row.id, lease, {
      status: 'pending',
      attempts,
      last_error: result.error,
      next_attempt_at: new Date(now.getTime() + delay).toISOString(),
    });
    return 'retried';
  }
  await settleOutbound(ctx.db, row.id, lease, { ...redacted, status: 'failed', attempts, last_error: result.error });
  return 'failed';
}

/** One pass: sends what is due until nothing is (or PASS_MAX were sent, or `signal` aborts). */
export async function sendDueOutbound(ctx: Context, options: { signal?: AbortSignal } = {}): Promise<OutboundReport> {
  const report: OutboundReport = { sent: 0, retried: 0, failed: 0 };
  for (let taken = 0; taken < PASS_MAX && !options.signal?.aborted; ) {
    const now = ctx.now();
    if (!(await hasDueOutbound(ctx.db, now.toISOString()))) break;
    const lease = new Date(now.getTime() + LEASE_MS).toISOString();
    const ids = await inTransaction(ctx, (trx) => claimDueOutbound(trx, now.toISOString(), lease, AT_ONCE));
    if (ids.length === 0) break;
    taken += ids.length;
    const rows = await outboundByIds(ctx.db, ids);
    const results = await Promise.all(rows.map((row) => sendOne(ctx, row, lease, options.signal)));
    for (const outcome of results) if (outcome !== 'released') report[outcome]++;
  }
  return report;
}
