// What a channel adapter declares: everything in which one messaging channel differs from another. Its provider's
// notifications (how they are authenticated, how they are read), how a message goes out, what a conversation on it
// can carry, how long a person stays reachable after writing, and whether the sender's number is a WhatsApp number.
// The rest of the service asks the adapter, never the channel's name.
import type * as z from 'zod';
import type { Config } from '../config.ts';
import type { Inbound, Medium } from '../domain/conversation/types.ts';
import type { OutboundBody } from '../domain/outbound-body.ts';

/** A provider's request as it arrived: headers, and the body's bytes before any parsing. */
export interface SignedRequest {
  headers: Record<string, string | string[] | undefined>;
  /** Empty where the check runs before the body is read (a shared secret that signs nothing). */
  raw: Buffer;
  now: Date;
}

/** One message a person sent, as the conversation takes it. */
export interface InboundFields {
  /** The sender, E.164. */
  address: string;
  /** The provider's id of the message: retried deliveries carry the same. */
  providerId: string;
  /** When the person sent it (the provider's time). */
  sentAt: string;
  input: Inbound;
  /** The channel's profile name, offered as the contact name. */
  profileName?: string;
}

/** A notification read: its messages and how many other events it carried; or what made it invalid. */
export type ReadNotification =
  | { ok: true; messages: InboundFields[]; ignored: number }
  | { ok: false; issues: z.core.$ZodIssue[] };

export type SendResult =
  | { kind: 'sent'; providerId: string | null }
  | { kind: 'retry'; error: string }
  | { kind: 'failed'; error: string };

export type Sender = (to: string, body: OutboundBody) => Promise<SendResult>;

/** Why a message that does not answer the person goes: a notice about their record, or a leader's alert. */
export type Purpose = 'notice' | 'alert';

export interface ReachWindow {
  /** How long after the person's last message a message as written still reaches them. */
  ms: number;
  /** The approved template a message goes as outside the window; null when none is configured. */
  template(config: Config, purpose: Purpose): string | null;
}

/** The part of a channel that holds conversations: people write in, the service answers. */
export interface ConversationPart {
  medium: Medium;
  /** The sender's number is a WhatsApp number, so a WhatsApp link reaches them. */
  whatsappNumber: boolean;
  /** The provider's notification (JSON) as messages. */
  read(json: unknown, now: Date): ReadNotification;
  /** How a message goes out; null when the channel is not configured. */
  sender(config: Config): Sender | null;
  /**
   * The secret this service shares with the channel's provider; null when the channel is not configured. It keys
   * what the service keeps of a number it must not keep in the clear (a keyed hash that only this service can make).
   */
  secret(config: Config): string | null;
  /** null: a message as written reaches the person at any time. */
  window: ReachWindow | null;
}

export interface ChannelAdapter {
  /** The channel's name as people read it ("WhatsApp"). */
  label: string;
  /** Configured on this service (otherwise its intake answers 404 integration_disabled). */
  configured(config: Config): boolean;
  /** The request comes from the configured provider (signature or shared secret, in constant time). */
  authentic(config: Config, request: SignedRequest): boolean;
  /** The headers that carry that proof, any one of them enough: a refused request is told these, and no others. */
  proofHeaders: readonly string[];
  /** null: intake only, the channel carries no conversation (a form's submissions). */
  conversation: ConversationPart | null;
}
