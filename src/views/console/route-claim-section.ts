// Volunteers' offers to take a route ("Quiero llevar esta ruta") for leaders, on the logistics page: who offered,
// with their WhatsApp, vehicle and when they can leave, and "Aceptar" (the route is assigned to them, the other
// offers still waiting are declined) or "No aceptar" for each one still waiting. "No aceptar" asks first, then waits
// ten minutes, in which "Deshacer" drops it, before the offer is declined (commands/route-claims/decline-with-undo.ts).
import { formatNumber } from '../../domain/number-format.ts';
import { groupedPhone, whatsappUrl } from '../../domain/phone.ts';
import { type RouteClaimStatus, routeClaimStatusLabels } from '../../domain/route-claims.ts';
import type { LeaderRouteClaim } from '../../queries/leader-route-claims.ts';
import type { PendingDecline } from '../../queries/undo-windows.ts';
import { type Html, html } from '../html.ts';
import { when } from './controls.ts';
import { type ConsoleFrame, consolePage, csrfField, panelPaths } from './layout.ts';

/** The decisions a leader takes on an offer: the path's last word. */
export const claimVerbs = { aceptar: 'accept', rechazar: 'decline' } as const;
export type ClaimVerb = keyof typeof claimVerbs;

/** Where a decision on an offer posts. */
export function claimActionPath(slug: string, claimId: string, verb: ClaimVerb | 'deshacer'): string {
  return `/panel/e/${encodeURIComponent(slug)}/rutas/solicitudes/${encodeURIComponent(claimId)}/${verb}`;
}

/** The anchor of a route on the logistics page, where a decision brings the leader back. */
export const routeAnchor = (routeId: string) => `ruta-${routeId}`;

/** After a decision, from a fixed list: nothing a link carries is echoed. */
const flashes: Record<string, string> = {
  'ofrecimiento-aceptado':
    'Ofrecimiento aceptado: la ruta quedó asignada a esa persona y los demás ofrecimientos para ella no se aceptaron. Escríbale por WhatsApp para coordinar.',
  'ofrecimiento-rechazado':
    'Ofrecimiento no aceptado. Puede deshacerlo durante 10 minutos; después la persona lo verá con su código.',
  'rechazo-deshecho': 'Deshecho: el ofrecimiento vuelve a esperar su decisión.',
};

export const claimFlashKeys = {
  accept: 'ofrecimiento-aceptado',
  decline: 'ofrecimiento-rechazado',
  undo: 'rechazo-deshecho',
} as const;

/** Offer id -> its refusal still waiting for its minutes (queries/undo-windows.ts). */
export type ClaimDeclines = ReadonlyMap<string, PendingDecline>;

export function claimFlashMessage(key: string | undefined): string | null {
  return key !== undefined && Object.hasOwn(flashes, key) ? (flashes[key] ?? null) : null;
}

/** The logistics page's top line: how many offers wait for a decision, each route with some linked. */
export function pendingClaimsNote(claims: LeaderRouteClaim[], declines: ClaimDeclines = new Map()): Html {
  const waiting = claims.filter((c) => c.status === 'pending' && !declines.has(c.id));
  if (waiting.length === 0) {
    return html`<p class="note" id="ofrecimientos">Ningún ofrecimiento de voluntarios espera su decisión.</p>`;
  }
  const routes = new Map<string, string>();
  for (const claim of waiting) routes.set(claim.operationId, claim.routeTitle);
  return html`<section class="card warn" id="ofrecimientos"><h2>Ofrecimientos por decidir: ${formatNumber(waiting.length)}</h2>
<p>${waiting.length === 1 ? 'Una persona se ofreció' : `${waiting.length} personas se ofrecieron`} a llevar ${
    routes.size === 1 ? 'esta ruta' : `${routes.size} rutas`
  } desde la página pública. Acepte una por ruta o diga que no: cada persona ve la respuesta con su código.</p>
<ul>${[...routes].map(([id, title]) => html`<li><a href="#${routeAnchor(id)}">${title}</a></li>`)}</ul></section>`;
}

/** Repeated buttons say whose offer they act on to a screen reader. */
function whose(claim: LeaderRouteClaim): Html {
  return html`<span class="sr-only"> (${claim.contactName ?? 'ofrecimiento'})</span>`;
}

function contact(claim: LeaderRouteClaim): Html {
  if (!claim.contactName && !claim.contactWhatsapp) return html`<span class="meta">datos personales borrados</span>`;
  return html`<strong>${claim.contactName ?? ''}</strong>${
    claim.contactWhatsapp
      ? html` · <a rel="noreferrer" href="${whatsappUrl(claim.contactWhatsapp)}">${groupedPhone(claim.contactWhatsapp)}</a>`
      : ''
  }`;
}

