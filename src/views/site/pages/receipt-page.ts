// /recibido/:id: proof that a submission arrived and where it stands; never its contact data or document. Right
// after sending it leads with the receipt code, large, the sentence to keep it and a WhatsApp link to keep it; the
// submission's number is a detail line lower down, and every receipt links /codigo, where any code opens its page.
import { encodeQueryValue } from '../../../domain/phone.ts';
import type { SubmissionReceipt } from '../../../queries/receipt.ts';
import { catalogue, strings } from '../catalogue.ts';
import { type Block, type Inline, type Lang, link, localized, type SiteDocument, text } from '../document.ts';
import { fill, formatAmount } from '../format.ts';
import { CODE_PATH } from '../site-paths.ts';
import { WITHDRAW_PATH } from './form-controls.ts';
import { OFFER_PATH } from './offer-form-page.ts';
import { type ProofNotice, proofNoticeText, proofSection } from './receipt-proof.ts';
import { REQUEST_PATH } from './request-form-page.ts';
import { STATUS_PATH, statusStrings } from './status-page.ts';

/** The code's own look: large, spaced, easy to read aloud (assets/codigo.css). */
const CODE_STYLES = ['/static/codigo.css'];

/** Only what the receipt may show, chosen field by field by the query. */
export type Receipt = SubmissionReceipt;

export const receiptPath = (id: string, lang: Lang) => localized(`/recibido/${id}`, lang);

/** A date-time in Colombia's time, the way people there read it. */
function when(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'es-CO', {
    timeZone: 'America/Bogota',
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date(iso));
}

const withLang = localized;

/** A wa.me link with no number: WhatsApp asks whom to send it to (oneself, to keep it). */
function shareCodeUrl(code: string, statusUrl: string, lang: Lang): string {
  const message = fill(statusStrings(lang).shareMessage, { code, url: statusUrl });
  return `https://wa.me/?text=${encodeQueryValue(message)}`;
}

/** The code, large, what it is for, and the link to keep it. */
function codeBlock(code: string, receipt: Receipt, lang: Lang): Block {
  const t = statusStrings(lang);
  const forms = strings(catalogue.forms, lang);
  const statusUrl = `${receipt.baseUrl}${withLang(STATUS_PATH, lang)}`;
  return {
    kind: 'section',
    title: t.receiptCode,
    className: 'card codigo',
    blocks: [
      { kind: 'paragraph', className: 'codigo-valor', content: [{ code }] },
      text(fill(t.receiptCodeHelp, { path: STATUS_PATH })),
      { kind: 'paragraph', className: 'compartir', content: [link(shareCodeUrl(code, statusUrl, lang), t.share)] },
      text(link(withLang(STATUS_PATH, lang), t.checkLink)),
      text(forms.receiptWithdraw, link(withLang(WITHDRAW_PATH, lang), forms.receiptWithdrawLink)),
    ],
  };
}

/** Every receipt says where any code opens what it is for: /codigo. */
function codeDoor(lang: Lang): Block {
  const t = statusStrings(lang);
  return text(t.receiptCodeDoor, link(withLang(CODE_PATH, lang), t.receiptCodeDoorLink));
}

/** The submission's 36-character number: a detail for the team, not something to keep; small, near the end. */
function detailLine(id: string, lang: Lang): Block {
  const t = strings(catalogue.forms, lang);
  return { kind: 'paragraph', className: 'note', content: [`${t.receiptId}: `, { code: id }] };
}

/**
 * The receipt; `notice` is what a POST of its code form just did (a wrong code, the cap), said in the proof's section
 * with the status it answers with.
 */
