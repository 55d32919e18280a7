// /estado: a form (no JavaScript needed) that asks for a receipt code, and the answer: the submission's state, its
// kind and its emergency's name, and the record's link once published. Never the code itself, nor the content.
import { groupedPhone, whatsappUrl } from '../../../domain/phone.ts';
import type { ReceiptStatus, RequesterPledge } from '../../../queries/receipt-status.ts';
import { type Html, html } from '../../html.ts';
import { catalogue, strings } from '../catalogue.ts';
import { type Block, type Inline, type Lang, link, localized, type SiteDocument, text } from '../document.ts';
import { fill, formatAmount } from '../format.ts';
import { plural } from '../plural.ts';
import { escapeMarkdown } from '../render-markdown.ts';
import { CODE_PATH } from '../site-paths.ts';
import {
  CODE_FIELD,
  type Errors,
  type LookupProblem,
  lookupProblem,
  receiptCodeInput,
  WITHDRAW_PATH,
} from './form-controls.ts';

export { CODE_FIELD };

import { formatDate, recordPath } from './record-page.ts';

export const STATUS_PATH = '/estado';

export type StatusStrings = ReturnType<typeof statusStrings>;
export const statusStrings = (lang: Lang) => strings(catalogue.status, lang);

export interface StatusFormState {
  lang: Lang;
  /** Per client address and minute, for the twin. */
  lookupsPerMinute: number;
  /** 'not_found' for an unknown code and a malformed one alike; 'rate_limited' after too many lookups. */
  problem?: LookupProblem;
}

/** The way to withdraw: the same code, with the WhatsApp number, at /retirar. */
function withdrawLine(lang: Lang, t: StatusStrings): Block {
  return text(t.withdraw, link(localized(WITHDRAW_PATH, lang), t.withdrawLink));
}

/**
 * "Retirar esta solicitud" on the answer: a form that carries the code to /retirar in its body (never in an address),
 * so there only the WhatsApp number is asked. It looks unlike the page's other buttons: it takes the submission away.
 */
function withdrawForm(lang: Lang, code: string, status: ReceiptStatus, t: StatusStrings): Block {
  return {
    kind: 'section',
    title: t.withdrawTitle,
    className: 'card',
    id: 'retirar',
    blocks: [
      text(t.withdrawHelp),
      {
        kind: 'html',
        html: html`<form method="post" action="${localized(WITHDRAW_PATH, lang)}">
<input type="hidden" name="${CODE_FIELD}" value="${code}">
<button type="submit" class="peligro">${status.type === 'request' ? t.withdrawRequest : t.withdrawOffer}</button>
</form>`,
      },
    ],
  };
}

/** What the requester's last action did: done (a success notice), or why nothing changed. */
export interface StatusNotice {
  message: string;
  ok: boolean;
}

/** A success is a notice one sees at once (green, announced to screen readers); anything else a plain note. */
function noticeBlock(notice: StatusNotice): Block {
  if (!notice.ok) return { kind: 'paragraph', className: 'note', content: [notice.message] };
  return { kind: 'html', html: html`<div class="aviso-ok" role="status"><p>${notice.message}</p></div>` };
}

function form(state: StatusFormState, t: StatusStrings): Html {
  const errors: Errors = state.problem === 'not_found' ? { [CODE_FIELD]: t.notFoundHelp } : {};
  // Nothing typed is shown again: the answer is the same whatever was sent.
  return html`<form class="envio" method="post" action="${localized(STATUS_PATH, state.lang)}">
${receiptCodeInput(state.lang, errors)}
<p><button type="submit">${t.send}</button></p>
</form>`;
}

function twin(state: StatusFormState, t: StatusStrings): Block {
  return {
    kind: 'markdown',
    text: [
      `## ${escapeMarkdown(t.twinTitle)}`,
      '',
      t.twinForm,
      '',
      t.twinAnswer,
      '',
      plural(state.lookupsPerMinute, t.twinLimit, state.lang),
      '',
      t.twinApi,
    ].join('\n'),
  };
}

export function statusFormPage(state: StatusFormState): SiteDocument {
  const t = statusStrings(state.lang);
  const problem = lookupProblem(state.problem, t);
  return {
    path: localized(STATUS_PATH, state.lang),
    lang: state.lang,
    title: t.title,
    summary: t.summary,
    status: problem.status,
    blocks: [
      ...problem.blocks,
      text(t.intro),
      { kind: 'html', html: form(state, t) },
      { kind: 'paragraph', className: 'note', content: [t.private] },
      withdrawLine(state.lang, t),
      twin(state, t),
    ],
  };
}

function stateText(status: ReceiptStatus, t: StatusStrings): [long: string, short: string] {
  if (status.state === 'pending_review') return [t.statePending, t.statePendingShort];
  if (status.state === 'not_published') return [t.stateNotPublished, t.stateNotPublishedShort];
  return [status.revisionPending ? t.stateRevision : t.statePublished, t.statePublishedShort];
}

export const STATUS_PLEDGE_PATH = '/estado/compromisos';
export const STATUS_CONFIRM_PATH = '/estado/vigencia';
export const OUTCOME_FIELD = 'resultado';
export const PLEDGE_FIELD = 'compromiso';
export const PLEDGE_ACTION_FIELD = 'accion';

