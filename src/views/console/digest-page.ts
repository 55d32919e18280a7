// A leader's digest of an emergency: what needs a nudge today. Open pledges past their date with the pledger's
// WhatsApp, routes in progress untouched for a day with the volunteer's contact, needs about to expire and expired
// ones (with the same actions as on the por confirmar page). Contacts are private: leaders of this emergency only.

import { isLogisticsStatus, logisticsStatusLabels } from '../../domain/logistics-status.ts';
import { formatNumber } from '../../domain/number-format.ts';
import { localWhatsapp, whatsappUrl } from '../../domain/phone.ts';
import type { Digest } from '../../queries/digest.ts';
import { type Html, html } from '../html.ts';
import { backlogSummary } from './backlog-summary.ts';
import { barChart } from './bar-chart.ts';
import { confirmationItem } from './confirmation-section.ts';
import { when } from './controls.ts';
import { urgencyLabel } from './labels.ts';
import { type ConsoleFrame, consolePage, panelPaths } from './layout.ts';
import { amount } from './pledge-section.ts';

const NOTHING = 'Nada pendiente.';

function section(id: string, title: string, count: number, items: Html[], intro: string): Html {
  return html`<section class="card" id="${id}"><h2>${title} (${formatNumber(count)})</h2>
<p class="meta">${intro}</p>
${count === 0 ? html`<p>${NOTHING}</p>` : html`<ul class="cards">${items}</ul>`}</section>`;
}

function pledgeLine(slug: string, pledge: Digest['overduePledges'][number]): Html {
  return html`<li class="card" id="compromiso-${pledge.id}">
<h3><a href="${panelPaths.record(slug, pledge.helpId)}#compromisos">${pledge.title}</a></h3>
<p>Lleva: <strong>${amount(pledge.quantity, pledge.unit)}</strong> · entrega prevista ${when(pledge.deliverBy)} · urgencia ${urgencyLabel(pledge.urgency)}</p>
<p><strong>${pledge.name}</strong> · <a rel="noreferrer" href="${whatsappUrl(pledge.whatsapp)}">${pledge.whatsapp}</a></p>
<p class="meta">Si nadie confirma la entrega, el compromiso vence ${when(pledge.expiresAt)} y libera su cantidad.</p>
</li>`;
}

function deliveryLine(slug: string, delivery: Digest['unconfirmedDeliveries'][number]): Html {
  return html`<li class="card" id="entrega-${delivery.id}">
<h3><a href="${panelPaths.record(slug, delivery.helpId)}#compromiso-${delivery.id}">${delivery.title}</a></h3>
<p>Dice que entregó: <strong>${amount(delivery.quantity, delivery.unit)}</strong> · el ${when(delivery.reportedAt)} · urgencia ${urgencyLabel(delivery.urgency)}</p>
<p><strong>${delivery.name}</strong> · <a rel="noreferrer" href="${whatsappUrl(delivery.whatsapp)}">${delivery.whatsapp}</a></p>
<p class="meta">No suma a lo cubierto hasta que usted o quien pidió la ayuda confirme que llegó.</p>
</li>`;
}

/** The volunteer's contact is free text: a wa.me link when it reads as a WhatsApp number. */
function volunteer(contact: string | null): Html {
  if (!contact) return html`<span class="meta">sin contacto del voluntario</span>`;
  const phone = localWhatsapp(contact);
  return html`Voluntario (privado): ${phone ? html`<a rel="noreferrer" href="${whatsappUrl(phone)}">${contact}</a>` : contact}`;
}

function routeLine(route: Digest['staleRoutes'][number]): Html {
  const status = isLogisticsStatus(route.status) ? logisticsStatusLabels[route.status] : route.status;
  return html`<li class="card" id="ruta-${route.id}">
<h3>${route.title}</h3>
<p><strong class="tag">${status}</strong> · último cambio ${when(route.updatedAt)}</p>
<p>${volunteer(route.volunteerContact)}</p>
</li>`;
}

function claimLine(slug: string, claim: Digest['waitingClaims'][number]): Html {
  return html`<li class="card" id="solicitud-${claim.id}">
<h3><a href="${panelPaths.logistics(slug)}">${claim.routeTitle}</a></h3>
<p><strong>${claim.name}</strong> · <a rel="noreferrer" href="${whatsappUrl(claim.whatsapp)}">${claim.whatsapp}</a>${claim.vehicle ? ` · ${claim.vehicle}` : ''}</p>
<p class="meta">Puede salir: ${claim.when} · se ofreció ${when(claim.createdAt)}</p>
</li>`;
}

