// Published records of an emergency by status, to keep them current.
import { categoryLabel } from '../../domain/categories.ts';
import { formatNumber } from '../../domain/number-format.ts';
import type { HelpRow } from '../../queries/record-in-emergency.ts';
import { type Html, html } from '../html.ts';
import { when } from './controls.ts';
import { recordStatusLabels, typeLabels, urgencyLabels } from './labels.ts';
import { type ConsoleFrame, consolePage, panelPaths } from './layout.ts';

export interface RecordsView {
  rows: HelpRow[];
  total: number;
  status: string;
  type: string;
  page: number;
  pageSize: number;
}

export function recordsPage(frame: ConsoleFrame, view: RecordsView): Html {
  const slug = frame.emergency?.slug as string;
  const base = panelPaths.records(slug);
  const href = (changes: Record<string, string | number>) => {
    const params = new URLSearchParams({ estado: view.status, tipo: view.type, pagina: String(view.page) });
    for (const [k, v] of Object.entries(changes)) params.set(k, String(v));
    return `${base}?${params}`;
  };
  const filter = (key: 'estado' | 'tipo', value: string, label: string) => {
    const current = (key === 'estado' ? view.status : view.type) === value;
    return html`<a href="${href({ [key]: value, pagina: 1 })}"${current ? html` aria-current="true"` : ''}>${label}</a>`;
  };
  const pages = Math.max(1, Math.ceil(view.total / view.pageSize));
  return consolePage(
    { ...frame, title: 'Registros publicados', current: 'records' },
    html`<nav class="filters" aria-label="Estado">${filter('estado', 'active', 'Activas')} ${filter('estado', 'in_process', 'En proceso')} ${filter('estado', 'completed', 'Completadas')} ${filter('estado', 'all', 'Todas')} ${filter('estado', 'withdrawn', 'Retiradas')}</nav>
<nav class="filters" aria-label="Tipo">${filter('tipo', 'all', 'Todo')} ${filter('tipo', 'request', 'Solicitudes')} ${filter('tipo', 'offer', 'Ofrecimientos')}</nav>
<p>${formatNumber(view.total)} registros.</p>
<ul class="cards">${view.rows.map(
      (row) => html`<li class="card"><h2><a href="${panelPaths.record(slug, row.id)}">${row.title}</a></h2>
<p class="meta">${typeLabels[row.type]} · ${categoryLabel(row.category)} · ${row.review_status === 'withdrawn' ? 'Retirada' : recordStatusLabels[row.status]}${
        row.type === 'request' ? ` · ${urgencyLabels[row.urgency]}` : ''
      }${
        row.quantity_required !== null
          ? ` · cubierto ${row.quantity_covered} de ${row.quantity_required} ${row.unit ?? ''}`
          : ''
      } · actualizado ${when(row.updated_at)}${row.pending_revision ? html` · <strong class="tag">revisión pendiente</strong>` : ''}</p></li>`,
    )}</ul>
${
  pages > 1
    ? html`<nav class="pages" aria-label="Páginas">${view.page > 1 ? html`<a href="${href({ pagina: view.page - 1 })}">Anterior</a>` : ''} Página ${formatNumber(view.page)} de ${formatNumber(pages)} ${
        view.page < pages ? html`<a href="${href({ pagina: view.page + 1 })}">Siguiente</a>` : ''
      }</nav>`
    : ''
}`,
  );
}
