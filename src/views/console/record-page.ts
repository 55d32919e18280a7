// A published record for its leaders: status, covered quantity, public link, full history, the conversation with
// its sender when it came by WhatsApp or SMS, and a new receipt code for a person who lost theirs. A withdrawn one:
// who withdrew it and when, what is left of it, its history, and no action. Administrators may erase and withdraw.

import { amountText } from '../../domain/decimal.ts';
import { formatAmount, formatNumber } from '../../domain/number-format.ts';
import { recordStatuses } from '../../domain/statuses.ts';
import type { LeaderConfirmation } from '../../queries/leader-confirmations.ts';
import type { LeaderMatch } from '../../queries/leader-matches.ts';
import type { LeaderPledge } from '../../queries/leader-pledges.ts';
import type { HelpRow } from '../../queries/record-in-emergency.ts';
import type { ReportGroup } from '../../queries/report-inbox.ts';
import { type Html, html } from '../html.ts';
import { confirmationSection } from './confirmation-section.ts';
import { type Errors, input, textarea, when } from './controls.ts';
import { type ConversationView, conversationSection } from './conversation-section.ts';
import { erasureForm, erasureText, withdrawalText } from './erasure-form.ts';
import { historySection } from './history.ts';
import { recordStatusLabels, typeLabels } from './labels.ts';
import { type ConsoleFrame, consolePage, csrfField, panelPaths } from './layout.ts';
import { matchSection } from './match-section.ts';
import { numberProofLine } from './number-proof-line.ts';
import { pledgeSection } from './pledge-section.ts';
import { receiptCodeSection } from './receipt-code-section.ts';
import { contentTable } from './record-fields.ts';
import { recordReportsSection } from './report-group.ts';

export interface RecordView {
  record: HelpRow;
  publicUrl: string;
  jsonUrl: string;
  timeline: Parameters<typeof historySection>[0];
  audit: Parameters<typeof historySection>[1];
  errors: Errors;
  values: Record<string, string>;
  /** Open reports from the public, shown with the action that marks them reviewed. */
  reports?: ReportGroup | null;
  /** Suggested pairs of a published record, with both sides' contacts (help-matches.ts). */
  matches?: LeaderMatch[];
  /** A published request's pledges, with the pledgers' contacts (leader-pledges.ts). */
  pledges?: LeaderPledge[];
  /** A published record's confirmation state and deadlines; absent when completed (nothing to confirm). */
  confirmation?: LeaderConfirmation;
  /** A record that came by WhatsApp or SMS: the conversation with its sender and the form to answer. */
  conversation?: ConversationView | null;
}

/** Where an administrator's erase form posts, from the record page. */
export const recordErasePath = (slug: string, id: string) => `${panelPaths.record(slug, id)}/borrar`;

/** The erase form, for administrators only, while the record still holds personal data. */
function erasureSection(frame: ConsoleFrame, view: RecordView): Html {
  const { record } = view;
  if (!frame.user?.isAdmin) return html``;
  if (record.review_status === 'withdrawn' && record.personal_data_erased_at) return html``;
  return erasureForm({
    action: recordErasePath(frame.emergency?.slug as string, record.id),
    csrf: frame.user.csrf,
    what: 'esta publicación',
    errors: view.errors,
    values: view.values,
  });
}

function withdrawnPage(frame: ConsoleFrame, view: RecordView): Html {
  const { record } = view;
  const slug = frame.emergency?.slug as string;
  const erased = erasureText(record);
  return consolePage(
    { ...frame, title: record.title, current: 'records' },
    html`<p class="meta">${typeLabels[record.type]} · <strong>${withdrawalText(record)}</strong>${erased ? ` · ${erased}` : ''}</p>
<p class="note">Ya no aparece en ninguna página pública, la API, el mapa ni los datos abiertos, y no se puede volver a publicar.</p>
${recordReportsSection(slug, frame.user?.csrf ?? '', view.reports ?? null)}
<section><h2>Datos que quedan</h2>${contentTable(record, { erased: true })}</section>
${erasureSection(frame, view)}
${historySection(view.timeline, view.audit)}`,
  );
}

