// Logistics routes for leaders: every status, the volunteer's private contact, volunteers' offers to take each route
// (accepted or declined here), moves, and a new-route form.

import {
  type LogisticsStatus,
  logisticsMoveLabels,
  logisticsStatusLabels,
  nextLogisticsStatuses,
} from '../../domain/logistics-status.ts';
import { formatNumber } from '../../domain/number-format.ts';
import type { EndpointRow, LeaderRouteRow } from '../../queries/leader-logistics.ts';
import type { LeaderRouteClaim } from '../../queries/leader-route-claims.ts';
import { type Html, html } from '../html.ts';
import { type Errors, errorSummary, input, select, textarea, when } from './controls.ts';
import { type ConsoleFrame, consolePage, csrfField, panelPaths } from './layout.ts';
import { type ClaimDeclines, pendingClaimsNote, routeAnchor, routeClaimList } from './route-claim-section.ts';

export const routeFieldLabels: Record<string, string> = {
  destinationHelpId: 'Destino (solicitud publicada)',
  title: 'Título de la ruta',
  supplyDescription: 'Qué se lleva',
  quantityLabel: 'Cantidad (en palabras)',
  pickupHelpId: 'Recoger en (centro u ofrecimiento publicado)',
  pickupAddress: 'o dirección de recogida',
  pickupLatitude: 'Latitud de recogida',
  pickupLongitude: 'Longitud de recogida',
  routeConditions: 'Estado de la vía (público)',
  volunteerContact: 'Contacto del voluntario (privado)',
  addCovered: 'Cantidad entregada que se suma a lo cubierto',
};

export interface LogisticsView {
  routes: LeaderRouteRow[];
  destinations: EndpointRow[];
  pickups: EndpointRow[];
  values: Record<string, string>;
  errors: Errors;
  /** Route id -> error of its last move. */
  moveErrors?: Record<string, string>;
  /** Volunteers' offers to take the routes, waiting ones first. */
  claims?: LeaderRouteClaim[];
  /** Offer id -> error of the last decision on it. */
  claimErrors?: Record<string, string>;
  /** Offers a leader said no to, still undoable. */
  claimDeclines?: ClaimDeclines;
}

/** Whom "Asignar" gives the route to: the name before the volunteer contact's first " · " (name · number · vehicle). */
function assigneeName(route: LeaderRouteRow): string | null {
  const name = route.volunteer_contact?.split(' · ')[0]?.trim();
  return name ? name : null;
}

/** A move button's words; "Asignar" always names the person (never a bare "Asignar"). */
function moveLabel(route: LeaderRouteRow, next: LogisticsStatus): string {
  if (next !== 'assigned') return logisticsMoveLabels[next];
  return `${logisticsMoveLabels.assigned} a ${assigneeName(route) ?? ''}`;
}

/** The next statuses offered; "Asignar" only when someone is named to take the route. */
function movesOf(route: LeaderRouteRow): LogisticsStatus[] {
  return nextLogisticsStatuses(route.status).filter((next) => next !== 'assigned' || assigneeName(route) !== null);
}

const order: LogisticsStatus[] = ['available', 'assigned', 'in_transit', 'delivered', 'cancelled'];

