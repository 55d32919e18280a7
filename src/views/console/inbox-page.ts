// The review inbox: urgent first, then the longest waiting, each with its likely duplicates.
import { categoryLabel } from '../../domain/categories.ts';
import type { InboxItem } from '../../queries/review-inbox.ts';
import { type Html, html } from '../html.ts';
import { ago, when } from './controls.ts';
import { duplicateReasonLabels, typeLabels, urgencyLabels } from './labels.ts';
import { type ConsoleFrame, consolePage, panelPaths } from './layout.ts';

export function inboxPage(frame: ConsoleFrame, items: InboxItem[], now: Date): Html {
  const slug = frame.emergency?.slug as string;
  return consolePage(
    { ...frame, current: 'inbox' },
    items.length === 0
      ? html`<p>No hay nada pendiente de revisión. Las nuevas publicaciones aparecerán aquí.</p>`
      : html`<p>${items.length < (frame.pending ?? 0) ? `Se muestran ${items.length} de ${frame.pending}. ` : ''}Orden: primero las urgentes, luego las que llevan más tiempo esperando.</p>
<ol class="inbox">${items.map(
          (item) => html`<li class="card${item.record.urgency === 'urgent' ? ' urgent' : ''}">
<h2><a href="${panelPaths.review(slug, item.record.id)}">${item.record.title}</a></h2>
<p class="meta">${item.isRevision ? html`<strong class="tag">Revisión de un registro publicado</strong> · ` : ''}${typeLabels[item.record.type]} · ${categoryLabel(item.record.category)}${
            item.record.type === 'request' ? ` · ${urgencyLabels[item.record.urgency]}` : ''
          } · recibida <time datetime="${item.waitingSince}">${when(item.waitingSince)}</time> (${ago(item.waitingSince, now)})</p>
<p>${item.record.contact_name} · ${item.record.address ?? 'sin dirección'}</p>
${
  item.duplicates.length > 0
    ? html`<p class="warn">Posible duplicado: ${item.duplicates.map(
        (d, i) =>
          html`${i > 0 ? ', ' : ''}<a href="${panelPaths.compare(slug, item.record.id, d.record.id)}">${d.record.title}</a> (${d.reasons
            .map((r) => duplicateReasonLabels[r])
            .join(' y ')})`,
      )}</p>`
    : ''
}
</li>`,
        )}</ol>`,
  );
}
