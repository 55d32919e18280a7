// Local stand-ins of the messaging providers' send APIs, as the service calls them: WhatsApp's Graph API
// (POST /<version>/<phone_number_id>/messages with a bearer token) and an SMS gateway (android-sms-gateway's
// POST /message, or RapidPro's broadcasts). Each records what it received and answers as the provider does; a
// planned status (429, 500, 400) answers the next calls instead.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { hubSignature } from '../../src/channels/signatures.ts';

export interface Sent {
  path: string;
  authorization: string | undefined;
  body: any;
}

export class ProviderStandIn {
  readonly sent: Sent[] = [];
  readonly #plan: number[] = [];
  #count = 0;
  readonly #server = http.createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      const status = this.#plan.shift() ?? 200;
      const body = text === '' ? null : JSON.parse(text);
      this.sent.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
      response.writeHead(status, { 'content-type': 'application/json' });
      if (status >= 400) {
        response.end(JSON.stringify({ error: { message: 'planned failure', code: status === 400 ? 131047 : 1 } }));
        return;
      }
      this.#count++;
      response.end(
        JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [{ input: body?.to, wa_id: body?.to }],
          messages: [{ id: `wamid.sent-${this.#count}` }],
          id: `sms-${this.#count}`,
        }),
      );
    });
  });
  #base = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.#base = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  url(path = ''): string {
    return `${this.#base}${path}`;
  }

  /** The next calls answer these statuses, in order; then 200 again. */
  fail(...statuses: number[]): void {
    this.#plan.push(...statuses);
  }

  /** What was sent to one number (WhatsApp: wa_id without +; SMS: E.164). */
  to(address: string): Sent[] {
    const bare = address.replace(/^\+/, '');
    return this.sent.filter((s) => {
      const b = s.body ?? {};
      return b.to === bare || b.phoneNumbers?.includes(address) || b.urns?.includes(`tel:${address}`);
    });
  }

  /** The bodies of the messages sent with this text (as written, interactive, or a template's parameter). */
  carrying(text: string): any[] {
    return this.sent.filter((s) => ProviderStandIn.text(s) === text).map((s) => s.body);
  }

  /** The text of a sent message, whatever its type. */
  static text(sent: Sent): string {
    const b = sent.body ?? {};
    return (
      b.text?.body ??
      b.interactive?.body?.text ??
      b.template?.components?.[0]?.parameters?.[0]?.text ??
      b.message ??
      b.text ??
      ''
    );
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise((resolve) => this.#server.close(resolve));
  }
}

export const WHATSAPP_ENV = {
  WHATSAPP_VERIFY_TOKEN: 'verificar-token-123',
  WHATSAPP_APP_SECRET: 'secreto-de-la-app-de-meta',
  WHATSAPP_ACCESS_TOKEN: 'token-de-acceso-graph',
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
};

/** A notification as Meta posts it: one change holding these messages (and statuses, or anything else). */
export function whatsappNotification(messages: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  const from = String(messages[0]?.from ?? '573001234567');
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: '573001112233',
                phone_number_id: WHATSAPP_ENV.WHATSAPP_PHONE_NUMBER_ID,
              },
              contacts: [{ profile: { name: 'María Fernanda Rojas' }, wa_id: from }],
              messages,
              ...extra,
            },
          },
        ],
      },
    ],
  };
}

/** The request options of a notification signed as Meta signs it (over these exact bytes). */
export function signedWhatsapp(body: unknown, secret: string = WHATSAPP_ENV.WHATSAPP_APP_SECRET) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    method: 'POST' as const,
    url: '/integraciones/whatsapp',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(secret, payload) },
    payload,
  };
}

let sequence = 0;
/** Messages from one number, each with a new id and a later time. */
export function whatsappSender(from: string) {
  const message = (content: Record<string, unknown>) => ({
    from,
    id: `wamid.${process.pid}x${++sequence}`,
    timestamp: String(1_778_416_000 + sequence),
    ...content,
  });
  return {
    text: (body: string) => message({ type: 'text', text: { body } }),
    choice: (id: string) =>
      message({ type: 'interactive', interactive: { type: 'button_reply', button_reply: { id, title: id } } }),
    place: (latitude: number, longitude: number) => message({ type: 'location', location: { latitude, longitude } }),
  };
}

/** The messages of a complete request, from the greeting to "Enviar". */
export function wholeRequest(from: string, title = 'Agua potable para 6 familias') {
  const s = whatsappSender(from);
  return [
    s.text('Hola'),
    s.choice('type:request'),
    s.choice('cat:agua'),
    s.text(title),
    s.text('30 bidones'),
    s.choice('urg:urgent'),
    s.place(1.1478, -76.6476),
    s.text('San Miguel'),
    s.text('Calle 8 # 5-21, junto a la escuela'),
    s.choice('name:profile'),
    s.choice('yes'),
    s.choice('send'),
  ];
}
