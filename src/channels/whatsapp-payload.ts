// What the WhatsApp Business Cloud API posts to /integraciones/whatsapp, and the messages in it as the conversation
// reads them. Only the fields used are described; Meta adds others over time, so objects stay open. Status
// callbacks (value.statuses) arrive at the same address and are accepted and ignored.
import * as z from 'zod';
import type { Inbound } from '../domain/conversation/types.ts';
import { normalizeWhatsapp } from '../domain/phone.ts';

const id = z.string().min(1).max(200);

const message = z.looseObject({
  from: z
    .string()
    .regex(/^\d{6,20}$/)
    .describe('wa_id de quien escribe: su número sin el +.'),
  id: id.describe('Id del mensaje (wamid…): un reintento de Meta trae el mismo.'),
  timestamp: z
    .string()
    .regex(/^\d{1,12}$/)
    .describe('Cuándo se envió (segundos Unix).'),
  type: z
    .string()
    .max(40)
    .describe('text, location, interactive, button; los demás tipos se contestan pidiendo texto.'),
  text: z.looseObject({ body: z.string().max(4096) }).optional(),
  location: z
    .looseObject({
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().max(1000).optional(),
      address: z.string().max(1000).optional(),
    })
    .optional(),
  interactive: z
    .looseObject({
      type: z.string().max(40),
      button_reply: z.looseObject({ id, title: z.string().max(200) }).optional(),
      list_reply: z
        .looseObject({ id, title: z.string().max(200), description: z.string().max(200).optional() })
        .optional(),
    })
    .optional(),
  button: z.looseObject({ text: z.string().max(200), payload: z.string().max(200).optional() }).optional(),
});

const value = z.looseObject({
  messaging_product: z.string().max(40).optional(),
  metadata: z.looseObject({ display_phone_number: z.string().max(40), phone_number_id: z.string().max(40) }).optional(),
  contacts: z
    .array(
      z.looseObject({ wa_id: z.string().max(40), profile: z.looseObject({ name: z.string().max(200) }).optional() }),
    )
    .max(100)
    .optional(),
  messages: z.array(message).max(100).optional(),
  statuses: z.array(z.unknown()).max(1000).optional().describe('Estados de mensajes enviados: se ignoran.'),
});

export const whatsappWebhook = z
  .looseObject({
    object: z.string().max(80),
    entry: z
      .array(
        z.looseObject({
          id: z.string().max(80),
          changes: z.array(z.looseObject({ field: z.string().max(80), value })).max(100),
        }),
      )
      .max(100),
  })
  .meta({
    id: 'WhatsappWebhook',
    title: 'Notificación de WhatsApp Business (Cloud API)',
    description:
      'Lo que Meta envía al webhook de la app: mensajes (entry[].changes[].value.messages) y estados de los mensajes ' +
      'enviados (value.statuses, que se ignoran). Firmado con X-Hub-Signature-256.',
    examples: [
      {
        object: 'whatsapp_business_account',
        entry: [
          {
            id: '102290129340398',
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '573001112233', phone_number_id: '106540352242922' },
                  contacts: [{ profile: { name: 'María Fernanda' }, wa_id: '573001234567' }],
                  messages: [
                    {
                      from: '573001234567',
                      id: 'wamid.HBgMNTczMDAxMjM0NTY3FQIAEhggQTVCRjQ1OEJGM0Y0',
                      timestamp: '1778416320',
                      type: 'text',
                      text: { body: 'Necesito ayuda' },
                    },
                  ],
                },
              },
            ],
          },
        ],
      },
    ],
  });

export type WhatsappWebhook = z.output<typeof whatsappWebhook>;
type WhatsappMessage = z.output<typeof message>;

/** A message of the notification, ready for the conversation. */
export interface WhatsappInbound {
  address: string;
  providerId: string;
  sentAt: string;
  input: Inbound;
  profileName?: string;
}

function inputOf(m: WhatsappMessage): Inbound {
  if (m.type === 'text' && m.text) return { kind: 'text', text: m.text.body };
  if (m.type === 'location' && m.location) {
    const { latitude, longitude, name, address } = m.location;
    return {
      kind: 'location',
      latitude,
      longitude,
      ...(name === undefined ? {} : { name }),
      ...(address === undefined ? {} : { address }),
    };
  }
  const reply = m.interactive?.button_reply ?? m.interactive?.list_reply;
  if (m.type === 'interactive' && reply) return { kind: 'choice', id: reply.id, title: reply.title };
  // A template's quick-reply button comes back as type "button" with its text.
  if (m.type === 'button' && m.button) return { kind: 'text', text: m.button.text };
  return { kind: 'other' };
}

/** Every message in the notification, oldest first; senders whose number is not valid are left out. */
export function whatsappMessages(body: WhatsappWebhook): WhatsappInbound[] {
  const found: WhatsappInbound[] = [];
  for (const entry of body.entry) {
    for (const change of entry.changes) {
      const names = new Map((change.value.contacts ?? []).map((c) => [c.wa_id, c.profile?.name]));
      for (const m of change.value.messages ?? []) {
        const address = normalizeWhatsapp(`+${m.from}`);
        if (address === null) continue;
        const profileName = names.get(m.from)?.trim();
        found.push({
          address,
          providerId: m.id,
          sentAt: new Date(Number(m.timestamp) * 1000).toISOString(),
          input: inputOf(m),
          ...(profileName ? { profileName } : {}),
        });
      }
    }
  }
  return found.sort((a, b) => a.sentAt.localeCompare(b.sentAt));
}
