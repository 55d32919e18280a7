// /retirar: a form (no JavaScript needed) that takes the receipt code and the WhatsApp number given when sending,
// a confirmation page that names the submission and says what withdrawing does, and the answer once it is done.
// The code and the number travel only in POST bodies: the confirmation carries them on as hidden fields.
import type { WithdrawableSummary } from '../../../commands/personal-data/types.ts';
import { type Html, html } from '../../html.ts';
import { catalogue, strings } from '../catalogue.ts';
import { type Block, type Inline, type Lang, link, localized, type SiteDocument, text } from '../document.ts';
import { plural } from '../plural.ts';
import { escapeMarkdown } from '../render-markdown.ts';
import {
  CODE_FIELD,
  type Errors,
  input,
  type LookupProblem,
  lookupProblem,
  receiptCodeInput,
  WITHDRAW_PATH,
} from './form-controls.ts';
import { fillInline } from './info-common.ts';

export { CODE_FIELD, WITHDRAW_PATH };
/** The WhatsApp number, as the person types it. */
export const WHATSAPP_FIELD = 'whatsapp';
/** Present (=1) on the confirmation's form only: the second step withdraws. */
export const CONFIRM_FIELD = 'confirmar';

export type WithdrawStrings = ReturnType<typeof withdrawStrings>;
export const withdrawStrings = (lang: Lang) => strings(catalogue.withdraw, lang);

export interface WithdrawFormState {
  lang: Lang;
  /** Per client address and minute, for the twin. */
  attemptsPerMinute: number;
  /** 'not_found' for a wrong code and a wrong number alike; 'rate_limited' after too many attempts. */
  problem?: LookupProblem;
  /**
   * The code as typed, kept in its field: after a wrong number (which of the two was wrong is still never told), or
   * carried here from /estado's "Retirar" in a POST body, so only the number is asked. Never from an address.
   */
  code?: string;
}

function form(state: WithdrawFormState, t: WithdrawStrings): Html {
  // One message under the code, none under the number: which of the two was wrong is never told.
  const errors: Errors = state.problem === 'not_found' ? { [CODE_FIELD]: t.notFoundHelp } : {};
  // The number is never shown again; the code stays in its field whether the code or the number was wrong.
  return html`<form class="envio" method="post" action="${localized(WITHDRAW_PATH, state.lang)}">
${receiptCodeInput(state.lang, errors, state.code)}${input({
  name: WHATSAPP_FIELD,
  label: t.whatsapp,
  help: t.whatsappHelp,
  required: true,
  errors,
  type: 'tel',
  inputmode: 'tel',
  maxlength: 32,
  autocomplete: 'off',
})}
<p><button type="submit">${t.next}</button></p>
</form>`;
}

function twin(state: WithdrawFormState, t: WithdrawStrings): Block {
  return {
    kind: 'markdown',
    text: [
      `## ${escapeMarkdown(t.twinTitle)}`,
      '',
      t.twinForm,
      '',
      t.twinSteps,
      '',
      plural(state.attemptsPerMinute, t.twinLimit, state.lang),
      '',
      t.twinApi,
    ].join('\n'),
  };
}

export function withdrawFormPage(state: WithdrawFormState): SiteDocument {
  const t = withdrawStrings(state.lang);
  const problem = lookupProblem(state.problem, t);
  return {
    path: localized(WITHDRAW_PATH, state.lang),
    lang: state.lang,
    title: t.title,
    summary: t.summary,
    status: problem.status,
    noStore: true,
    blocks: [
      ...problem.blocks,
      text(state.code && !state.problem ? t.introWithCode : t.intro),
      { kind: 'html', html: form(state, t) },
      text(...fillInline(t.lostCode, 'link', [link(localized('/privacidad', state.lang), t.privacyLink)])),
      { kind: 'paragraph', className: 'note', content: [t.private] },
      twin(state, t),
    ],
  };
}

function summaryFields(summary: WithdrawableSummary, t: WithdrawStrings): Block {
  const fields: [string, Inline[]][] = [
    [t.fieldTitle, [summary.title]],
    [t.fieldType, [summary.type === 'request' ? t.typeRequest : t.typeOffer]],
    [t.fieldEmergency, [summary.emergencyName]],
    [t.fieldPublic, [summary.published ? t.publicYes : t.publicNo]],
  ];
  return { kind: 'fields', items: fields };
}

/** The second step's form: the same code and number, as typed, carried on in hidden fields. */
function confirmForm(lang: Lang, code: string, whatsapp: string, t: WithdrawStrings): Html {
  return html`<form class="envio" method="post" action="${localized(WITHDRAW_PATH, lang)}">
<input type="hidden" name="${CODE_FIELD}" value="${code}">
<input type="hidden" name="${WHATSAPP_FIELD}" value="${whatsapp}">
<input type="hidden" name="${CONFIRM_FIELD}" value="1">
<p><button type="submit">${t.confirm}</button></p>
</form>`;
}

/** Which submission the code and number name, what withdrawing does, and the button that does it. */
export function withdrawConfirmPage(
  lang: Lang,
  summary: WithdrawableSummary,
  typed: { code: string; whatsapp: string },
): SiteDocument {
  const t = withdrawStrings(lang);
  return {
    path: localized(WITHDRAW_PATH, lang),
    lang,
    title: t.confirmTitle,
    summary: t.confirmSummary,
    noStore: true,
    blocks: [
      { kind: 'section', className: 'card recibo', blocks: [text(t.confirmIntro), summaryFields(summary, t)] },
      { kind: 'heading', level: 2, text: t.whatHappensTitle },
      { kind: 'list', items: [[{ b: t.happens1 }], [{ b: t.happens2 }], [{ b: t.happens3 }]] },
      { kind: 'html', html: confirmForm(lang, typed.code, typed.whatsapp, t) },
      text(link(localized('/', lang), t.cancel)),
    ],
  };
}

/** The answer once withdrawn: nothing of the submission beyond its kind. */
export function withdrawDonePage(lang: Lang, summary: WithdrawableSummary): SiteDocument {
  const t = withdrawStrings(lang);
  return {
    path: localized(WITHDRAW_PATH, lang),
    lang,
    title: t.doneTitle,
    summary: t.doneSummary,
    noStore: true,
    blocks: [
      {
        kind: 'section',
        className: 'card recibo',
        blocks: [
          text({ b: t.done }),
          { kind: 'fields', items: [[t.fieldType, [summary.type === 'request' ? t.typeRequest : t.typeOffer]]] },
        ],
      },
      text(t.doneCode),
      text(link(localized('/', lang), t.home)),
    ],
  };
}
