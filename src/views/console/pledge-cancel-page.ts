// "Cancelar" on a pledge asks first, on a page of its own (no JavaScript needed): whose pledge, of what, to which
// request, and what the cancellation does; the leader confirms with a POST (CSRF, as every console form) or goes back.
import { formatNumber } from '../../domain/number-format.ts';
import type { LeaderPledge } from '../../queries/leader-pledges.ts';
import { type Html, html } from '../html.ts';
import { when } from './controls.ts';
import { type ConsoleFrame, consolePage, csrfField, panelPaths } from './layout.ts';
import { amount, type PledgeReturn } from './pledge-section.ts';

export interface PledgeCancelView {
  pledge: LeaderPledge;
  back: PledgeReturn;
  /** The list's status filter, kept after the action. */
  filter?: string;
  /** Minutes the cancellation can be undone. */
  undoMinutes: number;
}

export function pledgeCancelPage(frame: ConsoleFrame, view: PledgeCancelView): Html {
  const slug = frame.emergency?.slug as string;
  const csrf = frame.user?.csrf ?? '';
  const { pledge } = view;
  const backHref =
    view.back === 'registro'
      ? `${panelPaths.record(slug, pledge.helpId)}#compromisos`
      : `${panelPaths.pledges(slug)}${view.filter ? `?estado=${encodeURIComponent(view.filter)}` : ''}#compromiso-${pledge.id}`;
  const who = pledge.contactName ?? 'una persona (datos personales borrados)';
  return consolePage(
    { ...frame, title: 'Cancelar un compromiso', current: 'pledges' },
    html`<section class="card" id="confirmar-cancelacion"><h2>¿Cancelar el compromiso de ${who}?</h2>
<p>Lleva <strong>${amount(pledge.quantity, pledge.unit)}</strong> a la solicitud <a href="${panelPaths.record(slug, pledge.helpId)}">${pledge.helpTitle}</a>, con entrega prevista ${when(pledge.deliverBy)}.</p>
<p>Lo que reservaba vuelve a estar disponible para otros en cuanto cancele. Durante ${formatNumber(view.undoMinutes)} minutos puede deshacerlo: nadie recibe aviso (ni quien pidió la ayuda ni el historial público) hasta que pasen.</p>
<form method="post" action="${panelPaths.pledge(slug, pledge.id)}/cancelar">${csrfField(csrf)}<input type="hidden" name="volver" value="${view.back}">${
      view.filter ? html`<input type="hidden" name="estado" value="${view.filter}">` : ''
    }<button type="submit" class="danger">Sí, cancelar el compromiso de ${who}</button> <a href="${backHref}">No, volver</a></form></section>`,
  );
}
