// One message a person sent on WhatsApp or SMS, as the conversation takes it.
import type { Channel } from '../../db/types.ts';
import type { Inbound } from '../../domain/conversation/types.ts';

export interface InboundMessage {
  channel: Channel;
  /** The sender, E.164. */
  address: string;
  /** The provider's id of the message: retried deliveries carry the same. */
  providerId: string;
  /** When the person sent it (the provider's time). */
  sentAt: string;
  input: Inbound;
  /** WhatsApp's profile name, offered as the contact name. */
  profileName?: string;
}
