// WhatsApp (the Business Cloud API) as a channel: Meta's signed notifications, sending through the Graph API, reply
// buttons and lists, shared location pins, and the 24-hour customer-service window outside which only an approved
// template reaches the person.
import type { Config } from '../config.ts';
import type { ChannelAdapter, ReadNotification } from './adapter.ts';
import { hubSignatureMatches, sharedSecretMatches } from './signatures.ts';
import { whatsappMessages, whatsappWebhook } from './whatsapp-payload.ts';
import { sendWhatsapp } from './whatsapp-send.ts';

/** Free-form messages reach a person only within 24 hours of their last message to the service. */
const WHATSAPP_WINDOW_MS = 24 * 3_600_000;

function read(json: unknown): ReadNotification {
  const parsed = whatsappWebhook.safeParse(json);
  if (!parsed.success) return { ok: false, issues: parsed.error.issues };
  const messages = whatsappMessages(parsed.data);
  // Statuses (sent, delivered, read) and senders whose number is not valid are counted, not taken.
  const listed = parsed.data.entry.reduce(
    (n, e) => n + e.changes.reduce((k, c) => k + (c.value.messages?.length ?? 0) + (c.value.statuses?.length ?? 0), 0),
    0,
  );
  return { ok: true, messages, ignored: listed - messages.length };
}

/**
 * Meta's subscription handshake (GET with hub.mode, hub.verify_token, hub.challenge): the challenge to echo, or null
 * when the token does not match.
 */
export function whatsappHandshake(
  config: Config,
  query: { mode: string | undefined; token: string | undefined; challenge: string | undefined },
): string | null {
  if (config.whatsapp === null || query.mode !== 'subscribe' || query.token === undefined) return null;
  return sharedSecretMatches(config.whatsapp.verifyToken, query.token) ? (query.challenge ?? '') : null;
}

export const whatsapp = {
  label: 'WhatsApp',
  configured: (config) => config.whatsapp !== null,
  authentic: (config, request) =>
    config.whatsapp !== null &&
    hubSignatureMatches(config.whatsapp.appSecret, request.raw, request.headers['x-hub-signature-256']),
  proofHeaders: ['X-Hub-Signature-256'],
  conversation: {
    // Replies stay well under the 4,096 characters WhatsApp takes, so a person can read them on a small phone.
    medium: {
      choices: true,
      maxText: 1000,
      oneReply: false,
      sharesLocation: true,
      numberName: 'este número de WhatsApp',
    },
    whatsappNumber: true,
    read,
    sender(config) {
      const settings = config.whatsapp;
      return settings === null ? null : (to, body) => sendWhatsapp(settings, to, body);
    },
    secret: (config) => config.whatsapp?.appSecret ?? null,
    window: {
      ms: WHATSAPP_WINDOW_MS,
      template: (config, purpose) => config.whatsapp?.templates[purpose] ?? null,
    },
  },
} satisfies ChannelAdapter;
