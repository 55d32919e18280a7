// The emergency's published collection centres, with how fresh their inventories are.
import { formatNumber } from '../../domain/number-format.ts';
import { collectionCenterStatusLabels } from '../../domain/statuses.ts';
import type { HelpRow } from '../../queries/record-in-emergency.ts';
import { type Html, html } from '../html.ts';
import { plural } from '../site/plural.ts';
import { type ConsoleFrame, consolePage, panelPaths } from './layout.ts';

const INVENTORY_LINES = { one: '1 línea de inventario', other: '{n} líneas de inventario' };

export interface CenterSummary {
  center: HelpRow;
  lines: number;
  stale: number;
}

export function centersPage(frame: ConsoleFrame, centers: CenterSummary[]): Html {
  const slug = frame.emergency?.slug as string;
  return consolePage(
    { ...frame, title: 'Centros de acopio', current: 'centers' },
    centers.length === 0
      ? html`<p>No hay centros de acopio publicados. Un ofrecimiento con «estado del centro de acopio» se vuelve centro al aprobarse.</p>`
      : html`<ul class="cards">${centers.map(
          ({
            center,
            lines,
            stale,
          }) => html`<li class="card"><h2><a href="${panelPaths.center(slug, center.id)}">${center.title}</a></h2>
<p class="meta">${collectionCenterStatusLabels[center.collection_center_status as keyof typeof collectionCenterStatusLabels] ?? ''} · ${center.address ?? 'sin dirección'}</p>
<p>${plural(lines, INVENTORY_LINES, 'es')}${stale > 0 ? html` · <strong class="warn">${formatNumber(stale)} sin actualizar hace más de 24 h</strong>` : ''}</p></li>`,
        )}</ul>`,
  );
}
