// Every pledge of an emergency for its leaders, open first, grouped by status; each links to its request and
// carries the same actions as on the request's page.

import { formatNumber } from '../../domain/number-format.ts';
import { type PledgeStatus, pledgeStatusLabels } from '../../domain/pledges.ts';
import type { LeaderPledge, PledgeGroup } from '../../queries/leader-pledges.ts';
import { pledgeStatusesInWorkOrder } from '../../queries/leader-pledges.ts';
import { type Html, html } from '../html.ts';
import { type ConsoleFrame, consolePage, csrfField, panelPaths } from './layout.ts';
import { pledgeItem } from './pledge-section.ts';

export interface PledgesView {
  pledges: LeaderPledge[];
  /** The status shown alone; undefined: every status. */
  status?: PledgeStatus;
  /** Pledge id -> the error of the last action on it. */
  errors?: Record<string, string>;
  /** Several pledges from one number or one address. */
  groups?: PledgeGroup[];
}

/** One number's or one address's pledges, with the button that voids those still pending. */
function groupRow(group: PledgeGroup, base: string, csrf: string): Html {
  const action =
    group.holding === 0
      ? html`<span class="note">Nada pendiente</span>`
      : html`<form method="post" action="${base}/anular" class="inline">${csrfField(csrf)}<input type="hidden" name="por" value="${group.by === 'number' ? 'numero' : 'conexion'}"><input type="hidden" name="valor" value="${group.key}"><button type="submit" class="danger">Anular todos (${formatNumber(group.holding)})<span class="sr-only"> de ${group.label}</span></button></form>`;
  return html`<tr><th scope="row">${group.label}</th><td>${formatNumber(group.total)}</td><td>${formatNumber(group.lastDay)}</td><td>${formatNumber(group.holding)}</td><td>${action}</td></tr>`;
}

function groupsSection(groups: readonly PledgeGroup[], base: string, csrf: string): Html | '' {
  if (groups.length === 0) return '';
  return html`<section aria-labelledby="grupos"><h2 id="grupos">Por número y por conexión</h2>
<p class="note">Quien hace muchos compromisos desde un número o una conexión puede estar reservando lo que otros necesitan. «Anular todos» cancela sus compromisos abiertos y marca como no recibidas sus entregas sin confirmar: lo que reservaban vuelve a estar disponible. Queda en el registro de auditoría. Una conexión se muestra por una huella: la dirección no se guarda.</p>
<div class="table-scroll"><table><thead><tr><th scope="col">Número o conexión</th><th scope="col">Compromisos</th><th scope="col">Últimas 24 h</th><th scope="col">Pendientes</th><th scope="col"><span class="sr-only">Acción</span></th></tr></thead>
<tbody>${groups.slice(0, 30).map((group) => groupRow(group, base, csrf))}</tbody></table></div></section>`;
}

const order = pledgeStatusesInWorkOrder;

export function pledgesPage(frame: ConsoleFrame, view: PledgesView): Html {
  const slug = frame.emergency?.slug as string;
  const csrf = frame.user?.csrf ?? '';
  const base = panelPaths.pledges(slug);
  const filter = (value: PledgeStatus | undefined, label: string) =>
    html`<a href="${value ? `${base}?estado=${value}` : base}"${view.status === value ? html` aria-current="true"` : ''}>${label}</a>`;
  const item = (pledge: LeaderPledge) =>
    pledgeItem(pledge, {
      slug,
      csrf,
      back: 'lista',
      filter: view.status,
      showRequest: true,
      error: view.errors?.[pledge.id],
    });
  return consolePage(
    { ...frame, title: 'Compromisos', current: 'pledges' },
    html`<p class="note">Personas que dijeron «voy a llevar» a una solicitud de esta emergencia. Lo comprometido no cuenta como cubierto hasta que se confirma la entrega; un compromiso sin confirmar vence solo y libera su cantidad. Nombre y WhatsApp son privados: solo los ven los líderes de esta emergencia.</p>
${groupsSection(view.groups ?? [], base, csrf)}
<nav class="filters" aria-label="Estado">${filter(undefined, 'Todos')} ${order.map((s) => html`${filter(s, pledgeStatusLabels[s])} `)}</nav>
${order.map((status) => {
  const pledges = view.pledges.filter((p) => p.status === status);
  return pledges.length === 0
    ? ''
    : html`<section><h2>${pledgeStatusLabels[status]} (${formatNumber(pledges.length)})</h2><ul class="cards">${pledges.map(item)}</ul></section>`;
})}
${
  view.pledges.length === 0
    ? html`<p>${view.status ? `No hay compromisos en estado «${pledgeStatusLabels[view.status]}».` : 'Todavía nadie se ha comprometido con una solicitud de esta emergencia.'}</p>`
    : ''
}`,
  );
}
