// Administrators subscribe endpoints to the public change feed: addresses, filters and how deliveries stand; the
// signing secret appears once, right after the subscription is made. Dead deliveries can be sent again.

import type { IssuedWebhook } from '../../commands/webhooks/subscriptions.ts';
import { formatNumber } from '../../domain/number-format.ts';
import type { EmergencyRow } from '../../queries/emergencies.ts';
import type { DeadDelivery, WebhookSummary } from '../../queries/webhooks.ts';
import { changeKinds } from '../../schemas/change-event.ts';
import { type Html, html } from '../html.ts';
import { type Errors, errorSummary, input, select, when } from './controls.ts';
import { type ConsoleFrame, consolePage, csrfField } from './layout.ts';

export const WEBHOOKS_PATH = '/panel/webhooks';
export const webhookPath = (id: string, action: 'probar' | 'quitar') =>
  `${WEBHOOKS_PATH}/${encodeURIComponent(id)}/${action}`;
export const resendPath = (deliveryId: string) =>
  `${WEBHOOKS_PATH}/entregas/${encodeURIComponent(deliveryId)}/reenviar`;

export const kindLabels: Record<(typeof changeKinds)[number], string> = {
  published: 'publicado',
  updated: 'actualizado',
  status_changed: 'cambio de estado',
  quantities_changed: 'cambio de cantidades',
  withdrawn: 'retirado',
};

const labels: Record<string, string> = {
  url: 'URL del receptor',
  emergency: 'Emergencia',
  kinds: 'Tipos de cambio',
  description: 'Descripción',
};

export interface WebhookFormValues {
  url?: string;
  emergency?: string;
  kinds?: string[];
  description?: string;
}

/** What a test or a resend just did, shown above the list. */
export interface WebhookNotice {
  ok: boolean;
  text: string;
}

const kindsText = (kinds: string[] | null) =>
  kinds === null ? 'todos' : kinds.map((k) => kindLabels[k as keyof typeof kindLabels] ?? k).join(', ');

function issuedSection(issued: IssuedWebhook): Html {
  return html`<section class="card warn" role="status" aria-labelledby="secreto-titulo">
<h2 id="secreto-titulo">Secreto del webhook ${issued.url}</h2>
<p>Cópielo ahora y entréguelo por un canal privado a quien opera el receptor: con él verifica la firma de cada mensaje.
<strong>No se vuelve a mostrar.</strong></p>
<p><code id="secreto">${issued.secret}</code></p>
</section>`;
}

function subscriptionsTable(webhooks: WebhookSummary[], csrf: Html): Html {
  if (webhooks.length === 0) return html`<p>No hay webhooks registrados.</p>`;
  const rows = webhooks.map(
    (
      w,
    ) => html`<tr><th scope="row"><code>${w.url}</code>${w.description ? html`<br><small>${w.description}</small>` : ''}</th>
<td>${w.emergencySlug ?? 'todas'}</td><td>${kindsText(w.kinds)}</td><td>${when(w.createdAt)}<br><small>${w.createdBy}</small></td>
<td>${formatNumber(w.deliveries.pending)}</td><td>${formatNumber(w.deliveries.delivered)}</td><td>${formatNumber(w.deliveries.dead)}</td>
<td><form method="post" action="${webhookPath(w.id, 'probar')}" class="inline">${csrf}<button type="submit" class="secondary">Probar</button></form>
<a href="${webhookPath(w.id, 'quitar')}">Quitar…</a></td></tr>`,
  );
  return html`<table><caption>Webhooks</caption>
<thead><tr><th scope="col">URL</th><th scope="col">Emergencia</th><th scope="col">Tipos</th><th scope="col">Registrado</th>
<th scope="col">Pendientes</th><th scope="col">Entregadas</th><th scope="col">Muertas</th><th scope="col">Acciones</th></tr></thead>
<tbody>${rows}</tbody></table>`;
}

