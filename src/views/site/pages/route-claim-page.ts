// "Quiero llevar esta ruta" without JavaScript: the offer's form at /rutas/:id/llevar, the page that shows the
// volunteer's code once, and /mi-ruta, where the code shows the team's answer and, once the route is theirs, marks it
// on its way and delivered. The code is a credential: it is only ever shown in an answer to a POST and sent back in
// POST bodies, never put in an address. The volunteer's name and WhatsApp are never shown here: only the team sees
// them.

import { bounds } from '../../../domain/bounds.ts';
import { MAX_TYPED_CODE } from '../../../domain/receipt-code.ts';
import { type RouteClaimStatus, VEHICLE_MAX, WHEN_MAX } from '../../../domain/route-claims.ts';
import type { LogisticsStatus } from '../../../domain/statuses.ts';
import { cargoUnit, sameUnit } from '../../../domain/units.ts';
import type { LogisticsOperation } from '../../../schemas/logistics-operation.ts';
import type { RouteClaimResult, RouteClaimView } from '../../../schemas/route-claim.ts';
import { type Html, html } from '../../html.ts';
import { catalogue, strings } from '../catalogue.ts';
import { type Block, type Inline, type Lang, link, localized, type SiteDocument, text } from '../document.ts';
import { fill, formatAmount } from '../format.ts';
import { plural } from '../plural.ts';
import { escapeMarkdown } from '../render-markdown.ts';
import {
  CODE_FIELD,
  type Errors,
  errorSummary,
  formStrings,
  input,
  type LookupProblem,
  lookupProblem,
  type Values,
} from './form-controls.ts';
import { fillInline } from './info-common.ts';
import { KEY_FIELD, newFormKey } from './pledge-page.ts';
import { claimPath, MY_ROUTE_PATH, routeFacts, routeTitle } from './routes-page.ts';

export { CODE_FIELD, claimPath, MY_ROUTE_PATH };

export type RouteClaimStrings = ReturnType<typeof routeClaimStrings>;
export const routeClaimStrings = (lang: Lang) => strings(catalogue.routeClaim, lang);

/** Where the volunteer marks the route on its way or delivered, with the code. */
export const PROGRESS_PATH = '/mi-ruta/avanzar';

/** The code's own look: large, spaced, easy to copy by hand (assets/codigo.css). */
const CODE_STYLES = ['/static/codigo.css'];
const ROUTES_PATH = '/rutas';

/** A date and time in Colombia's time, as people there read it. */
function when(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'es-CO', {
    timeZone: 'America/Bogota',
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date(iso));
}

export function claimStatusLabel(status: RouteClaimStatus, t: RouteClaimStrings): string {
  return t[`claim_${status}`];
}

export function routeStatusLabel(status: LogisticsStatus, t: RouteClaimStrings): string {
  return t[`route_${status}`];
}

/** "¿Ya se ofreció? … en Mi ruta." */
function myRouteLine(lang: Lang, t: RouteClaimStrings): Block {
  return text(...fillInline(t.myRouteLine, 'link', [link(localized(MY_ROUTE_PATH, lang), t.myRouteLink)]));
}

function routesPath(slug: string | undefined, lang: Lang): string {
  return localized(slug ? `${ROUTES_PATH}?emergencia=${encodeURIComponent(slug)}` : ROUTES_PATH, lang);
}

// ---- /rutas/:id/llevar ----

export interface ClaimFormState {
  lang: Lang;
  /** The route as the public list shows it. */
  operation: LogisticsOperation;
  /** What was typed, as typed. */
  values: Values;
  errors: Errors;
  /** A problem of the whole form (too many sends, the route taken meanwhile), shown in the summary. */
  formError?: string;
  /** The route was taken meanwhile: the form is gone, only the reason stays. */
  unavailable?: boolean;
  baseUrl: string;
  now: Date;
  status?: number;
}

