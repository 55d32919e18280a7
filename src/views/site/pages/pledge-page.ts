// "Voy a llevar" without JavaScript: the pledge form (on a request's page and at /ayudas/:id/comprometer), the page
// that shows the pledge's code once, and /compromisos, where the code confirms a delivery or cancels. The code is a
// credential: it is only ever shown in an answer to a POST and sent back in POST bodies, never put in an address.

import { randomUUID } from 'node:crypto';
import { bounds } from '../../../domain/bounds.ts';
import { DEFAULT_DELIVER_WITHIN_HOURS, PLEDGE_GRACE_HOURS, type PledgeStatus } from '../../../domain/pledges.ts';
import { MAX_TYPED_CODE } from '../../../domain/receipt-code.ts';
import { urls } from '../../../presenters/urls.ts';
import type { PledgeResult, PledgeView } from '../../../schemas/pledge.ts';
import type { PublicHelp } from '../../../schemas/public-help.ts';
import { type Html, html } from '../../html.ts';
import { catalogue, strings } from '../catalogue.ts';
import { type Block, type Inline, type Lang, link, localized, type SiteDocument, text } from '../document.ts';
import { fill, formatAmount, formatNumber } from '../format.ts';
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
  select,
  type Values,
} from './form-controls.ts';
import { fillInline } from './info-common.ts';

export { CODE_FIELD };

export type PledgeStrings = ReturnType<typeof pledgeStrings>;
export const pledgeStrings = (lang: Lang) => strings(catalogue.pledge, lang);

/** Where the pledger confirms or cancels with the code. */
export const MANAGE_PATH = '/compromisos';
export const DELIVER_PATH = '/compromisos/entregar';
export const CANCEL_PATH = '/compromisos/cancelar';
/** The hidden random key of one rendered form: sending it again answers the same pledge (Idempotency-Key). */
export const KEY_FIELD = 'idempotencyKey';
/** The form's choices for "when": hours from now. */
export const DELIVER_WITHIN_CHOICES = [6, 24, 48, 72, 168] as const;

/** The code's own look: large, spaced, easy to copy by hand (assets/codigo.css). */
const CODE_STYLES = ['/static/codigo.css'];

const recordPath = (id: string) => urls.help('', id);
export const pledgePath = (id: string) => `${recordPath(id)}/comprometer`;

/** A fresh key for a newly drawn form. */
export const newFormKey = (): string => randomUUID();

/** Only published, unfinished requests of an active emergency take pledges (make-pledge.ts says the same). */
export function pledgeable(item: PublicHelp): boolean {
  return item.type === 'request' && item.status !== 'completed' && item.emergency.status === 'active';
}

/** A request with a required quantity whose every unit is pledged: nothing left to pledge to. */
export function allCommitted(item: PublicHelp): boolean {
  const q = item.quantities;
  return !!q && q.required !== null && (q.uncommitted ?? 0) <= 0;
}

/** A date and time in Colombia's time, as people there read it. */
function when(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'es-CO', {
    timeZone: 'America/Bogota',
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date(iso));
}

export interface PledgeFormState {
  lang: Lang;
  item: PublicHelp;
  /** What was typed, as typed; KEY_FIELD is the form's key. */
  values: Values;
  errors: Errors;
  /** A problem of the whole form (too many sends, nothing left), shown in the summary. */
  formError?: string;
  baseUrl: string;
  status?: number;
}

/** Field -> label, for the error summary. */
export function pledgeLabels(t: PledgeStrings): Record<string, string> {
  return { quantity: t.quantity, deliverWithinHours: t.when, contactName: t.name, contactWhatsapp: t.whatsapp };
}

function whenLabel(hours: (typeof DELIVER_WITHIN_CHOICES)[number], t: PledgeStrings): string {
  return t[`when${hours}`];
}

/** The form itself: how much (only when the request asks for a quantity), when, name and WhatsApp. */
export function pledgeForm(state: PledgeFormState): Html {
  const { item, lang, values, errors } = state;
  const t = pledgeStrings(lang);
  const q = item.quantities;
  const quantity =
    q && q.required !== null
      ? input({
          name: 'quantity',
          label: q.unit ? fill(t.quantityUnit, { unit: q.unit }) : t.quantity,
          help: fill(t.quantityHelp, { open: formatAmount(q.uncommitted ?? 0, q.unit, lang) }),
          required: true,
          errors,
          value: values.quantity,
          inputmode: 'decimal',
          maxlength: 24,
        })
      : html``;
  return html`<form class="envio" method="post" action="${localized(pledgePath(item.id), lang)}">
<input type="hidden" name="${KEY_FIELD}" value="${values[KEY_FIELD] ?? ''}">
${quantity}${select({
  name: 'deliverWithinHours',
  label: t.when,
  help: fill(t.whenHelp, { grace: formatNumber(PLEDGE_GRACE_HOURS, lang) }),
  required: true,
  errors,
  value: values.deliverWithinHours ?? String(DEFAULT_DELIVER_WITHIN_HOURS),
  options: DELIVER_WITHIN_CHOICES.map((hours) => ({ value: String(hours), label: whenLabel(hours, t) })),
})}
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
})}
<p><button type="submit">${t.send}</button></p>
</form>`;
}

