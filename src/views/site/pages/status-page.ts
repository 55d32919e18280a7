// /estado: a form (no JavaScript needed) that asks for a receipt code, and the answer: the submission's state, its
// kind and its emergency's name, and the record's link once published. Never the code itself, nor the content.
import type { ReceiptStatus } from '../../../queries/receipt-status.ts';
import { type Html, html } from '../../html.ts';
import { catalogue, strings } from '../catalogue.ts';
import { type Block, type Inline, type Lang, link, localized, type SiteDocument, text } from '../document.ts';
import { plural } from '../plural.ts';
import { escapeMarkdown } from '../render-markdown.ts';
import {
  CODE_FIELD,
  type Errors,
  type LookupProblem,
  lookupProblem,
  receiptCodeInput,
  WITHDRAW_PATH,
} from './form-controls.ts';

export { CODE_FIELD };

import { recordPath } from './record-page.ts';

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

/** The answer: only the state, the kind and the emergency's name, and the link once published. */
export function statusResultPage(lang: Lang, status: ReceiptStatus): SiteDocument {
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
    blocks: [
      {
        kind: 'section',
        className: 'card recibo',
        blocks: [
          text({ b: long }),
          { kind: 'fields', items: fields },
          ...(status.recordId ? [text(link(localized(recordPath(status.recordId), lang), t.seeRecord))] : []),
        ],
      },
      { kind: 'paragraph', className: 'note', content: [t.private] },
      withdrawLine(lang, t),
      text(link(localized(STATUS_PATH, lang), t.another)),
    ],
  };
}
