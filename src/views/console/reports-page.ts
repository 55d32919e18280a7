// Reportes: an emergency's records reported by the public, those reported by the most distinct people first.
import type { ReportGroup } from '../../queries/report-inbox.ts';
import { type Html, html } from '../html.ts';
import { recordStatusLabels, typeLabels } from './labels.ts';
import { type ConsoleFrame, consolePage, panelPaths } from './layout.ts';
import { reportEntries, reportSummary, resolveForm } from './report-group.ts';

export function reportsPage(frame: ConsoleFrame, groups: ReportGroup[]): Html {
  const slug = frame.emergency?.slug as string;
  const csrf = frame.user?.csrf ?? '';
  const title = (g: ReportGroup) =>
    g.reviewStatus === 'approved' || g.reviewStatus === 'withdrawn'
      ? html`<a href="${panelPaths.record(slug, g.helpId)}">${g.title}</a>`
      : g.title;
  const unpublished = (g: ReportGroup) =>
    g.reviewStatus === 'approved' ? '' : g.reviewStatus === 'withdrawn' ? ' · retirada' : ' · ya no está publicado';
  return consolePage(
    { ...frame, title: 'Reportes del público', current: 'reports' },
    html`<p>Registros publicados que alguien reportó (estafa, ya resuelto, datos equivocados u otro motivo). Primero los
que reportaron más personas distintas; una misma dirección cuenta una vez. Nada se oculta solo: revise cada registro.</p>
${
  groups.length === 0
    ? html`<p>No hay reportes abiertos.</p>`
    : html`<ul class="cards">${groups.map(
        (g) => html`<li class="card"><h2>${title(g)}</h2>
<p class="meta">${typeLabels[g.type]} · ${recordStatusLabels[g.status as keyof typeof recordStatusLabels] ?? g.status}${unpublished(g)}</p>
${reportSummary(g)}
${reportEntries(g)}
${resolveForm(slug, csrf, g, 'reportes')}</li>`,
      )}</ul>`
}`,
  );
}