/** Field -> label, for the error summary. */
export function claimLabels(t: RouteClaimStrings): Record<string, string> {
  return { contactName: t.name, contactWhatsapp: t.whatsapp, vehicle: t.vehicle, when: t.when };
}

/** The form itself: name, WhatsApp (both private), vehicle and when. */
function claimForm(state: ClaimFormState, t: RouteClaimStrings): Html {
  const { lang, values, errors } = state;
  return html`<form class="envio" method="post" action="${localized(claimPath(state.operation.id), lang)}">
<input type="hidden" name="${KEY_FIELD}" value="${values[KEY_FIELD] ?? newFormKey()}">
<p class="note privado">${t.private}</p>
${input({
  name: 'contactName',
  label: t.name,
  help: t.nameHelp,
  required: true,
  errors,
  value: values.contactName,
  minlength: bounds.contactName.min,
  maxlength: bounds.contactName.max,
  autocomplete: 'name',
})}${input({
  name: 'contactWhatsapp',
  label: t.whatsapp,
  help: t.whatsappHelp,
  required: true,
  errors,
  value: values.contactWhatsapp,
  type: 'tel',
  inputmode: 'tel',
  maxlength: 32,
  autocomplete: 'tel',
})}${input({
  name: 'vehicle',
  label: t.vehicle,
  help: t.vehicleHelp,
  errors,
  value: values.vehicle,
  maxlength: VEHICLE_MAX,
})}${input({
  name: 'when',
  label: t.when,
  help: t.whenHelp,
  required: true,
  errors,
  value: values.when,
  minlength: 2,
  maxlength: WHEN_MAX,
})}
<p><button type="submit">${t.send}</button></p>
</form>`;
}

function formTwin(state: ClaimFormState, t: RouteClaimStrings): Block {
  const example = {
    contactName: 'Carlos Muñoz',
    contactWhatsapp: '+573001234567',
    vehicle: 'Camioneta 4x4',
    when: state.lang === 'en' ? 'Today at 3 pm' : 'Hoy a las 3 pm',
  };
  return {
    kind: 'markdown',
    text: [
      `## ${escapeMarkdown(t.twinApiTitle)}`,
      '',
      fill(t.twinForm, { path: claimPath(state.operation.id) }),
      '',
      t.twinApi,
      '',
      '```sh',
      `curl -X POST '${state.baseUrl}/api/logistics-operations/${encodeURIComponent(state.operation.id)}/claims' \\`,
      "  -H 'Content-Type: application/json' \\",
      `  -d '${JSON.stringify(example).replace(/'/g, "'\\''")}'`,
      '```',
      '',
      t.twinCode,
      '',
      t.twinErrors,
    ].join('\n'),
  };
}

/** /rutas/:id/llevar: the route as the list shows it, and the form (or why it is gone). */
export function claimFormPage(state: ClaimFormState): SiteDocument {
  const { lang, operation } = state;
  const t = routeClaimStrings(lang);
  const title = routeTitle(operation, strings(catalogue.routes, lang));
  const form: Block[] = state.unavailable
    ? [{ kind: 'paragraph', className: 'vacio', content: [t.notAvailable] }]
    : [
        text(t.intro),
        { kind: 'html', html: claimForm(state, t) },
        { kind: 'twin', content: [t.private] },
        formTwin(state, t),
      ];
  return {
    path: localized(claimPath(operation.id), lang),
    lang,
    title: t.pageTitle,
    summary: fill(t.pageSummary, { title }),
    nav: 'routes',
    status: state.status,
    blocks: [
      { kind: 'html', html: errorSummary(formStrings(lang), state.errors, claimLabels(t), state.formError) },
      {
        kind: 'section',
        title,
        className: 'card route',
        id: `ruta-${operation.id}`,
        blocks: [routeFacts(operation, lang, state.now)],
      },
      ...form,
      myRouteLine(lang, t),
      text(link(routesPath(operation.emergency_slug, lang), t.backToRoutes)),
    ],
  };
}