/** "¿Ya se comprometió? … en Mis compromisos." */
function manageLine(lang: Lang, t: PledgeStrings): Block {
  return text(...fillInline(t.manage, 'link', [link(localized(MANAGE_PATH, lang), t.manageLink)]));
}

/**
 * The record page's "Voy a llevar" card: the form, or that everything is pledged; nothing for a record that takes
 * no pledges. The twin points to the form's own page, whose twin explains the API.
 */
export function pledgeSection(item: PublicHelp, lang: Lang, key: string = newFormKey()): Block[] {
  if (!pledgeable(item)) return [];
  const t = pledgeStrings(lang);
  const withQuantity = item.quantities?.required != null;
  const body: Block[] = allCommitted(item)
    ? [{ kind: 'paragraph', className: 'vacio', content: [t.allCommitted] }]
    : [
        text(withQuantity ? t.intro : t.introNoQuantity),
        {
          kind: 'html',
          html: pledgeForm({ lang, item, values: { [KEY_FIELD]: key }, errors: {}, baseUrl: '' }),
        },
        { kind: 'twin', content: [t.private] },
        { kind: 'twin', content: [link(localized(pledgePath(item.id), lang), t.twinFormLink)] },
      ];
  return [
    {
      kind: 'section',
      title: t.sectionTitle,
      className: 'card ficha comprometer',
      id: 'voy-a-llevar',
      blocks: [...body, manageLine(lang, t)],
    },
  ];
}

/** Pledged and still open beside covered and pending: "Comprometido: 20 bidones · Sin comprometer: 10 bidones". */
export function commitmentFields(item: PublicHelp, lang: Lang): [string, Inline[]][] {
  const q = item.quantities;
  if (!q || item.type !== 'request' || q.required === null) return [];
  const r = strings(catalogue.record, lang);
  return [
    [r.fCommitted, [formatAmount(q.committed, q.unit, lang)]],
    [r.fUncommitted, [formatAmount(q.uncommitted ?? 0, q.unit, lang)]],
  ];
}

/** A request without a quantity counts people: "2 personas se comprometieron a llevar algo"; nothing at 0. */
export function pledgersLine(item: PublicHelp, lang: Lang): Block[] {
  const q = item.quantities;
  if (!q || item.type !== 'request' || q.required !== null || q.pledges === 0) return [];
  return [text(plural(q.pledges, strings(catalogue.record, lang).pledgers, lang))];
}

/** The twin's example key: any fresh random string per pledge does (a UUID is simplest). */
const EXAMPLE_KEY = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

function formTwin(state: PledgeFormState, t: PledgeStrings): Block {
  const { item, baseUrl } = state;
  const q = item.quantities;
  const example = {
    ...(q && q.required !== null ? { quantity: Math.max(1, Math.min(5, q.uncommitted ?? 1)) } : {}),
    deliverWithinHours: 24,
    contactName: 'Ana Gómez',
    contactWhatsapp: '+573001234567',
  };
  return {
    kind: 'markdown',
    text: [
      `## ${escapeMarkdown(t.twinApiTitle)}`,
      '',
      fill(t.twinForm, { path: pledgePath(item.id) }),
      '',
      t.twinApi,
      '',
      '```sh',
      `curl -X POST '${baseUrl}/api/public/v1/help/${item.id}/pledges' \\`,
      "  -H 'Content-Type: application/json' \\",
      `  -H 'Idempotency-Key: ${EXAMPLE_KEY}' \\`,
      `  -d '${JSON.stringify(example).replace(/'/g, "'\\''")}'`,
      '```',
      '',
      t.twinCode,
      '',
      t.twinErrors,
    ].join('\n'),
  };
}