export function recordPage(frame: ConsoleFrame, view: RecordView): Html {
  const { record } = view;
  if (record.review_status === 'withdrawn') return withdrawnPage(frame, view);
  const slug = frame.emergency?.slug as string;
  const csrf = frame.user?.csrf ?? '';
  const base = panelPaths.record(slug, record.id);
  const erased = erasureText(record);
  const nextStatuses = recordStatuses.filter((s) => s !== record.status);
  return consolePage(
    { ...frame, title: record.title, current: 'records' },
    html`<p class="meta">${typeLabels[record.type]} · estado <strong>${recordStatusLabels[record.status]}</strong>${
      record.status_note ? ` («${record.status_note}»)` : ''
    } · publicado ${when(record.published_at)}${erased ? ` · ${erased}` : ''} · <a href="${view.publicUrl}">página pública</a> · <a href="${view.jsonUrl}">JSON</a></p>
${
  record.pending_revision
    ? html`<p class="warn">Hay una revisión de este registro esperando decisión: <a href="${panelPaths.review(slug, record.id)}">revisarla</a>.</p>`
    : ''
}
${recordReportsSection(slug, csrf, view.reports ?? null)}
${view.confirmation ? confirmationSection(slug, csrf, record, view.confirmation) : ''}
${view.conversation ? conversationSection(slug, csrf, record.id, view.conversation) : ''}
<section class="card"><h2>Estado</h2>
<form method="post" action="${base}/estado">${csrfField(csrf)}
<fieldset><legend>Nuevo estado</legend>${nextStatuses.map(
      (s, i) =>
        html`<label class="choice"><input type="radio" name="status" value="${s}"${i === 0 ? html` checked` : ''}> ${recordStatusLabels[s]}${
          record.status === 'completed' ? ' (reabrir)' : ''
        }</label>`,
    )}</fieldset>
${textarea({ name: 'note', label: 'Nota pública (opcional)', maxlength: 300, errors: view.errors, value: view.values.note })}
${view.errors.status ? html`<p class="error">${view.errors.status}</p>` : ''}
<p><button type="submit">Cambiar estado</button></p></form></section>
${
  record.type === 'request'
    ? html`<section class="card"><h2>Cantidad cubierta</h2>
<p>Requerida: ${record.quantity_required === null ? 'sin cantidad' : formatAmount(record.quantity_required, record.unit)} · cubierta: ${formatNumber(record.quantity_covered)} · pendiente: ${record.quantity_pending === null ? '—' : formatNumber(record.quantity_pending)}</p>
<form method="post" action="${base}/cubierto">${csrfField(csrf)}
${input({ name: 'quantity', label: 'Cantidad cubierta hasta ahora', value: view.values.quantity ?? amountText(record.quantity_covered), inputmode: 'decimal', errors: view.errors, required: true })}
${textarea({ name: 'coverNote', label: 'Nota pública (opcional)', maxlength: 300, errors: view.errors })}
<p><button type="submit">Guardar cantidad</button></p></form>
<p><a href="${panelPaths.logistics(slug)}?destino=${record.id}#nueva">Crear una ruta logística hacia esta solicitud</a></p></section>`
    : ''
}
${view.pledges ? pledgeSection(slug, csrf, record, view.pledges) : ''}
${view.matches ? matchSection(slug, frame.emergency?.name ?? slug, record, view.publicUrl, view.matches) : ''}
<section><h2>Datos</h2>${numberProofLine(record)}${contentTable(record, { erased: !!record.personal_data_erased_at })}</section>
<p class="note">Verificación pública: «Equipo de la emergencia», ${when(record.reviewed_at ?? record.published_at)}.</p>
${receiptCodeSection(slug, csrf, record)}
${erasureSection(frame, view)}
${historySection(view.timeline, view.audit)}`,
  );
}