/** A route that exists but takes no offers (taken, on its way, delivered, cancelled): the reason, no form. */
export function claimUnavailablePage(lang: Lang, id: string, status = 200): SiteDocument {
  const t = routeClaimStrings(lang);
  return {
    path: localized(claimPath(id), lang),
    lang,
    title: t.notAvailableTitle,
    summary: t.notAvailable,
    nav: 'routes',
    status,
    blocks: [
      ...(status >= 400
        ? [
            {
              kind: 'html',
              html: html`<div class="errors" role="alert" tabindex="-1" id="errores"><h2>${t.notAvailableTitle}</h2></div>`,
            } as Block,
          ]
        : []),
      { kind: 'paragraph', className: 'vacio', content: [t.notAvailable] },
      text(link(routesPath(undefined, lang), t.seeRoutes)),
      myRouteLine(lang, t),
    ],
  };
}

/** The claim's facts: the route, the offer's and the route's status, the vehicle and when. */
function claimFields(claim: RouteClaimView, lang: Lang, t: RouteClaimStrings, extra: [string, Inline[]][] = []): Block {
  const items: [string, Inline[]][] = [
    [t.fRoute, [claim.routeTitle]],
    ...extra,
    [t.fStatus, [claimStatusLabel(claim.status, t)]],
    [t.fRouteStatus, [routeStatusLabel(claim.routeStatus, t)]],
  ];
  if (claim.vehicle) items.push([t.fVehicle, [claim.vehicle]]);
  items.push([t.fWhen, [claim.when]], [t.fSent, [when(claim.createdAt, lang)]]);
  return { kind: 'fields', items };
}

/** The answer to an offer: the code, large, once; what happens next. */
export function claimDonePage(lang: Lang, result: RouteClaimResult, emergencySlug?: string): SiteDocument {
  const t = routeClaimStrings(lang);
  const manage = link(localized(MY_ROUTE_PATH, lang), t.myRouteLink);
  return {
    path: localized(claimPath(result.claim.operationId), lang),
    lang,
    title: t.doneTitle,
    summary: t.doneSummary,
    nav: 'routes',
    styles: CODE_STYLES,
    noStore: true,
    blocks: [
      {
        kind: 'section',
        className: 'card recibo',
        blocks: [text({ b: t.done }), claimFields(result.claim, lang, t)],
      },
      {
        kind: 'section',
        title: t.codeTitle,
        className: 'card codigo',
        blocks: [
          { kind: 'paragraph', className: 'codigo-valor', content: [{ code: result.code }] },
          text(fill(t.codeHelp, { path: MY_ROUTE_PATH })),
          text(manage),
        ],
      },
      { kind: 'heading', level: 2, text: t.nextTitle },
      { kind: 'list', ordered: true, items: [[t.next1], [t.next2], [t.next3]] },
      text(link(routesPath(emergencySlug, lang), t.backToRoutes)),
    ],
  };
}

// ---- /mi-ruta ----

/** What the holder of a claim's code sees: the claim and the route's public side, never a contact. */
export interface MyRoute {
  claim: RouteClaimView;
  supplyDescription: string;
  quantityLabel: string | null;
  pickupAddress: string;
  /** The destination request while it is published: its page and the unit a delivery is counted in. */
  destination: { id: string; title: string; unit: string | null } | null;
}

export interface ManageFormState {
  lang: Lang;
  /** Per client address and minute, for the twin. */
  lookupsPerMinute: number;
  /** 'not_found' for an unknown code and a malformed one alike; 'rate_limited' after too many attempts. */
  problem?: LookupProblem;
}

function codeForm(state: ManageFormState, t: RouteClaimStrings): Html {
  const errors: Errors = state.problem === 'not_found' ? { [CODE_FIELD]: t.notFoundHelp } : {};
  // Nothing typed is shown again: the answer is the same whatever was sent.
  return html`<form class="envio" method="post" action="${localized(MY_ROUTE_PATH, state.lang)}">
${input({
  name: CODE_FIELD,
  label: t.code,
  help: t.codeFieldHelp,
  required: true,
  errors,
  maxlength: MAX_TYPED_CODE,
  autocomplete: 'off',
})}
<p><button type="submit">${t.find}</button></p>
</form>`;
}