export function logisticsPage(frame: ConsoleFrame, view: LogisticsView): Html {
  const slug = frame.emergency?.slug as string;
  const csrf = frame.user?.csrf ?? '';
  const base = panelPaths.logistics(slug);
  const f = (name: string, extra: Partial<Parameters<typeof input>[0]> = {}) =>
    input({ name, label: routeFieldLabels[name] ?? name, value: view.values[name], errors: view.errors, ...extra });
  const claims = view.claims ?? [];
  const route = (r: LeaderRouteRow) => html`<li class="card" id="${routeAnchor(r.id)}">
<h3>${r.title}</h3>
<p class="meta">${logisticsStatusLabels[r.status]} · ${formatNumber(r.distance_km)} km · creada ${when(r.created_at)}</p>
<p>${r.supply_description}${r.quantity_label ? ` · ${r.quantity_label}` : ''}</p>
<p>De: ${r.pickup_address} → a: <a href="${panelPaths.record(slug, r.destination_help_id)}">${r.destination_title}</a>${r.destination_address ? ` (${r.destination_address})` : ''}</p>
${r.route_conditions ? html`<p>Vía: ${r.route_conditions}</p>` : ''}
${r.volunteer_contact ? html`<p class="private">Voluntario (privado): ${r.volunteer_contact}</p>` : ''}
${routeClaimList(
  claims.filter((c) => c.operationId === r.id),
  { slug, csrf, errors: view.claimErrors, ...(view.claimDeclines ? { declines: view.claimDeclines } : {}) },
)}
${r.status === 'available' && assigneeName(r) === null ? html`<p class="note">Para asignarla, acepte el ofrecimiento de un voluntario: el botón nombra a quien la lleva.</p>` : ''}
${view.moveErrors?.[r.id] ? html`<p class="error" role="alert">${view.moveErrors[r.id]}</p>` : ''}
${movesOf(r).map(
  (next) =>
    html`<form method="post" action="${base}/${r.id}/estado" class="move">${csrfField(csrf)}<input type="hidden" name="status" value="${next}">${
      next === 'delivered'
        ? html`${input({ name: 'addCovered', label: routeFieldLabels.addCovered as string, inputmode: 'decimal', help: 'Opcional: se suma a la cantidad cubierta de la solicitud.' })}${textarea({ name: 'note', label: 'Nota pública de la entrega (opcional)', maxlength: 300 })}`
        : ''
    }<button type="submit"${next === 'cancelled' ? html` class="danger"` : ''}>${moveLabel(r, next)}</button></form>`,
)}
</li>`;
  return consolePage(
    { ...frame, title: 'Rutas logísticas', current: 'logistics' },
    html`${pendingClaimsNote(claims, view.claimDeclines)}
${order.map((status) => {
  const routes = view.routes.filter((r) => r.status === status);
  return routes.length === 0
    ? ''
    : html`<section><h2>${logisticsStatusLabels[status]} (${formatNumber(routes.length)})</h2><ul class="cards">${routes.map(route)}</ul></section>`;
})}
${view.routes.length === 0 ? html`<p>Todavía no hay rutas en esta emergencia.</p>` : ''}
<section class="card" id="nueva"><h2>Nueva ruta</h2>
${errorSummary(view.errors, routeFieldLabels)}
${
  view.destinations.length === 0
    ? html`<p>No hay solicitudes publicadas con ubicación a las que llevar ayuda.</p>`
    : html`<form method="post" action="${base}">${csrfField(csrf)}
${select({ name: 'destinationHelpId', label: routeFieldLabels.destinationHelpId as string, value: view.values.destinationHelpId, options: view.destinations.map((d) => [d.id, `${d.title}${d.address ? ` — ${d.address}` : ''}`] as const), errors: view.errors, required: true })}
${f('title', { required: true, maxlength: 100 })}
${textarea({ name: 'supplyDescription', label: routeFieldLabels.supplyDescription as string, value: view.values.supplyDescription, errors: view.errors, required: true, maxlength: 600 })}
${f('quantityLabel', { maxlength: 80, help: 'Ej. 30 bidones de 20 litros' })}
${select({ name: 'pickupHelpId', label: routeFieldLabels.pickupHelpId as string, value: view.values.pickupHelpId, options: view.pickups.map((p) => [p.id, `${p.collection_center_status ? 'Centro: ' : ''}${p.title}`] as const), blank: 'Ninguno: indicar dirección y coordenadas', errors: view.errors })}
${f('pickupAddress', { maxlength: 180 })}
${f('pickupLatitude', { inputmode: 'decimal' })}
${f('pickupLongitude', { inputmode: 'decimal' })}
${textarea({ name: 'routeConditions', label: routeFieldLabels.routeConditions as string, value: view.values.routeConditions, errors: view.errors, maxlength: 300 })}
${f('volunteerContact', { maxlength: 200, help: 'Solo lo ven los líderes de esta emergencia.' })}
<p><button type="submit">Crear ruta</button></p></form>`
}</section>`,
  );
}
