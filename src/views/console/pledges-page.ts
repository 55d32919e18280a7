// Every pledge of an emergency for its leaders, open first, grouped by status; each links to its request and
// carries the same actions as on the request's page.

import { type PledgeStatus, pledgeStatusLabels } from '../../domain/pledges.ts';
import type { LeaderPledge } from '../../queries/leader-pledges.ts';
import { pledgeStatusesInWorkOrder } from '../../queries/leader-pledges.ts';
import { type Html, html } from '../html.ts';
import { type ConsoleFrame, consolePage, panelPaths } from './layout.ts';
import { pledgeItem } from './pledge-section.ts';

export interface PledgesView {
  pledges: LeaderPledge[];
  /** The status shown alone; undefined: every status. */
  status?: PledgeStatus;
  /** Pledge id -> the error of the last action on it. */
  errors?: Record<string, string>;
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
<nav class="filters" aria-label="Estado">${filter(undefined, 'Todos')} ${order.map((s) => html`${filter(s, pledgeStatusLabels[s])} `)}</nav>
${order.map((status) => {
  const pledges = view.pledges.filter((p) => p.status === status);
  return pledges.length === 0
    ? ''
    : html`<section><h2>${pledgeStatusLabels[status]} (${pledges.length})</h2><ul class="cards">${pledges.map(item)}</ul></section>`;
})}
${
  view.pledges.length === 0
    ? html`<p>${view.status ? `No hay compromisos en estado «${pledgeStatusLabels[view.status]}».` : 'Todavía nadie se ha comprometido con una solicitud de esta emergencia.'}</p>`
    : ''
}`,
  );
}
