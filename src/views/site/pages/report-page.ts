// /ayudas/:id/reportar: a form (no JavaScript needed) to report a published record to its emergency's leaders,
// and the thank-you page after it; the twin gives the same report through the API.
import { REPORT_NOTE_MAX, type ReportReason, reportReasons } from '../../../domain/report-reasons.ts';
import { html } from '../../html.ts';
import { catalogue, strings } from '../catalogue.ts';
import { type Block, type Lang, link, localized, type SiteDocument, text } from '../document.ts';
import { escapeMarkdown } from '../render-markdown.ts';
import {
  curlPostJson,
  type Errors,
  errorSummary,
  formStrings,
  radios,
  textarea,
  type Values,
} from './form-controls.ts';
import { fill, recordPath } from './record-page.ts';

export type ReportStrings = ReturnType<typeof reportStrings>;
export const reportStrings = (lang: Lang) => strings(catalogue.report, lang);

export const reportPath = (id: string) => `${recordPath(id)}/reportar`;
export const reportThanksPath = (id: string) => `${recordPath(id)}/reporte-enviado`;

/** Only what the page shows of the record: its id and title. */
export interface ReportedRecord {
  id: string;
  title: string;
}

export interface ReportFormState {
  lang: Lang;
  record: ReportedRecord;
  values: Values;
  errors: Errors;
  /** A problem of the whole form (too many sends), shown in the summary. */
  formError?: string;
  baseUrl: string;
  status?: number;
}

export function reasonLabel(reason: ReportReason, t: ReportStrings): string {
  return t[`reason_${reason}`];
}

/** Field -> label, for the error summary. */
export function reportLabels(t: ReportStrings): Record<string, string> {
  return { reason: t.reason, note: t.note };
}

function form(state: ReportFormState, t: ReportStrings) {
  const { values, errors, lang, record } = state;
  return html`<form class="envio" method="post" action="${localized(reportPath(record.id), lang)}">
${radios({
  name: 'reason',
  label: t.reason,
  required: true,
  errors,
  value: values.reason ?? '',
  options: reportReasons.map((reason) => ({ value: reason, label: reasonLabel(reason, t) })),
})}${textarea({
  name: 'note',
  label: t.note,
  help: t.noteHelp,
  errors,
  value: values.note,
  maxlength: REPORT_NOTE_MAX,
})}
<p><button type="submit">${t.send}</button></p>
</form>`;
}

function twin(state: ReportFormState, t: ReportStrings): Block[] {
  const url = `${state.baseUrl}/api/public/v1/help/${state.record.id}/reports`;
  const body = JSON.stringify({ reason: 'scam', note: 'Pide consignar a un Nequi que no es de la familia.' });
  return [
    {
      kind: 'markdown',
      text: [
        `## ${escapeMarkdown(t.twinApiTitle)}`,
        '',
        t.twinApi,
        '',
        ...curlPostJson(url, body),
        '',
        t.twinReasons,
        '',
        ...reportReasons.map((reason) => `- \`${reason}\`: ${escapeMarkdown(reasonLabel(reason, t))}`),
        '',
        t.twinMcp,
      ].join('\n'),
    },
  ];
}

export function reportFormPage(state: ReportFormState): SiteDocument {
  const t = reportStrings(state.lang);
  const { record, lang } = state;
  return {
    path: localized(reportPath(record.id), lang),
    lang,
    title: t.title,
    summary: fill(t.summary, { title: record.title }),
    status: state.status,
    blocks: [
      { kind: 'html', html: errorSummary(formStrings(lang), state.errors, reportLabels(t), state.formError) },
      text(fill(t.intro, { title: record.title })),
      { kind: 'paragraph', className: 'note', content: [t.scamAdvice] },
      { kind: 'html', html: form(state, t) },
      ...twin(state, t),
      text(link(localized(recordPath(record.id), lang), t.cancel)),
    ],
  };
}

export function reportThanksPage(record: ReportedRecord, lang: Lang): SiteDocument {
  const t = reportStrings(lang);
  return {
    path: localized(reportThanksPath(record.id), lang),
    lang,
    title: t.thanksTitle,
    summary: t.thanksSummary,
    blocks: [
      { kind: 'section', className: 'card recibo', blocks: [text({ b: t.thanks })] },
      text(t.thanksRepeat),
      { kind: 'paragraph', className: 'note', content: [t.scamAdvice] },
      text(link(localized(recordPath(record.id), lang), t.cancel)),
    ],
  };
}
