// A leader answers, from the console, the person behind a submission that a conversation channel brought: the
// message is queued (and audited with its text) in one transaction. On a channel with a reach window (WhatsApp: 24
// hours after the person's last message), a free-form message goes as written inside it; outside it, as the notice
// template, or the console says the window is closed and nothing is queued.
import * as z from 'zod';
import { type Channel, channelAdapters, conversationOf } from '../../channels/adapters.ts';
import type { Actor, Context } from '../../context.ts';
import { inTransaction } from '../../db/store.ts';
import { type SendMode, sendMode, windowClosesAt } from '../../domain/channel-window.ts';
import { AppError } from '../../errors.ts';
import { audit } from '../../repositories/audit.ts';
import { findConversation } from '../../repositories/channels/conversations.ts';
import { findById, type HelpRow } from '../../repositories/help-records/records.ts';
import { text } from '../../schemas/common.ts';
import { parseOrThrow } from '../../schemas/parse.ts';
import { outboundQueued } from './outbound-signal.ts';
import { queueMessages } from './queue.ts';

export const REPLY_MAX = 1000;

const input = z.strictObject({ text: text({ min: 1, max: REPLY_MAX, multiline: true }) });

export interface ReplyWindow {
  channel: Channel;
  /** text: as written; template: as the notice template; closed: it cannot be sent now. */
  mode: SendMode;
  /** When the channel's window closes (or closed); null without a window or when the person never wrote. */
  closesAt: string | null;
  template: string | null;
}

/**
 * The channel whose intake brought the record (never what `source` claims), or the one its form's number was proved
 * on by a code, while its person can be reached.
 */
function channelOf(record: HelpRow): Channel | null {
  const channel = record.arrived_by ?? (record.number_proved_at !== null ? record.proof_channel : null);
  if (channel === null) return null;
  if (record.review_status === 'withdrawn' || record.personal_data_erased_at !== null || !record.contact_whatsapp) {
    return null;
  }
  return channel;
}

/** How a reply to this record's person would go now; null when nobody can be reached (no channel, no proved number). */
export async function replyWindow(ctx: Context, record: HelpRow): Promise<ReplyWindow | null> {
  const channel = channelOf(record);
  if (channel === null) return null;
  const { window } = conversationOf(channel);
  const template = window === null ? null : window.template(ctx.config, 'notice');
  const conversation = await findConversation(ctx.db, channel, record.contact_whatsapp);
  const last = conversation?.last_inbound_at ?? null;
  const windowMs = window === null ? null : window.ms;
  return {
    channel,
    mode: sendMode(windowMs, last, template, ctx.now()),
    closesAt: windowClosesAt(windowMs, last),
    template,
  };
}

export async function replyToSubmitter(
  ctx: Context,
  recordId: string,
  message: string,
  /** Who, for the audit log; and the account whose reply this is (kept with the message). */
  by: { actor: Actor; accountId: string | null },
): Promise<ReplyWindow> {
  const { actor } = by;
  const { text: body } = parseOrThrow(input, { text: message }, 'validation_failed');
  const record = await findById(ctx, recordId);
  const window = record ? await replyWindow(ctx, record) : null;
  if (!record || window === null) throw new AppError('channel_reply_unavailable');
  if (!channelAdapters[window.channel].configured(ctx.config)) throw new AppError('channel_reply_unavailable');
  if (window.mode === 'closed') throw new AppError('whatsapp_window_closed');
  const now = ctx.now().toISOString();
  await inTransaction(ctx, async (trx) => {
    await queueMessages(
      trx.db,
      {
        channel: window.channel,
        address: record.contact_whatsapp,
        kind: 'leader_reply',
        helpId: record.id,
        accountId: by.accountId,
        now,
      },
      [{ text: body }],
    );
    await audit(trx.db, {
      actor,
      action: 'channel_reply',
      targetType: 'help_record',
      targetId: record.id,
      details: { channel: window.channel, mode: window.mode, text: body },
      at: now,
    });
  });
  outboundQueued();
  return window;
}
