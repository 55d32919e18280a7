// "Conversación por WhatsApp" (or por SMS) on the page of a record that a conversation channel brought: whether the
// person can be written to now (the channel's reach window), the messages exchanged about the record, and the form
// to answer.
import { channelLabel, conversationOf } from '../../channels/adapters.ts';
import type { ReplyWindow } from '../../commands/channels/reply-to-submitter.ts';
import type { ChannelLogEntry } from '../../queries/channel-log.ts';
import { type Html, html } from '../html.ts';
import { type Errors, textarea, when } from './controls.ts';
import { csrfField, panelPaths } from './layout.ts';

export interface ConversationView {
  window: ReplyWindow;
  /** Whether this service has the channel's settings (WHATSAPP_* or SMS_*): without them nothing can be sent. */
  configured: boolean;
  log: ChannelLogEntry[];
  /** REPLY_MAX: the longest answer a leader may write. */
  maxLength: number;
  errors: Errors;
  value?: string;
}

/** Where the answer form posts, from the record page. */
export const replyPath = (slug: string, id: string) => `${panelPaths.record(slug, id)}/responder`;

const outboundLabels: Record<NonNullable<ChannelLogEntry['outboundKind']>, string> = {
  reply: 'respuesta automática',
  receipt: 'recibo',
  notice: 'aviso',
  leader_reply: 'respuesta del equipo',
  alert: 'alerta',
  digest: 'resumen',
  farewell: 'confirmación del retiro',
};

const statusLabels: Record<NonNullable<ChannelLogEntry['status']>, string> = {
  pending: 'en cola',
  sent: 'enviado',
  failed: 'no se pudo enviar',
};

/** Day, month and hour in Colombia's time: "11 de may, 14:32". */
function shortWhen(iso: string): string {
  return new Intl.DateTimeFormat('es-CO', {
    timeZone: 'America/Bogota',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** What a reply written now would do, in the leader's words. */
export function windowText(window: ReplyWindow): string {
  const label = channelLabel(window.channel);
  const reach = conversationOf(window.channel).window;
  if (reach === null) return `Por ${label} puede escribirle en cualquier momento.`;
  const hours = Math.round(reach.ms / 3_600_000);
  if (window.mode === 'text') {
    return window.closesAt
      ? `Puede escribirle hasta el ${shortWhen(window.closesAt)} (${hours} horas después de su último mensaje).`
      : 'Puede escribirle ahora.';
  }
  if (window.mode === 'template') {
    return `Ventana de ${hours} horas cerrada: se enviará como plantilla «${window.template ?? ''}», con su texto dentro.`;
  }
  return `Ventana de ${hours} horas cerrada y sin plantilla configurada: ${label} no permite escribirle ahora. Podrá responderle cuando la persona vuelva a escribir.`;
}

function inboundText(entry: ChannelLogEntry): string {
  if (entry.inboundKind === 'location') return `Ubicación enviada: ${entry.text ?? ''}`;
  if (entry.inboundKind === 'choice') return `Eligió: ${entry.text ?? ''}`;
  return entry.text ?? '(mensaje sin texto: imagen, audio u otro)';
}

function logRow(entry: ChannelLogEntry): Html {
  if (entry.direction === 'in') {
    return html`<tr><td>${when(entry.at)}</td><td>Recibido</td><td>${inboundText(entry)}</td><td></td></tr>`;
  }
  const kind = entry.outboundKind ? outboundLabels[entry.outboundKind] : '';
  const status = entry.status ? statusLabels[entry.status] : '';
  const detail =
    entry.status === 'sent' && entry.sentAt
      ? ` ${when(entry.sentAt)}`
      : entry.status === 'failed' && entry.error
        ? `: ${entry.error}`
        : '';
  return html`<tr><td>${when(entry.at)}</td><td>Enviado (${kind})</td><td>${entry.text ?? ''}</td><td${
    entry.status === 'failed' ? html` class="warn"` : ''
  }>${status}${detail}</td></tr>`;
}

function logTable(log: ChannelLogEntry[]): Html {
  if (log.length === 0) return html`<p class="note">Todavía no hay mensajes de esta conversación.</p>`;
  return html`<table><caption>Mensajes, del más antiguo al más reciente</caption>
<thead><tr><th scope="col">Fecha</th><th scope="col">Dirección</th><th scope="col">Mensaje</th><th scope="col">Envío</th></tr></thead>
<tbody>${log.map(logRow)}</tbody></table>`;
}

function replyForm(slug: string, csrf: string, recordId: string, view: ConversationView): Html {
  if (!view.configured) {
    return html`<p class="warn">${channelLabel(view.window.channel)} no está configurado en este servicio: no se le puede escribir desde aquí.</p>`;
  }
  if (view.window.mode === 'closed') return html``;
  return html`<form method="post" action="${replyPath(slug, recordId)}">${csrfField(csrf)}
${textarea({
  name: 'text',
  label: 'Su respuesta',
  maxlength: view.maxLength,
  required: true,
  errors: view.errors,
  value: view.value,
  help: `Hasta ${view.maxLength} caracteres. Le llega a la persona desde el número del servicio y queda en el historial.`,
})}
<p><button type="submit">Enviar respuesta</button></p></form>`;
}

export function conversationSection(slug: string, csrf: string, recordId: string, view: ConversationView): Html {
  const { window } = view;
  return html`<section class="card" id="conversacion"><h2>Conversación por ${channelLabel(window.channel)}</h2>
<p${window.mode === 'closed' ? html` class="warn"` : ''}>${windowText(window)}</p>
${logTable(view.log)}
${replyForm(slug, csrf, recordId, view)}</section>`;
}