/** /ayudas/:id/comprometer: the form on its own page (where a form with errors comes back), or why it is not there. */
export function pledgeFormPage(state: PledgeFormState): SiteDocument {
  const { item, lang } = state;
  const t = pledgeStrings(lang);
  const r = strings(catalogue.record, lang);
  const q = item.quantities;
  const figures: [string, Inline[]][] =
    q && q.required !== null
      ? [
          [r.fRequired, [formatAmount(q.required, q.unit, lang)]],
          [r.fCovered, [formatAmount(q.covered, q.unit, lang)]],
          ...(q.pending !== null
            ? ([[r.fPending, [formatAmount(q.pending, q.unit, lang)]]] as [string, Inline[]][])
            : []),
          ...commitmentFields(item, lang),
        ]
      : [];
  const open = pledgeable(item);
  const form: Block[] = !open
    ? [{ kind: 'paragraph', className: 'vacio', content: [t.notPledgeable] }]
    : allCommitted(item)
      ? [{ kind: 'paragraph', className: 'vacio', content: [t.allCommitted] }]
      : [
          text(q?.required != null ? t.intro : t.introNoQuantity),
          { kind: 'html', html: pledgeForm(state) },
          { kind: 'twin', content: [t.private] },
          formTwin(state, t),
        ];
  return {
    path: localized(pledgePath(item.id), lang),
    lang,
    title: t.pageTitle,
    summary: fill(t.pageSummary, { title: item.title }),
    status: state.status,
    blocks: [
      { kind: 'html', html: errorSummary(formStrings(lang), state.errors, pledgeLabels(t), state.formError) },
      text(...fillInline(t.pageIntro, 'link', [link(localized(recordPath(item.id), lang), item.title)])),
      ...(figures.length > 0 ? [{ kind: 'fields', items: figures } as Block] : []),
      ...pledgersLine(item, lang),
      ...form,
      manageLine(lang, t),
      text(link(localized(recordPath(item.id), lang), t.backToRecord)),
    ],
  };
}

/** What was pledged, in words: "20 bidones", or "help" for a request without a quantity. */
function pledgedText(view: PledgeView, lang: Lang, t: PledgeStrings): string {
  return view.quantity === null ? t.something : formatAmount(view.quantity, view.unit, lang);
}

export function statusLabel(status: PledgeStatus, t: PledgeStrings): string {
  return t[`status_${status}`];
}

/** The pledge's facts: the request (a link), what, its status and its dates while open. */
function pledgeFields(view: PledgeView, lang: Lang, t: PledgeStrings): Block {
  const items: [string, Inline[]][] = [
    [t.fRequest, [link(localized(recordPath(view.helpId), lang), view.helpTitle)]],
    [t.fQuantity, [pledgedText(view, lang, t)]],
    [t.fStatus, [statusLabel(view.status, t)]],
  ];
  if (view.deliveredQuantity !== null)
    items.push([t.fDelivered, [formatAmount(view.deliveredQuantity, view.unit, lang)]]);
  if (view.status === 'open') {
    items.push([t.fDeliverBy, [when(view.deliverBy, lang)]], [t.fExpires, [when(view.expiresAt, lang)]]);
  }
  return { kind: 'fields', items };
}

/** The answer to a pledge: the code, large, once; what was pledged and by when; how to confirm or cancel. */
export function pledgeDonePage(lang: Lang, result: PledgeResult): SiteDocument {
  const t = pledgeStrings(lang);
  const manage = link(localized(MANAGE_PATH, lang), t.manageLink);
  return {
    path: localized(pledgePath(result.pledge.helpId), lang),
    lang,
    title: t.doneTitle,
    summary: t.doneSummary,
    styles: CODE_STYLES,
    noStore: true,
    blocks: [
      {
        kind: 'section',
        className: 'card recibo',
        blocks: [text({ b: t.done }), pledgeFields(result.pledge, lang, t)],
      },
      {
        kind: 'section',
        title: t.codeTitle,
        className: 'card codigo',
        blocks: [
          { kind: 'paragraph', className: 'codigo-valor', content: [{ code: result.code }] },
          text(fill(t.codeHelp, { path: MANAGE_PATH })),
          // The pledge's page at once, the code carried in the POST's body (never in an address).
          {
            kind: 'html',
            html: html`<form method="post" action="${localized(MANAGE_PATH, lang)}" class="botones"><input type="hidden" name="${CODE_FIELD}" value="${result.code}"><button type="submit">${t.openMine}</button></form>`,
          },
          text(manage),
        ],
      },
      { kind: 'heading', level: 2, text: t.nextTitle },
      {
        kind: 'list',
        ordered: true,
        items: [[t.next1], [t.next2], [t.next3]],
      },
      text(link(localized(recordPath(result.pledge.helpId), lang), t.backToRecord)),
    ],
  };
}

// ---- /compromisos ----

export interface ManageFormState {
  lang: Lang;
  /** Per client address and minute, for the twin. */
  lookupsPerMinute: number;
  /** 'not_found' for an unknown code and a malformed one alike; 'rate_limited' after too many attempts. */
  problem?: LookupProblem;
}

