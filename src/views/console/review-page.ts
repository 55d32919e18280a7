// One submission under review: everything a leader needs to decide, and the three decisions.

import { municipalityByCode, municipalityLabel } from '../../domain/municipalities.ts';
import type { HelpRow } from '../../queries/record-in-emergency.ts';
import type { Duplicate } from '../../queries/review-inbox.ts';
import { type Html, html } from '../html.ts';
import { type Errors, errorSummary, textarea, when } from './controls.ts';
import { type ConversationView, conversationSection } from './conversation-section.ts';
import { erasureForm, erasureText } from './erasure-form.ts';
import { historySection } from './history.ts';
import { joinSection } from './join-section.ts';
import { duplicateReasonLabels, fieldLabels, reviewStatusLabels, typeLabels } from './labels.ts';
import { type ConsoleFrame, consolePage, csrfField, panelPaths } from './layout.ts';
import { numberProofLine } from './number-proof-line.ts';
import { receiptCodeSection } from './receipt-code-section.ts';
import { type Content, contentTable, diffTable, editFields, seenToken, withoutPoint } from './record-fields.ts';

export interface ReviewView {
  record: HelpRow;
  /** The content a decision would publish: the submission, or the pending revision. */
  proposed: Content;
  duplicates: Duplicate[];
  timeline: Parameters<typeof historySection>[0];
  audit: Parameters<typeof historySection>[1];
  edit: { values: Record<string, string>; errors: Errors; open: boolean };
  rejectError?: string | null;
  /** Set when a decision was refused because the content moved on since the leader looked. */
  stale?: StaleNotice;
  /** What a refused erase form had (administrators only). */
  erase?: { errors: Errors; values: Record<string, string> };
  /** A submission that came by WhatsApp or SMS: the conversation with its sender and the form to ask it something. */
  conversation?: ConversationView | null;
  /** The inbox's filters and page the leader came from (a query string): a decision returns there. */
  back?: string;
}

export interface StaleNotice {
  /** The version the refused form named; null when the form named none. */
  seenVersion: number | null;
  /** The content that form was rendered with, when it carried it. */
  seen: Content | null;
  /** What the leader had asked for, in words ("aprobar", "rechazar", ...). */
  decision: string;
}

/** The municipality worked out from the point, to name beside the edit form's "según el punto". */
function derivedMunicipality(content: Content): string | null {
  if (content.municipality_derived === 0) return null;
  const m = municipalityByCode(content.municipality_code);
  return m ? municipalityLabel(m) : null;
}

/** Hidden fields every decision form carries: the version it was rendered from and what it showed. */
function versionFields(record: HelpRow, proposed: Content, back: string): Html {
  return html`<input type="hidden" name="version" value="${String(record.content_version)}"><input type="hidden" name="visto" value="${seenToken(proposed)}">${
    back ? html`<input type="hidden" name="volver" value="${back}">` : ''
  }`;
}

function staleSection(notice: StaleNotice, record: HelpRow, proposed: Content): Html {
  return html`<section class="stale" role="alert"><h2>La publicación cambió: no se hizo nada</h2>
<p>${
    notice.seenVersion === null
      ? html`El formulario no indicaba qué versión revisó, así que no se pudo ${notice.decision}.`
      : html`Usted revisó la versión ${String(notice.seenVersion)}; quien la envió la cambió después (ahora es la versión ${String(record.content_version)}). No se pudo ${notice.decision} y no se publicó nada.`
  } Revise el contenido nuevo y decida otra vez: los formularios de abajo ya llevan la versión ${String(record.content_version)}.</p>
${
  notice.seen
    ? diffTable(notice.seen, proposed, {
        caption: 'Qué cambió desde que lo abrió',
        before: 'Lo que usted vio',
        after: 'Ahora',
        none: 'Ningún campo visible cambió, pero la versión sí: revise antes de decidir.',
      })
    : ''
}</section>`;
}

export function reviewPage(frame: ConsoleFrame, view: ReviewView): Html {
  const { record, proposed } = view;
  const slug = frame.emergency?.slug as string;
  const csrf = frame.user?.csrf ?? '';
  const base = panelPaths.review(slug, record.id);
  const isRevision = record.review_status === 'approved' && record.pending_revision !== null;
  const erased = erasureText(record);
  const back = view.back ?? '';
  return consolePage(
    { ...frame, title: `Revisar: ${proposed.title ?? record.title}`, current: 'inbox' },
    html`${view.stale ? staleSection(view.stale, record, proposed) : ''}<p class="meta">${typeLabels[record.type]} · ${reviewStatusLabels[record.review_status]}${
      isRevision ? html` · <strong class="tag">Revisión pendiente</strong>` : ''
    }${withoutPoint(proposed) ? html` · <strong class="tag">sin punto exacto</strong>` : ''}${erased ? ` · ${erased}` : ''} · recibida <time datetime="${record.revision_submitted_at ?? record.submitted_at}">${when(record.revision_submitted_at ?? record.submitted_at)}</time> · origen <code>${record.source}</code> / <code>${record.external_id}</code> · versión ${String(record.content_version)}</p>
${isRevision ? diffTable(record, proposed) : ''}
<section><h2>${isRevision ? 'Contenido propuesto' : 'Datos enviados'}</h2>${numberProofLine(record)}${contentTable(proposed)}
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
${joinSection(
  slug,
  csrf,
  record,
  view.duplicates.map((d) => d.record),
)}
<section class="decisions"><h2>Decisión</h2>
<form method="post" action="${base}/aprobar" class="card">${csrfField(csrf)}${versionFields(record, proposed, back)}
${textarea({ name: 'note', label: 'Nota pública (opcional)', maxlength: 300, help: 'Aparece en el historial público del registro.' })}
<p><button type="submit">${isRevision ? 'Aprobar los cambios' : 'Aprobar y publicar'}</button></p></form>
<form method="post" action="${base}/rechazar" class="card" id="rechazar">${csrfField(csrf)}${versionFields(record, proposed, back)}
${textarea({ name: 'reason', label: 'Motivo del rechazo', required: true, maxlength: 300, help: 'Solo lo ven los líderes.', errors: view.rejectError ? { reason: view.rejectError } : {} })}
<p><button type="submit" class="danger">${isRevision ? 'Rechazar los cambios' : 'Rechazar'}</button></p></form>
<details class="card" id="corregir"${view.edit.open ? html` open` : ''}><summary>Corregir y aprobar</summary>
${errorSummary(view.edit.errors, fieldLabels)}
<form method="post" action="${base}/corregir">${csrfField(csrf)}${versionFields(record, proposed, back)}
${editFields(record.type, view.edit.values, view.edit.errors, derivedMunicipality(proposed))}
${textarea({ name: 'note', label: 'Nota pública (opcional)', maxlength: 300 })}
<p><button type="submit">Guardar correcciones y publicar</button></p></form></details>
</section>
${receiptCodeSection(slug, csrf, record)}
${
  frame.user?.isAdmin
    ? erasureForm({
        action: `${base}/borrar`,
        csrf,
        what: isRevision ? 'esta publicación (y de la revisión pendiente)' : 'esta publicación',
        errors: view.erase?.errors,
        values: view.erase?.values,
      })
    : ''
}
${view.conversation ? conversationSection(slug, csrf, record.id, view.conversation) : ''}
${historySection(view.timeline, view.audit)}`,
  );
}