export function receiptPage(lang: Lang, id: string, receipt: Receipt | null, notice?: ProofNotice): SiteDocument {
  const t = strings(catalogue.forms, lang);
  if (!receipt) {
    return {
      path: receiptPath(id, lang),
      lang,
      title: t.receiptNotFoundTitle,
      summary: t.receiptNotFound,
      status: 404,
      blocks: [
        text(t.receiptNotFound),
        text(
          link(withLang(REQUEST_PATH, lang), t.backToRequest),
          ' · ',
          link(withLang(OFFER_PATH, lang), t.backToOffer),
        ),
      ],
    };
  }
  if (receipt.reviewStatus === 'withdrawn') {
    // Withdrawn by the person who sent it: that fact alone, nothing of what it said.
    return {
      path: receiptPath(receipt.id, lang),
      lang,
      title: t.receiptWithdrawnTitle,
      summary: t.receiptWithdrawnSummary,
      blocks: [
        { kind: 'section', className: 'card recibo', blocks: [text({ b: t.receiptWithdrawn })] },
        codeDoor(lang),
        text(link(withLang('/', lang), t.home)),
      ],
    };
  }
  const rejected = receipt.reviewStatus === 'rejected';
  const state: Block[] =
    receipt.reviewStatus === 'pending_review'
      ? [text({ b: t.receiptPending })]
      : rejected
        ? [text({ b: t.receiptRejected })]
        : receipt.joinedTo !== null
          ? [
              text({ b: t.receiptJoined }),
              text(link(withLang(`/ayudas/${receipt.joinedTo}`, lang), t.receiptSeeJoined)),
            ]
          : [
              text({ b: receipt.revisionPending ? t.receiptRevision : t.receiptApproved }),
              text(link(withLang(`/ayudas/${receipt.id}`, lang), t.receiptSeeRecord)),
            ];
  // A rejected submission is never shown (privacy page): its kind only (its number is on the detail line below).
  const fields: [string, Inline[]][] = [
    [t.receiptType, [receipt.type === 'request' ? t.typeRequest : t.typeOffer]],
    ...(rejected
      ? []
      : ([
          [t.title, [receipt.title]],
          ...(receipt.quantity
            ? [[t.receiptQuantity, [formatAmount(receipt.quantity.required, receipt.quantity.unit, lang)]]]
            : []),
          [t.receiptEmergency, [receipt.emergencyName]],
        ] as [string, Inline[]][])),
    [t.receiptReceived, [when(receipt.submittedAt, lang)]],
    // While it waits for review: what its approval will publish of the place, and what never.
    ...(receipt.reviewStatus === 'pending_review'
      ? ([
          [t.receiptPublicPlace, [receipt.place[lang].shown ?? t.receiptNoPlace]],
          ...(receipt.place[lang].hidden ? [[t.receiptNeverPublic, [receipt.place[lang].hidden]]] : []),
        ] as [string, Inline[]][])
      : []),
  ];
  const again =
    receipt.type === 'request'
      ? link(withLang(REQUEST_PATH, lang), t.anotherRequest)
      : link(withLang(OFFER_PATH, lang), t.anotherOffer);
  return {
    path: receiptPath(receipt.id, lang),
    lang,
    title: t.receiptTitle,
    summary: t.receiptSummary,
    ...(receipt.receiptCode ? { styles: CODE_STYLES, noStore: true } : {}),
    // Where proving the number stands changes with every guess: no cache may keep it.
    ...(receipt.proof ? { noStore: true } : {}),
    ...(notice ? { status: proofNoticeText(notice, lang).status } : {}),
    blocks: [
      // The code first, with the sentence to keep it: it is what the person needs later, not the number below.
      ...(receipt.receiptCode ? [codeBlock(receipt.receiptCode, receipt, lang)] : []),
      { kind: 'section', className: 'card recibo', blocks: [...state, { kind: 'fields', items: fields }] },
      ...(receipt.proof ? [proofSection(receipt.id, receipt.proof, lang, notice)] : []),
      ...(receipt.reviewStatus !== 'pending_review' && !receipt.revisionPending
        ? []
        : [
            { kind: 'heading', level: 2, text: t.nextTitle } as Block,
            { kind: 'list', ordered: true, items: [[t.next1], [t.next2], [t.next3]] } as Block,
          ]),
      ...(receipt.type === 'request' && !rejected ? [text({ b: t.emergencyCall })] : []),
      text(t.receiptPrivate),
      codeDoor(lang),
      detailLine(receipt.id, lang),
      // Two links joined by a dot are controls, not a sentence: each as tall as a thumb (sitio.css .enlace).
      { kind: 'paragraph', className: 'enlace', content: [again, ' · ', link(withLang('/', lang), t.home)] },
    ],
  };
}
