// The table of channel adapters: the one place that names the channels. A channel's name is a key of this table,
// so `Channel` is written nowhere else, and a name that is not here does not compile. To add a channel, write its
// adapter beside these and add it here; the compiler then names every table keyed by channel (docs/architecture.md).
import type { Config } from '../config.ts';
import type { ChannelAdapter, ConversationPart } from './adapter.ts';
import { kobo } from './kobo.ts';
import { sms } from './sms.ts';
import { whatsapp } from './whatsapp.ts';

export const channelAdapters = { whatsapp, sms, kobo } satisfies Record<string, ChannelAdapter>;

type Adapters = typeof channelAdapters;

/** Every channel through which submissions arrive. */
export type ChannelName = keyof Adapters;

/** The channels that carry conversations: people write in and are answered on them. */
export type Channel = {
  [K in ChannelName]: Adapters[K]['conversation'] extends ConversationPart ? K : never;
}[ChannelName];

/** What the public contact says about how a person came: by a conversation channel, or unknown. */
export type ContactChannel = Channel | 'unknown';

function converses(name: ChannelName): name is Channel {
  return channelAdapters[name].conversation !== null;
}

/** The conversation channels, in the table's order. */
export const CHANNELS: readonly Channel[] = (Object.keys(channelAdapters) as ChannelName[]).filter(converses);

export const CONTACT_CHANNELS: readonly ContactChannel[] = [...CHANNELS, 'unknown'];

export function conversationOf(channel: Channel): ConversationPart {
  return channelAdapters[channel].conversation;
}

/** The channel's name as people read it ("WhatsApp"). */
export function channelLabel(channel: ChannelName): string {
  return channelAdapters[channel].label;
}

/**
 * A WhatsApp link reaches the person: they came by a channel whose number is WhatsApp's, or by a form that asked
 * for one.
 */
export function reachableOnWhatsapp(channel: ContactChannel): boolean {
  return channel === 'unknown' || conversationOf(channel).whatsappNumber;
}

/**
 * The channel that can reach a person who never wrote to the service, to prove a number typed on a form: one that
 * sends, and either has no reach window or has a notice template for outside it. The first in the table's order;
 * null when none can.
 */
export function proofChannel(config: Config): Channel | null {
  for (const channel of CHANNELS) {
    const { sender, window } = conversationOf(channel);
    if (sender(config) !== null && (window === null || window.template(config, 'notice') !== null)) return channel;
  }
  return null;
}
