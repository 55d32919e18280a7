// One message a person sent on a conversation channel, as the conversation takes it: what the channel's adapter
// read from its provider's notification, and the channel.
import type { InboundFields } from '../../channels/adapter.ts';
import type { Channel } from '../../channels/adapters.ts';

export interface InboundMessage extends InboundFields {
  channel: Channel;
}