/** "Ana: 20 bidones, para el 12 de mayo" */
function pledgeLine(pledge: RequesterPledge, lang: Lang, t: StatusStrings): string {
  const amount = pledge.deliveredQuantity ?? pledge.quantity;
  const what =
    amount === null
      ? t.pledgeSomething
      : pledge.unconverted
        ? fill(t.pledgeUnconverted, { amount: formatAmount(amount, pledge.unit, lang) })
        : formatAmount(amount, pledge.unit, lang);
  return fill(t.pledgeLine, { name: pledge.name, what, date: formatDate(pledge.deliverBy, lang, false) });
}

/** One form per action: the receipt code goes on in a hidden field, never in the address. */
function pledgeAction(lang: Lang, code: string, pledge: RequesterPledge, action: 'deliver' | 'dispute', label: string) {
  return html`<form method="post" action="${localized(STATUS_PLEDGE_PATH, lang)}">
<input type="hidden" name="${CODE_FIELD}" value="${code}">
<input type="hidden" name="${PLEDGE_FIELD}" value="${pledge.id}">
<input type="hidden" name="${PLEDGE_ACTION_FIELD}" value="${action}">
<button type="submit">${label}</button>
</form>`;
}

/** "¿Sigue vigente?": the state with its date, and one button per answer; the code goes on in a hidden field. */
function confirmationSection(lang: Lang, code: string, status: ReceiptStatus, t: StatusStrings): Block[] {
  const confirmation = status.confirmation;
  if (!confirmation) return [];
  const date = confirmation.confirmedAt ? formatDate(confirmation.confirmedAt, lang, false) : '';
  // "Sigue vigente" is the page's main button; the answers that close the request look secondary.
  const button = (
    outcome: string,
    label: string,
  ) => html`<form method="post" action="${localized(STATUS_CONFIRM_PATH, lang)}">
<input type="hidden" name="${CODE_FIELD}" value="${code}">
<input type="hidden" name="${OUTCOME_FIELD}" value="${outcome}">
<button type="submit"${outcome === 'current' ? html`` : html` class="secondary"`}>${label}</button>
</form>`;
  return [
    {
      kind: 'section',
      title: t.currentTitle,
      className: 'card',
      id: 'vigencia',
      blocks: [
        text(fill(t[`current_${confirmation.state}`], { date })),
        {
          kind: 'html',
          html: html`${button('current', t.stillCurrent)}${
            status.type === 'request' ? button('helped', t.alreadyHelped) : html``
          }${button('not_needed', status.type === 'request' ? t.notNeeded : t.offerNotNeeded)}`,
        },
      ],
    },
  ];
}

/** Who pledged to the requester's published request, with their WhatsApp and what the requester can say. */
function pledgesSection(lang: Lang, code: string, pledges: RequesterPledge[], t: StatusStrings): Block[] {
  if (pledges.length === 0) return [];
  const items = pledges.map((pledge) => {
    const parts = [
      html`<p><b>${pledgeLine(pledge, lang, t)}</b> · ${t[`pledge_${pledge.status}`]}</p>`,
      pledge.whatsapp
        ? html`<p><a href="${whatsappUrl(pledge.whatsapp)}">${t.pledgeWhatsapp}</a> ${groupedPhone(pledge.whatsapp)}</p>`
        : html``,
      pledge.status === 'open' || pledge.status === 'reported'
        ? pledgeAction(lang, code, pledge, 'deliver', t.pledgeArrived)
        : html``,
      pledge.status === 'delivered' || pledge.status === 'reported'
        ? pledgeAction(lang, code, pledge, 'dispute', t.pledgeNotArrived)
        : html``,
    ];
    return html`<li>${parts}</li>`;
  });
  return [
    {
      kind: 'section',
      title: t.pledgesTitle,
      className: 'card',
      id: 'compromisos',
      blocks: [text(t.pledgesIntro), { kind: 'html', html: html`<ul class="compromisos">${items}</ul>` }],
    },
  ];
}

/**
 * The answer: the state, the kind and the emergency's name, the link once published and, for a published request,
 * who pledged to bring what (the code proves the requester). `code` is the code as typed, carried on only in the
 * forms' hidden fields; `notice` says what the requester's last action did.
 */
export function statusResultPage(
  lang: Lang,
  status: ReceiptStatus,
  code = '',
  notice: StatusNotice | null = null,
): SiteDocument {
  const t = statusStrings(lang);
  const [long, short] = stateText(status, t);
  const fields: [string, Inline[]][] = [
    [t.state, [short]],
    [t.type, [status.type === 'request' ? t.typeRequest : t.typeOffer]],
    [t.emergency, [status.emergencyName]],
  ];
  return {
    path: localized(STATUS_PATH, lang),
    lang,
    title: t.resultTitle,
    summary: t.resultSummary,
    // Its forms carry the code (to withdraw, at least), and pledgers' contacts may be on it: no cache keeps it.
    noStore: true,
    blocks: [
      ...(notice ? [noticeBlock(notice)] : []),
      {
        kind: 'section',
        className: 'card recibo',
        blocks: [
          text({ b: long }),
          { kind: 'fields', items: fields },
          ...(status.recordId ? [text(link(localized(recordPath(status.recordId), lang), t.seeRecord))] : []),
        ],
      },
      ...confirmationSection(lang, code, status, t),
      ...pledgesSection(lang, code, status.pledges, t),
      { kind: 'paragraph', className: 'note', content: [t.private] },
      withdrawForm(lang, code, status, t),
      text(link(localized(CODE_PATH, lang), t.another)),
    ],
  };
}
