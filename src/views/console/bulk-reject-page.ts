// What a bulk rejection did: which submissions were rejected and which were left alone, and why.
import type { RejectManyResult, SkipReason } from '../../commands/reject-many.ts';
import { formatNumber } from '../../domain/number-format.ts';
import { type Html, html } from '../html.ts';
import { type ConsoleFrame, consolePage, panelPaths } from './layout.ts';

const skipLabels: Record<SkipReason, string> = {
  stale_version: 'cambió después de cargar la bandeja: revísela otra vez',
  not_pending: 'ya no estaba pendiente (otra persona la decidió)',
  not_found: 'no existe en esta emergencia',
};

export function bulkRejectPage(frame: ConsoleFrame, result: RejectManyResult, backHref: string): Html {
  const slug = frame.emergency?.slug as string;
  return consolePage(
    { ...frame, title: 'Rechazo de varias publicaciones', current: 'inbox' },
    html`<p class="flash" role="status">${
      result.rejected.length === 1
        ? 'Se rechazó 1 publicación.'
        : `Se rechazaron ${result.rejected.length} publicaciones.`
    } No se mostrarán.</p>
${
  result.rejected.length > 0
    ? html`<section><h2>Rechazadas</h2><ul class="rejected">${result.rejected.map((r) => html`<li>${r.title}</li>`)}</ul></section>`
    : ''
}
${
  result.skipped.length > 0
    ? html`<section class="warn"><h2>Omitidas (${formatNumber(result.skipped.length)})</h2><ul class="skipped">${result.skipped.map(
        (s) =>
          html`<li data-id="${s.id}">${
            s.reason === 'stale_version'
              ? html`<a href="${panelPaths.review(slug, s.id)}">${s.title ?? s.id}</a>`
              : (s.title ?? s.id)
          }: ${skipLabels[s.reason]}</li>`,
      )}</ul></section>`
    : ''
}
<p><a href="${backHref}">Volver a la bandeja</a></p>`,
  );
}
