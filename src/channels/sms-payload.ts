// What an SMS gateway posts to /integraciones/sms: android-sms-gateway's `sms:received` webhook, or the "Call
// webhook" action of a RapidPro/TextIt flow with its default body. Both become one message for the conversation.
import * as z from 'zod';
import type { Inbound } from '../domain/conversation/types.ts';
import { localWhatsapp } from '../domain/phone.ts';

const androidSms = z
  .looseObject({
    event: z.string().max(40).describe('sms:received; los demás eventos (sms:sent, sms:delivered…) se ignoran.'),
    id: z.string().min(1).max(200).describe('Id del evento: un reintento de la pasarela trae el mismo.'),
    webhookId: z.string().max(200).optional(),
    deviceId: z.string().max(200).optional(),
    payload: z.looseObject({
      messageId: z.string().max(200).optional(),
      message: z.string().max(2000).optional(),
      phoneNumber: z.string().max(40).optional(),
      simNumber: z.int().nullable().optional(),
      receivedAt: z.string().max(60).optional(),
    }),
  })
  .meta({
    id: 'AndroidSmsReceived',
    title: 'android-sms-gateway: sms:received',
    examples: [
      {
        deviceId: 'ffffffffceb0b1db0000018e937c815b',
        event: 'sms:received',
        id: 'Ey6ECgOkVVFjz3CL48B8C',
        payload: {
          messageId: 'abc123',
          message: 'Necesito ayuda',
          phoneNumber: '+573001234567',
          simNumber: 1,
          receivedAt: '2026-05-10T09:32:00.000-05:00',
        },
        webhookId: 'LreFUt-Z3sSq0JufY9uWB',
      },
    ],
  });

const rapidProCall = z
  .looseObject({
    contact: z.looseObject({
      uuid: z.string().max(200).optional(),
      name: z.string().max(200).nullable().optional(),
      urn: z.string().max(200).describe('tel:+57…'),
    }),
    input: z
      .looseObject({
        uuid: z.string().min(1).max(200).describe('Id del mensaje: un reintento trae el mismo.'),
        text: z.string().max(2000),
        type: z.string().max(40).optional(),
        urn: z.string().max(200).optional(),
        created_on: z.string().max(60).optional(),
      })
      .nullable()
      .optional(),
    flow: z.looseObject({}).optional(),
    run: z.looseObject({}).optional(),
  })
  .meta({
    id: 'RapidProWebhook',
    title: 'RapidPro/TextIt: Call webhook',
    examples: [
      {
        contact: { uuid: '0e4e8d9a-6f1b-4c2a-9d3e-7b5a1c2d3e4f', name: 'María', urn: 'tel:+573001234567' },
        flow: { uuid: 'a1b2c3d4-0000-4000-8000-000000000001', name: 'Ayuda Directa' },
        input: {
          uuid: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
          type: 'msg',
          text: 'Necesito ayuda',
          urn: 'tel:+573001234567',
          created_on: '2026-05-10T14:32:00.000000Z',
        },
      },
    ],
  });

export const smsInbound = z.union([androidSms, rapidProCall]).meta({
  id: 'SmsInbound',
  description:
    'Un SMS recibido por una pasarela: el webhook sms:received de android-sms-gateway, o la acción "Call webhook" ' +
    'de un flujo de RapidPro/TextIt con su cuerpo por defecto.',
});

export type SmsInbound = z.output<typeof smsInbound>;
type AndroidSms = z.output<typeof androidSms>;
type RapidProCall = z.output<typeof rapidProCall>;

export interface SmsMessage {
  address: string;
  providerId: string;
  sentAt: string;
  input: Inbound;
}

function isoOr(raw: string | undefined, fallback: string): string {
  const ms = raw === undefined ? Number.NaN : Date.parse(raw);
  return Number.isNaN(ms) ? fallback : new Date(ms).toISOString();
}

/** The message in the body, or null when there is none to answer (another event, an unreadable number). */
export function smsMessage(body: SmsInbound, now: string): SmsMessage | null {
  if (typeof (body as AndroidSms).event === 'string') {
    const android = body as AndroidSms;
    const { message, phoneNumber, receivedAt } = android.payload;
    if (android.event !== 'sms:received' || message === undefined || phoneNumber === undefined) return null;
    const address = localWhatsapp(phoneNumber);
    if (address === null) return null;
    return { address, providerId: android.id, sentAt: isoOr(receivedAt, now), input: { kind: 'text', text: message } };
  }
  const { contact, input } = body as RapidProCall;
  if (!input) return null;
  const address = localWhatsapp(contact.urn.replace(/^tel:/, ''));
  if (address === null) return null;
  return {
    address,
    providerId: input.uuid,
    sentAt: isoOr(input.created_on, now),
    input: { kind: 'text', text: input.text },
  };
}
