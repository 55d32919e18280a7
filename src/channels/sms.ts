// SMS as a channel, through a gateway (android-sms-gateway or RapidPro/TextIt): a signed or shared-secret webhook
// brings each message, replies are plain text of at most two parts with their options as numbered lines, and a
// message reaches the person at any time. The number may have no WhatsApp.

import { SMS_TWO_PARTS } from '../domain/sms-text.ts';
import type { ChannelAdapter, ReadNotification } from './adapter.ts';
import { sharedSecretMatches, smsGatewaySignatureMatches } from './signatures.ts';
import { smsInbound, smsMessage } from './sms-payload.ts';
import { sendSms } from './sms-send.ts';

function read(json: unknown, now: Date): ReadNotification {
  const parsed = smsInbound.safeParse(json);
  if (!parsed.success) return { ok: false, issues: parsed.error.issues };
  const message = smsMessage(parsed.data, now.toISOString());
  return message === null ? { ok: true, messages: [], ignored: 1 } : { ok: true, messages: [message], ignored: 0 };
}

export const sms = {
  label: 'SMS',
  configured: (config) => config.sms !== null,
  authentic(config, request) {
    if (config.sms === null) return false;
    const { headers, raw, now } = request;
    return (
      smsGatewaySignatureMatches(config.sms.secret, raw, headers['x-signature'], headers['x-timestamp'], now) ||
      sharedSecretMatches(config.sms.secret, headers['x-ayuda-sms-secret'])
    );
  },
  // X-Signature goes with X-Timestamp, which it signs.
  proofHeaders: ['X-Ayuda-Sms-Secret', 'X-Signature'],
  conversation: {
    // Sent in the GSM alphabet (sms-send.ts), a text splits into parts of 153 characters once past 160: 306 keeps a
    // reply to two parts, and one reply per message received keeps what the service sends to at most two parts for
    // each message it gets.
    medium: {
      choices: false,
      maxText: SMS_TWO_PARTS,
      oneReply: true,
      sharesLocation: false,
      numberName: 'este número',
    },
    whatsappNumber: false,
    read,
    sender(config) {
      const settings = config.sms;
      return settings === null ? null : (to, body) => sendSms(settings, to, body);
    },
    secret: (config) => config.sms?.secret ?? null,
    window: null,
  },
} satisfies ChannelAdapter;