const WEEKDAYS = ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'];

/** "lun 23" for a YYYY-MM-DD day. */
export function shortDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  return `${WEEKDAYS[date.getUTCDay()] ?? ''} ${String(date.getUTCDate())}`;
}

/** Where the review backlog stands, and two charts of the last days with their figures as tables. */
function reviewSection(slug: string, digest: Digest): Html {
  const labels = digest.reviewDays.map((d) => shortDay(d.day));
  return html`<section class="card" id="revision">
<h2>Cómo va la revisión</h2>
${backlogSummary(digest.review, (id) => panelPaths.record(slug, id))}
${barChart({
  id: 'grafica-pendientes',
  title: 'Envíos nuevos pendientes al final de cada día',
  labels,
  values: digest.reviewDays.map((d) => d.pendingAtEnd),
  valueHeader: 'Pendientes',
})}
${barChart({
  id: 'grafica-decisiones',
  title: 'Decisiones de revisión por día',
  labels,
  values: digest.reviewDays.map((d) => d.decisions.total),
  valueHeader: 'Decisiones',
})}
<p class="meta">Hoy cuenta hasta ahora. Las revisiones de publicaciones ya aprobadas cuentan en las decisiones, no en los pendientes de días pasados.</p>
</section>`;
}

export function digestPage(frame: ConsoleFrame, digest: Digest): Html {
  const slug = frame.emergency?.slug as string;
  const csrf = frame.user?.csrf ?? '';
  return consolePage(
    { ...frame, title: 'Resumen del día', current: 'digest' },
    html`<p class="note">Lo que necesita un empujón hoy (al ${when(digest.generatedAt)}), lo más urgente primero. Los nombres y números son privados: solo los ven los líderes de esta emergencia.</p>
${reviewSection(slug, digest)}
${section(
  'compromisos-vencidos',
  'Compromisos vencidos sin confirmar',
  digest.overduePledges.length,
  digest.overduePledges.map((p) => pledgeLine(slug, p)),
  'Personas que dijeron «voy a llevar» y cuya fecha de entrega ya pasó sin que nadie confirmara la entrega. Escríbales para saber si llegó.',
)}
${section(
  'entregas-por-confirmar',
  'Entregas por confirmar',
  digest.unconfirmedDeliveries.length,
  digest.unconfirmedDeliveries.map((d) => deliveryLine(slug, d)),
  'Entregas que quien las llevó dio por hechas hace tiempo y que nadie ha confirmado. Pregunte a quien pidió la ayuda y confírmelas o márquelas como no recibidas en la solicitud.',
)}
${section(
  'rutas-quietas',
  'Rutas sin movimiento hace 24 h',
  digest.staleRoutes.length,
  digest.staleRoutes.map(routeLine),
  'Rutas asignadas o en camino que nadie ha movido en 24 horas.',
)}
${section(
  'ofrecimientos-sin-respuesta',
  'Ofrecimientos de transporte sin respuesta hace 24 h',
  digest.waitingClaims.length,
  digest.waitingClaims.map((c) => claimLine(slug, c)),
  'Personas que se ofrecieron a llevar una ruta y esperan que el equipo acepte o no su ofrecimiento.',
)}
<p><a href="${panelPaths.logistics(slug)}">Ver todas las rutas</a> · <a href="${panelPaths.pledges(slug)}">Ver todos los compromisos</a></p>
${section(
  'por-vencer',
  'Por vencer',
  digest.toConfirm.length,
  digest.toConfirm.map((r) => confirmationItem(slug, csrf, r, false, 'resumen')),
  'Publicaciones por confirmar: si nadie confirma que siguen vigentes, vencen en la fecha indicada.',
)}
${section(
  'vencidas',
  'Vencidas',
  digest.expired.length,
  digest.expired.map((r) => confirmationItem(slug, csrf, r, true, 'resumen')),
  'Ya no aparecen en las listas públicas ni en el mapa. Si siguen vigentes, confírmelas y vuelven a aparecer.',
)}`,
  );
}