const statusTags: Record<RouteClaimStatus, string> = {
  pending: 'Por decidir',
  accepted: routeClaimStatusLabels.accepted,
  declined: routeClaimStatusLabels.declined,
  withdrawn: routeClaimStatusLabels.withdrawn,
};

function actions(claim: LeaderRouteClaim, slug: string, csrf: string, decline: PendingDecline | undefined): Html {
  if (claim.status !== 'pending') return html``;
  if (decline) {
    return decline.undoable
      ? html`<form method="post" action="${claimActionPath(slug, claim.id, 'deshacer')}" class="inline">${csrfField(csrf)}<button type="submit">Deshacer${whose(claim)}</button> <span class="meta">hasta ${when(decline.until)}; la persona no lo sabe antes</span></form>`
      : html``;
  }
  // "No aceptar" asks first: a GET to the confirmation page, which works without JavaScript.
  return html`<form method="post" action="${claimActionPath(slug, claim.id, 'aceptar')}" class="inline">${csrfField(csrf)}<button type="submit">Aceptar${whose(claim)}</button></form>
<form method="get" action="${claimActionPath(slug, claim.id, 'rechazar')}" class="inline"><button type="submit" class="secondary">No aceptar${whose(claim)}</button></form>`;
}

function claimItem(
  claim: LeaderRouteClaim,
  slug: string,
  csrf: string,
  error: string | undefined,
  decline: PendingDecline | undefined,
): Html {
  const tag = decline && claim.status === 'pending' ? 'No aceptado (aún se puede deshacer)' : statusTags[claim.status];
  return html`<li id="ofrecimiento-${claim.id}">
<p>${contact(claim)} · <strong class="tag">${tag}</strong></p>
<p>${claim.vehicle ? html`Vehículo: ${claim.vehicle} · ` : ''}Puede salir: ${claim.when}</p>
<p class="meta">Ofrecido ${when(claim.createdAt)}${claim.decidedAt ? ` · decidido ${when(claim.decidedAt)}` : ''}</p>
${error ? html`<p class="error" role="alert">${error}</p>` : ''}
${actions(claim, slug, csrf, decline)}
</li>`;
}

/** A route's offers inside its card, waiting ones first; nothing for a route nobody offered to take. */
export function routeClaimList(
  claims: LeaderRouteClaim[],
  options: { slug: string; csrf: string; errors?: Record<string, string>; declines?: ClaimDeclines },
): Html {
  if (claims.length === 0) return html``;
  const declines = options.declines ?? new Map<string, PendingDecline>();
  const waiting = claims.filter((c) => c.status === 'pending' && !declines.has(c.id)).length;
  return html`<details class="claims"${waiting > 0 || claims.some((c) => options.errors?.[c.id]) ? html` open` : ''}><summary>Ofrecimientos de voluntarios (${formatNumber(claims.length)}${
    waiting > 0 ? `, ${waiting} por decidir` : ''
  })</summary>
<p class="meta">Nombre y WhatsApp son privados: solo los ven los líderes de esta emergencia. Al aceptar uno, la ruta queda asignada a esa persona.</p>
<ul>${claims.map((c) => claimItem(c, options.slug, options.csrf, options.errors?.[c.id], declines.get(c.id)))}</ul></details>`;
}

/** "No aceptar" asks first: who offered, for which route, and that the answer waits ten minutes. */
export function claimDeclinePage(frame: ConsoleFrame, claim: LeaderRouteClaim, undoMinutes: number): Html {
  const slug = frame.emergency?.slug as string;
  const who = claim.contactName ?? 'una persona (datos personales borrados)';
  return consolePage(
    { ...frame, title: 'No aceptar un ofrecimiento', current: 'logistics' },
    html`<section class="card" id="confirmar-rechazo"><h2>¿No aceptar el ofrecimiento de ${who}?</h2>
<p>Se ofreció a llevar la ruta <strong>${claim.routeTitle}</strong>${claim.vehicle ? html` (${claim.vehicle})` : ''}; puede salir: ${claim.when}.</p>
<p>Durante ${formatNumber(undoMinutes)} minutos puede deshacerlo y la persona no verá nada nuevo con su código; después verá que no se aceptó.</p>
<form method="post" action="${claimActionPath(slug, claim.id, 'rechazar')}">${csrfField(frame.user?.csrf ?? '')}<button type="submit" class="danger">Sí, no aceptar el ofrecimiento de ${who}</button> <a href="${panelPaths.logistics(slug)}#${routeAnchor(claim.operationId)}">No, volver</a></form></section>`,
  );
}
