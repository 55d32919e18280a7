// Sends one message through the WhatsApp Business Cloud API: text, reply buttons (up to three short choices), a
// list (up to ten), or an approved template carrying the text. Meta's answer decides what happens next: sent (with
// its message id), worth another try (429, 5xx, a network failure) or refused for good (any other 4xx).
import type { WhatsappConfig } from '../config.ts';
import type { OutboundBody } from '../domain/outbound-body.ts';
import type { SendResult } from './adapter.ts';

/** WhatsApp's limits: a body of 1024 characters in interactive messages, 4096 in text ones. */
const WHATSAPP_TEXT_MAX = 4096;
const WHATSAPP_INTERACTIVE_TEXT_MAX = 1024;
const WHATSAPP_BUTTON_TITLE_MAX = 20;
const WHATSAPP_BUTTONS_MAX = 3;
const WHATSAPP_ROW_TITLE_MAX = 24;
const WHATSAPP_ROW_DESCRIPTION_MAX = 72;
const WHATSAPP_ROWS_MAX = 10;

const TIMEOUT_MS = 15_000;

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** The Graph API's message object for a body; `to` is the number without its plus (Meta's wa_id). */
export function whatsappPayload(to: string, body: OutboundBody, language: string): Record<string, unknown> {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to: to.replace(/^\+/, '') };
  if (body.template !== undefined) {
    return {
      ...base,
      type: 'template',
      template: {
        name: body.template,
        language: { code: language },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: cut(body.text, WHATSAPP_INTERACTIVE_TEXT_MAX) }] },
        ],
      },
    };
  }
  const choices = body.choices ?? [];
  const text = cut(body.text, WHATSAPP_INTERACTIVE_TEXT_MAX);
  if (
    choices.length > 0 &&
    choices.length <= WHATSAPP_BUTTONS_MAX &&
    choices.every((c) => c.title.length <= WHATSAPP_BUTTON_TITLE_MAX) &&
    body.text.length <= WHATSAPP_INTERACTIVE_TEXT_MAX
  ) {
    return {
      ...base,
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text },
        action: { buttons: choices.map((c) => ({ type: 'reply', reply: { id: c.id, title: c.title } })) },
      },
    };
  }
  if (choices.length > 0 && choices.length <= WHATSAPP_ROWS_MAX && body.text.length <= WHATSAPP_INTERACTIVE_TEXT_MAX) {
    return {
      ...base,
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text },
        action: {
          button: 'Elegir',
          sections: [
            {
              title: 'Opciones',
              rows: choices.map((c) => ({
                id: c.id,
                title: cut(c.title, WHATSAPP_ROW_TITLE_MAX),
                ...(c.description === undefined
                  ? {}
                  : { description: cut(c.description, WHATSAPP_ROW_DESCRIPTION_MAX) }),
              })),
            },
          ],
        },
      },
    };
  }
  // The numbered choices are in the text itself, so a plain message still works.
  return { ...base, type: 'text', text: { preview_url: false, body: cut(body.text, WHATSAPP_TEXT_MAX) } };
}

interface GraphAnswer {
  messages?: { id?: unknown }[];
  error?: { message?: unknown; code?: unknown };
}

export async function sendWhatsapp(config: WhatsappConfig, to: string, body: OutboundBody): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}/${config.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(whatsappPayload(to, body, config.templates.language)),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (err) {
    return { kind: 'retry', error: `sin respuesta de WhatsApp: ${(err as Error).message}` };
  }
  let answer: GraphAnswer = {};
  try {
    answer = (await response.json()) as GraphAnswer;
  } catch {
    // A body that is not JSON: the status alone decides.
  }
  if (response.ok) {
    const id = answer.messages?.[0]?.id;
    return { kind: 'sent', providerId: typeof id === 'string' ? id : null };
  }
  const error = `WhatsApp respondió ${response.status}${
    answer.error ? `: ${String(answer.error.code ?? '')} ${String(answer.error.message ?? '')}`.trimEnd() : ''
  }`;
  return response.status === 429 || response.status >= 500 ? { kind: 'retry', error } : { kind: 'failed', error };
}