function codeForm(state: ManageFormState, t: PledgeStrings): Html {
  const errors: Errors = state.problem === 'not_found' ? { [CODE_FIELD]: t.notFoundHelp } : {};
  // Nothing typed is shown again: the answer is the same whatever was sent.
  return html`<form class="envio" method="post" action="${localized(MANAGE_PATH, state.lang)}">
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

function manageTwin(state: ManageFormState, t: PledgeStrings): Block {
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

/** /compromisos: the code, typed. */
export function manageFormPage(state: ManageFormState): SiteDocument {
  const t = pledgeStrings(state.lang);
  const problem = lookupProblem(state.problem, { notFound: t.notFound, rateLimited: t.lookupsLimited });
  return {
    path: localized(MANAGE_PATH, state.lang),
    lang: state.lang,
    title: t.manageTitle,
    summary: t.manageSummary,
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

/** The two actions of an open pledge, each its own form carrying the code as typed in a hidden field. */
function actionForms(
  lang: Lang,
  view: PledgeView,
  code: string,
  errors: Errors,
  typed: Values,
  t: PledgeStrings,
): Html {
  const less =
    view.quantity !== null
      ? input({
          name: 'quantity',
          label: view.unit ? fill(t.deliveredLessUnit, { unit: view.unit }) : t.deliveredLess,
          help: fill(t.deliveredLessHelp, { quantity: formatAmount(view.quantity, view.unit, lang) }),
          errors,
          value: typed.quantity,
          inputmode: 'decimal',
          maxlength: 24,
        })
      : html``;
  return html`<section class="card accion" aria-labelledby="entregar-titulo"><h2 id="entregar-titulo">${t.deliverTitle}</h2>
<p>${t.deliverHelp}</p>
<form class="envio" method="post" action="${localized(DELIVER_PATH, lang)}">
<input type="hidden" name="${CODE_FIELD}" value="${code}">
${less}
<p><button type="submit">${t.deliverButton}</button></p>
</form></section>
<section class="card accion" aria-labelledby="cancelar-titulo"><h2 id="cancelar-titulo">${t.cancelTitle}</h2>
<p>${t.cancelHelp}</p>
<form class="envio" method="post" action="${localized(CANCEL_PATH, lang)}">
<input type="hidden" name="${CODE_FIELD}" value="${code}">
<p><button type="submit" class="secondary">${t.cancelButton}</button></p>
</form></section>`;
}

export interface PledgeViewState {
  lang: Lang;
  view: PledgeView;
  /** The code as typed: carried on in the actions' hidden fields, never shown. */
  code: string;
  errors?: Errors;
  typed?: Values;
  /** A problem of the whole page (the pledge closed meanwhile), shown at the top. */
  formError?: string;
  status?: number;
}

/** /compromisos after a lookup: the pledge and, while it is open, "Ya entregué" and "Cancelar". */
export function pledgeViewPage(state: PledgeViewState): SiteDocument {
  const { lang, view } = state;
  const t = pledgeStrings(lang);
  const errors = state.errors ?? {};
  const summary =
    Object.keys(errors).length > 0 || state.formError
      ? [
          {
            kind: 'html',
            html: errorSummary(
              formStrings(lang),
              errors,
              { quantity: t.fDelivered },
              state.formError ?? t.actionErrors,
            ),
          } as Block,
        ]
      : [];
  return {
    path: localized(MANAGE_PATH, lang),
    lang,
    title: t.pledgeTitle,
    summary: t.pledgeSummary,
    status: state.status,
    noStore: true,
    blocks: [
      ...summary,
      { kind: 'section', className: 'card recibo', blocks: [pledgeFields(view, lang, t)] },
      view.status === 'open'
        ? { kind: 'html', html: actionForms(lang, view, state.code, errors, state.typed ?? {}, t) }
        : text(t.closedNote),
      { kind: 'paragraph', className: 'note', content: [t.codePrivate] },
      text(link(localized(MANAGE_PATH, lang), t.another)),
    ],
  };
}

/** After "Ya entregué" or "Cancelar": what happened, and the pledge as it is now. */
export function pledgeActionPage(lang: Lang, action: 'deliver' | 'cancel', view: PledgeView): SiteDocument {
  const t = pledgeStrings(lang);
  const [title, message] =
    action === 'deliver' ? [t.deliveredTitle, t.deliveredMessage] : [t.cancelledTitle, t.cancelledMessage];
  return {
    path: localized(MANAGE_PATH, lang),
    lang,
    title,
    summary: message,
    noStore: true,
    blocks: [
      { kind: 'section', className: 'card recibo', blocks: [text({ b: message }), pledgeFields(view, lang, t)] },
      text(link(localized(recordPath(view.helpId), lang), t.seeRecord)),
      text(link(localized(MANAGE_PATH, lang), t.another)),
    ],
  };
}