function manageTwin(state: ManageFormState, t: RouteClaimStrings): Block {
  return {
    kind: 'markdown',
    text: [
      `## ${escapeMarkdown(t.twinManageTitle)}`,
      '',
      t.twinManage,
      '',
      plural(state.lookupsPerMinute, t.twinManageLimit, state.lang),
      '',
      t.twinManageApi,
    ].join('\n'),
  };
}

/** /mi-ruta: the code, typed. */
export function myRouteFormPage(state: ManageFormState): SiteDocument {
  const t = routeClaimStrings(state.lang);
  const problem = lookupProblem(state.problem, { notFound: t.notFound, rateLimited: t.lookupsLimited });
  return {
    path: localized(MY_ROUTE_PATH, state.lang),
    lang: state.lang,
    title: t.manageTitle,
    summary: t.manageSummary,
    nav: 'routes',
    status: problem.status,
    noStore: true,
    blocks: [
      ...problem.blocks,
      text(t.manageIntro),
      { kind: 'html', html: codeForm(state, t) },
      { kind: 'paragraph', className: 'note', content: [t.codePrivate] },
      manageTwin(state, t),
    ],
  };
}

/** The route's public side beside the claim: what goes, from where, to which request. */
function routeExtra(view: MyRoute, lang: Lang, t: RouteClaimStrings): [string, Inline[]][] {
  const items: [string, Inline[]][] = [[t.fWhat, [view.supplyDescription]]];
  if (view.quantityLabel) items.push([t.fQuantity, [view.quantityLabel]]);
  items.push([t.fPickup, [view.pickupAddress]]);
  if (view.destination) {
    items.push([
      t.fDestination,
      [link(localized(`/ayudas/${encodeURIComponent(view.destination.id)}`, lang), view.destination.title)],
    ]);
  }
  return items;
}

/** The one step the volunteer can take now: "Ya salí" on an assigned route, "Ya entregué" on one on its way. */
function nextStep(view: MyRoute, code: string, lang: Lang, errors: Errors, typed: Values, t: RouteClaimStrings) {
  const { claim } = view;
  if (claim.status !== 'accepted') return undefined;
  if (claim.routeStatus === 'assigned') {
    return html`<section class="card accion" aria-labelledby="salir-titulo"><h2 id="salir-titulo">${t.goingTitle}</h2>
<p>${t.goingHelp}</p>
<form class="envio" method="post" action="${localized(PROGRESS_PATH, lang)}">
<input type="hidden" name="${CODE_FIELD}" value="${code}">
<input type="hidden" name="status" value="in_transit">
<p><button type="submit">${t.goingButton}</button></p>
</form></section>`;
  }
  if (claim.routeStatus === 'in_transit') {
    const unit = view.destination?.unit ?? null;
    return html`<section class="card accion" aria-labelledby="entregar-titulo"><h2 id="entregar-titulo">${t.deliverTitle}</h2>
<p>${t.deliverHelp}</p>
<form class="envio" method="post" action="${localized(PROGRESS_PATH, lang)}">
<input type="hidden" name="${CODE_FIELD}" value="${code}">
<input type="hidden" name="status" value="delivered">
${input({
  name: 'quantity',
  label: t.quantity,
  help: t.quantityHelp,
  errors,
  value: typed.quantity,
  inputmode: 'decimal',
  maxlength: 24,
})}${input({
  name: 'unit',
  label: t.unit,
  help: unit ? fill(t.unitHelp, { unit }) : undefined,
  errors,
  // What the route carries, as its cargo says it ("15 cajas"), or else the request's own unit.
  value: typed.unit ?? routeUnit(view) ?? '',
  maxlength: bounds.unit.max,
})}
<p><button type="submit">${t.deliverButton}</button></p>
</form></section>`;
  }
  return undefined;
}

