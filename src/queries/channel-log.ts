// One record's WhatsApp or SMS conversation for its leaders: the messages received that ended in it and the ones
// sent about it (replies, receipt, notices, the team's answers), oldest first. Alerts and digests to leaders are
// left out: they went to the leaders' numbers, not to this person.

import type { Channel } from '../channels/adapters.ts';
import type { Context } from '../context.ts';
import type { InboundKind, OutboundKind, OutboundStatus } from '../db/types.ts';
import { outboundText } from '../domain/outbound-body.ts';
import { inboundOf } from '../repositories/channels/channel-messages.ts';
import { outboundOf } from '../repositories/channels/outbound-messages.ts';

export interface ChannelLogEntry {
  direction: 'in' | 'out';
  channel: Channel;
  at: string;
  /** null: a message with no text (an image, a sticker…). */
  text: string | null;
  /** Received messages: text, location, choice or other. */
  inboundKind?: InboundKind;
  /** Sent messages: what it was and how its sending went. */
  outboundKind?: OutboundKind;
  status?: OutboundStatus;
  sentAt?: string | null;
  error?: string | null;
}

const TO_LEADERS: readonly OutboundKind[] = ['alert', 'digest'];

export async function channelLog(ctx: Context, helpId: string): Promise<ChannelLogEntry[]> {
  const [inbound, outbound] = await Promise.all([inboundOf(ctx.db, [], [helpId]), outboundOf(ctx.db, [], [helpId])]);
  const entries: { entry: ChannelLogEntry; order: number }[] = [];
  for (const row of inbound) {
    entries.push({
      entry: { direction: 'in', channel: row.channel, at: row.received_at, text: row.body, inboundKind: row.kind },
      order: 0,
    });
  }
  for (const row of outbound) {
    if (TO_LEADERS.includes(row.kind)) continue;
    entries.push({
      entry: {
        direction: 'out',
        channel: row.channel,
        at: row.created_at,
        text: outboundText(row.body),
        outboundKind: row.kind,
        status: row.status,
        sentAt: row.sent_at,
        error: row.last_error,
      },
      order: row.ordinal,
    });
  }
  // A reply is queued in the transaction that took the message it answers, at the same instant: received first.
  entries.sort(
    (a, b) =>
      Date.parse(a.entry.at) - Date.parse(b.entry.at) ||
      (a.entry.direction === b.entry.direction ? a.order - b.order : a.entry.direction === 'in' ? -1 : 1),
  );
  return entries.map(({ entry }) => entry);
}