function deadTable(dead: DeadDelivery[], csrf: Html): Html {
  if (dead.length === 0) return html`<p>No hay entregas muertas.</p>`;
  const rows = dead.map(
    (d) => html`<tr><th scope="row"><code>${d.id}</code></th><td><code>${d.url}</code></td>
<td>${d.cursor} · ${d.kind ? kindsText([d.kind]) : 'ya no existe'}</td><td>${formatNumber(d.attempts)}</td><td>${d.lastError ?? ''}</td>
<td>${when(d.createdAt)}</td>
<td><form method="post" action="${resendPath(d.id)}" class="inline">${csrf}<button type="submit" class="secondary">Reenviar</button></form></td></tr>`,
  );
  return html`<table><caption>Entregas muertas</caption>
<thead><tr><th scope="col">Entrega (webhook-id)</th><th scope="col">URL</th><th scope="col">Cambio</th><th scope="col">Intentos</th>
<th scope="col">Último error</th><th scope="col">Desde</th><th scope="col">Acciones</th></tr></thead>
<tbody>${rows}</tbody></table>`;
}

export function webhooksPage(
  frame: ConsoleFrame,
  view: {
    webhooks: WebhookSummary[];
    dead: DeadDelivery[];
    emergencies: EmergencyRow[];
    /** Just made: the only time the secret is shown. */
    issued?: IssuedWebhook;
    notice?: WebhookNotice;
    values: WebhookFormValues;
    errors: Errors;
  },
): Html {
  const csrf = csrfField(frame.user?.csrf ?? '');
  const chosen = new Set(view.values.kinds ?? []);
  const notice = view.notice
    ? html`<p class="${view.notice.ok ? 'flash' : 'flash warn'}" role="status">${view.notice.text}</p>`
    : '';
  return consolePage(
    { ...frame, title: 'Webhooks', current: 'webhooks' },
    html`${view.issued ? issuedSection(view.issued) : ''}${notice}
<p class="note">Cada cambio de lo que la API pública muestra (el mismo evento que da <code>/api/public/v1/changes</code>) se
envía por POST a cada webhook que lo pide, firmado según Standard Webhooks (cabeceras <code>webhook-id</code>,
<code>webhook-timestamp</code> y <code>webhook-signature</code>). Si el receptor no responde 2xx se reintenta durante 24 horas
con el mismo <code>webhook-id</code>; después la entrega queda muerta y se puede reenviar aquí. Solo se aceptan direcciones públicas.</p>
${subscriptionsTable(view.webhooks, csrf)}
<section class="card"><h2>Registrar un webhook</h2>
${errorSummary(view.errors, labels)}
<form method="post" action="${WEBHOOKS_PATH}">${csrf}
${input({ name: 'url', label: labels.url as string, type: 'url', value: view.values.url ?? '', errors: view.errors, required: true, maxlength: 2000, help: 'https://… del sistema que recibe los cambios.' })}
${select({ name: 'emergency', label: labels.emergency as string, value: view.values.emergency ?? '', errors: view.errors, blank: 'Todas las emergencias', options: view.emergencies.map((e) => [e.slug, e.name] as const) })}
<fieldset id="kinds"><legend>${labels.kinds} (ninguno marcado: todos)</legend>${changeKinds.map(
      (kind) =>
        html`<label class="choice"><input type="checkbox" name="kinds" value="${kind}"${chosen.has(kind) ? html` checked` : ''}> ${kindLabels[kind]}</label>`,
    )}${view.errors.kinds ? html`<strong class="error">${view.errors.kinds}</strong>` : ''}</fieldset>
${input({ name: 'description', label: labels.description as string, value: view.values.description ?? '', errors: view.errors, maxlength: 200, help: 'Para reconocerlo: quién lo opera, para qué.' })}
<p><button type="submit">Registrar y mostrar el secreto</button></p></form></section>
<h2>Entregas muertas</h2>
${deadTable(view.dead, csrf)}`,
  );
}

/** Removing asks first: the endpoint stops receiving at once. */
export function removeWebhookPage(frame: ConsoleFrame, webhook: WebhookSummary): Html {
  return consolePage(
    { ...frame, title: 'Quitar un webhook', current: 'webhooks' },
    html`<section class="card warn"><p>Al quitarlo, <code>${webhook.url}</code> no recibe más cambios y sus
${formatNumber(webhook.deliveries.pending)} entregas pendientes se cancelan.</p>
<form method="post" action="${webhookPath(webhook.id, 'quitar')}">${csrfField(frame.user?.csrf ?? '')}
<p><button type="submit" class="danger">Sí, quitar el webhook</button> <a href="${WEBHOOKS_PATH}">Cancelar</a></p></form></section>`,
  );
}
