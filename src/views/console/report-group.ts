// One reported record for its leaders: who reported (how many distinct people), why, their notes, and the action
// that marks the reports as reviewed. Shared by the Reportes page and the record's own page.
import { type ReportReason, reportReasons } from '../../domain/report-reasons.ts';
import type { ReportGroup } from '../../queries/report-inbox.ts';
import { type Html, html } from '../html.ts';
import { when } from './controls.ts';
import { csrfField, panelPaths } from './layout.ts';

export const reportReasonLabels: Record<ReportReason, string> = {
  scam: 'Parece una estafa',
  resolved: 'Ya se resolvió',
  wrong_data: 'Datos equivocados',
  other: 'Otro motivo',
};

/** Where the resolve form posts; `volver` says which page to come back to. */
export const resolveReportsPath = (slug: string, id: string) =>
  `${panelPaths.reports(slug)}/${encodeURIComponent(id)}/revisados`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function reportSummary(group: ReportGroup): Html {
  const reasons = reportReasons
    .filter((reason) => group.reasons[reason] > 0)
    .map((reason) => `${reportReasonLabels[reason]}: ${group.reasons[reason]}`)
    .join(' · ');
  return html`<p class="meta"><strong>${plural(group.reporters, 'persona distinta', 'personas distintas')}</strong>${
    group.reporters > 1 ? html` <span class="tag">varias direcciones</span>` : ''
  } · ${plural(group.reports, 'reporte abierto', 'reportes abiertos')} · el último ${when(group.newest)}</p>
<p>${reasons}</p>`;
}

export function reportEntries(group: ReportGroup): Html {
  return html`<ol class="history">${group.entries.map(
    (entry) =>
      html`<li><time datetime="${entry.createdAt}">${when(entry.createdAt)}</time> · ${reportReasonLabels[entry.reason]}${
        entry.note ? html` · «${entry.note}»` : ''
      }</li>`,
  )}</ol>`;
}

export function resolveForm(slug: string, csrf: string, group: ReportGroup, back: 'reportes' | 'registro'): Html {
  return html`<form method="post" action="${resolveReportsPath(slug, group.helpId)}">${csrfField(csrf)}<input type="hidden" name="volver" value="${back}">
<p><button type="submit" class="secondary">Marcar como revisados</button></p></form>`;
}

/** The record page's section: nothing when the record has no open report. */
export function recordReportsSection(slug: string, csrf: string, group: ReportGroup | null): Html {
  if (!group) return html``;
  return html`<section class="card warn" id="reportes"><h2>Reportes del público</h2>
${reportSummary(group)}
${reportEntries(group)}
<p class="note">Los reportes no ocultan nada: revise el registro y cambie su estado si hace falta. Marcarlos como revisados los cierra; un reporte nuevo vuelve a contar.</p>
${resolveForm(slug, csrf, group, 'registro')}</section>`;
}