/** The unit the route's delivery is asked in (see cargoUnit). */
function routeUnit(view: MyRoute): string | null {
  return cargoUnit(view.quantityLabel, view.destination?.unit ?? null);
}

/** What the claim's state means, when there is nothing to do. */
function stateNote(view: MyRoute, t: RouteClaimStrings): string {
  const { claim } = view;
  if (claim.status === 'pending') return t.pendingNote;
  if (claim.status === 'declined') return t.declinedNote;
  if (claim.status === 'withdrawn') return t.withdrawnNote;
  return claim.routeStatus === 'delivered' ? t.deliveredNote : t.withdrawnNote;
}

export interface MyRouteState {
  lang: Lang;
  view: MyRoute;
  /** The code as typed: carried on in the action's hidden field, never shown. */
  code: string;
  errors?: Errors;
  typed?: Values;
  /** A problem of the whole page (the step is no longer possible), shown at the top. */
  formError?: string;
  status?: number;
}

/** /mi-ruta after a lookup: the claim, the route and, when the route is theirs, its next step. */
export function myRoutePage(state: MyRouteState): SiteDocument {
  const { lang, view } = state;
  const t = routeClaimStrings(lang);
  const errors = state.errors ?? {};
  const summary: Block[] =
    Object.keys(errors).length > 0 || state.formError
      ? [
          {
            kind: 'html',
            html: errorSummary(formStrings(lang), errors, { quantity: t.quantity }, state.formError ?? t.actionErrors),
          },
        ]
      : [];
  const step = nextStep(view, state.code, lang, errors, state.typed ?? {}, t);
  return {
    path: localized(MY_ROUTE_PATH, lang),
    lang,
    title: t.claimTitle,
    summary: t.claimSummary,
    nav: 'routes',
    status: state.status,
    noStore: true,
    blocks: [
      ...summary,
      {
        kind: 'section',
        className: 'card recibo',
        blocks: [claimFields(view.claim, lang, t, routeExtra(view, lang, t))],
      },
      step ? { kind: 'html', html: step } : text(stateNote(view, t)),
      { kind: 'paragraph', className: 'note', content: [t.codePrivate] },
      text(link(localized(MY_ROUTE_PATH, lang), t.another)),
    ],
  };
}

/** After "Ya salí" or "Ya entregué": what happened, and the claim and route as they are now. */
export function myRouteActionPage(
  lang: Lang,
  move: 'in_transit' | 'delivered',
  view: MyRoute,
  code: string,
  quantity?: number,
  deliveredUnit?: string,
): SiteDocument {
  const t = routeClaimStrings(lang);
  const [title, message] =
    move === 'in_transit' ? [t.goingDoneTitle, t.goingDone] : [t.deliveredDoneTitle, t.deliveredDone];
  const counted = view.destination?.unit ?? null;
  const unit = deliveredUnit ?? counted;
  const added =
    move === 'delivered' && quantity !== undefined
      ? [
          text(
            sameUnit(unit, counted)
              ? fill(t.deliveredAdded, { amount: formatAmount(quantity, unit, lang) })
              : fill(t.deliveredOtherUnit, { amount: formatAmount(quantity, unit, lang), unit: counted ?? '' }),
          ),
        ]
      : [];
  const step = nextStep(view, code, lang, {}, {}, t);
  return {
    path: localized(MY_ROUTE_PATH, lang),
    lang,
    title,
    summary: message,
    nav: 'routes',
    noStore: true,
    blocks: [
      {
        kind: 'section',
        className: 'card recibo',
        blocks: [text({ b: message }), ...added, claimFields(view.claim, lang, t, routeExtra(view, lang, t))],
      },
      ...(step ? [{ kind: 'html', html: step } as Block] : []),
      ...(view.destination
        ? [text(link(localized(`/ayudas/${encodeURIComponent(view.destination.id)}`, lang), t.seeRequest))]
        : []),
      text(link(localized(MY_ROUTE_PATH, lang), t.another)),
    ],
  };
}
