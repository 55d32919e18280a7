// /recibido/:id: proof that a submission arrived and where it stands; never its contact data or document.
import type { SubmissionReceipt } from '../../../queries/receipt.ts';
import { catalogue, strings } from '../catalogue.ts';
import { type Block, type Inline, type Lang, link, localized, type SiteDocument, text } from '../document.ts';
import { OFFER_PATH } from './offer-form-page.ts';
import { REQUEST_PATH } from './request-form-page.ts';

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

export function receiptPage(lang: Lang, id: string, receipt: Receipt | null): SiteDocument {
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
  const rejected = receipt.reviewStatus === 'rejected';
  const state: Block[] =
    receipt.reviewStatus === 'pending_review'
      ? [text({ b: t.receiptPending })]
      : rejected
        ? [text({ b: t.receiptRejected })]
        : [
            text({ b: receipt.revisionPending ? t.receiptRevision : t.receiptApproved }),
            text(link(withLang(`/ayudas/${receipt.id}`, lang), t.receiptSeeRecord)),
          ];
  // A rejected submission is never shown (privacy page): its number and kind only.
  const fields: [string, Inline[]][] = [
    [t.receiptId, [{ code: receipt.id }]],
    [t.receiptType, [receipt.type === 'request' ? t.typeRequest : t.typeOffer]],
    ...(rejected
      ? []
      : ([
          [t.title, [receipt.title]],
          [t.receiptEmergency, [receipt.emergencyName]],
        ] as [string, Inline[]][])),
    [t.receiptReceived, [when(receipt.submittedAt, lang)]],
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
    blocks: [
      { kind: 'section', className: 'card recibo', blocks: [...state, { kind: 'fields', items: fields }] },
      ...(receipt.reviewStatus !== 'pending_review' && !receipt.revisionPending
        ? []
        : [
            { kind: 'heading', level: 2, text: t.nextTitle } as Block,
            { kind: 'list', ordered: true, items: [[t.next1], [t.next2], [t.next3]] } as Block,
          ]),
      ...(receipt.type === 'request' && !rejected ? [text({ b: t.emergencyCall })] : []),
      text(t.receiptPrivate),
      text(again, ' · ', link(withLang('/', lang), t.home)),
    ],
  };
}
