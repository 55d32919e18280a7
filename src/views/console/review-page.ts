// One submission under review: everything a leader needs to decide, and the three decisions.

import type { Duplicate } from '../../queries/review-inbox.ts';
import type { HelpRow } from '../../repositories/help-records.ts';
import { type Html, html } from '../html.ts';
import { type Errors, errorSummary, textarea, when } from './controls.ts';
import { historySection } from './history.ts';
import { duplicateReasonLabels, fieldLabels, reviewStatusLabels, typeLabels } from './labels.ts';
import { type ConsoleFrame, consolePage, csrfField, panelPaths } from './layout.ts';
import { type Content, contentTable, diffTable, editFields } from './record-fields.ts';

export interface ReviewView {
  record: HelpRow;
  /** The content a decision would publish: the submission, or the pending revision. */
  proposed: Content;
  duplicates: Duplicate[];
  timeline: Parameters<typeof historySection>[0];
  audit: Parameters<typeof historySection>[1];
  edit: { values: Record<string, string>; errors: Errors; open: boolean };
  rejectError?: string | null;
}

export function reviewPage(frame: ConsoleFrame, view: ReviewView): Html {
  const { record, proposed } = view;
  const slug = frame.emergency?.slug as string;
  const csrf = frame.user?.csrf ?? '';
  const base = panelPaths.review(slug, record.id);
  const isRevision = record.review_status === 'approved' && record.pending_revision !== null;
  return consolePage(
    { ...frame, title: `Revisar: ${proposed.title ?? record.title}`, current: 'inbox' },
    html`<p class="meta">${typeLabels[record.type]} · ${reviewStatusLabels[record.review_status]}${
      isRevision ? html` · <strong class="tag">Revisión pendiente</strong>` : ''
    } · recibida <time datetime="${record.revision_submitted_at ?? record.submitted_at}">${when(record.revision_submitted_at ?? record.submitted_at)}</time> · origen <code>${record.source}</code> / <code>${record.external_id}</code></p>
${isRevision ? diffTable(record, proposed) : ''}
<section><h2>${isRevision ? 'Contenido propuesto' : 'Datos enviados'}</h2>${contentTable(proposed)}
<p class="note">Al aprobar se publican el registro, el nombre de contacto y el WhatsApp (la persona dio su consentimiento). El documento de identidad nunca se publica.</p></section>
${
  view.duplicates.length > 0
    ? html`<section class="warn"><h2>Posibles duplicados</h2><ul>${view.duplicates.map(
        (d) =>
          html`<li><a href="${panelPaths.compare(slug, record.id, d.record.id)}">Comparar con «${d.record.title}»</a> — ${reviewStatusLabels[d.record.review_status]}, ${d.reasons
            .map((r) => duplicateReasonLabels[r])
            .join(' y ')}${d.distanceKm === null ? '' : `, a ${Math.round(d.distanceKm * 1000)} m`}</li>`,
      )}</ul></section>`
    : ''
}
<section class="decisions"><h2>Decisión</h2>
<form method="post" action="${base}/aprobar" class="card">${csrfField(csrf)}
${textarea({ name: 'note', label: 'Nota pública (opcional)', maxlength: 300, help: 'Aparece en el historial público del registro.' })}
<p><button type="submit">${isRevision ? 'Aprobar los cambios' : 'Aprobar y publicar'}</button></p></form>
<form method="post" action="${base}/rechazar" class="card">${csrfField(csrf)}
${textarea({ name: 'reason', label: 'Motivo del rechazo', required: true, maxlength: 300, help: 'Solo lo ven los líderes.', errors: view.rejectError ? { reason: view.rejectError } : {} })}
<p><button type="submit" class="danger">${isRevision ? 'Rechazar los cambios' : 'Rechazar'}</button></p></form>
<details class="card"${view.edit.open ? html` open` : ''}><summary>Corregir y aprobar</summary>
${errorSummary(view.edit.errors, fieldLabels)}
<form method="post" action="${base}/corregir">${csrfField(csrf)}
${editFields(record.type, view.edit.values, view.edit.errors)}
${textarea({ name: 'note', label: 'Nota pública (opcional)', maxlength: 300 })}
<p><button type="submit">Guardar correcciones y publicar</button></p></form></details>
</section>
${historySection(view.timeline, view.audit)}`,
  );
}
