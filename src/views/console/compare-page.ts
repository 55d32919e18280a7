// Two records side by side, differences marked, to decide whether one duplicates the other.
import type { HelpRow } from '../../queries/record-in-emergency.ts';
import { type Html, html } from '../html.ts';
import { joinSection } from './join-section.ts';
import { columnLabels, reviewStatusLabels } from './labels.ts';
import { type ConsoleFrame, consolePage, panelPaths } from './layout.ts';
import { contentColumns, shown } from './record-fields.ts';

export function comparePage(frame: ConsoleFrame, a: HelpRow, b: HelpRow): Html {
  const slug = frame.emergency?.slug as string;
  const columns = [...new Set([...contentColumns(a.type), ...contentColumns(b.type)])];
  const link = (row: HelpRow) =>
    row.review_status === 'withdrawn' || (row.review_status === 'approved' && row.pending_revision === null)
      ? panelPaths.record(slug, row.id)
      : panelPaths.review(slug, row.id);
  return consolePage(
    { ...frame, title: 'Comparar registros', current: 'inbox' },
    html`<table class="compare"><thead><tr><th scope="col">Campo</th>
<th scope="col"><a href="${link(a)}">${a.title}</a><br><small>${reviewStatusLabels[a.review_status]}</small></th>
<th scope="col"><a href="${link(b)}">${b.title}</a><br><small>${reviewStatusLabels[b.review_status]}</small></th></tr></thead>
<tbody>${columns.map((column) => {
      const left = shown(column, a[column]);
      const right = shown(column, b[column]);
      return html`<tr${left === right ? '' : html` class="differs"`}><th scope="row">${columnLabels[column]}</th><td>${left}</td><td>${right}</td></tr>`;
    })}
<tr><th scope="row">Recibida</th><td>${a.submitted_at}</td><td>${b.submitted_at}</td></tr></tbody></table>
<p>Si son el mismo caso y uno ya está publicado, una el otro a él: no se publica ni cuenta como rechazado. Si ninguno está publicado, apruebe uno primero.</p>
${joinSection(slug, frame.user?.csrf ?? '', a, [b])}${joinSection(slug, frame.user?.csrf ?? '', b, [a])}`,
  );
}
