// A record's full history for leaders: every timeline event (private ones too) and the audit log.
import { type Html, html } from '../html.ts';
import { when } from './controls.ts';
import { timelineKindLabels } from './labels.ts';

interface Event {
  kind: string;
  is_public: number;
  note: string | null;
  actor: string | null;
  created_at: string;
}
interface AuditEntry {
  actor: string;
  action: string;
  details: string | null;
  created_at: string;
}

export function historySection(timeline: Event[], audit: AuditEntry[]): Html {
  return html`<section><h2>Historial</h2>
<ol class="history">${timeline.map(
    (e) =>
      html`<li><time datetime="${e.created_at}">${when(e.created_at)}</time> · ${timelineKindLabels[e.kind] ?? e.kind}${
        e.note ? html` · «${e.note}»` : ''
      }${e.is_public ? '' : html` <span class="tag">privado</span>`}</li>`,
  )}</ol>
<details><summary>Registro de auditoría (${audit.length})</summary>
<ol class="history">${audit.map(
    (a) =>
      html`<li><time datetime="${a.created_at}">${when(a.created_at)}</time> · ${a.action} · ${a.actor}${
        a.details ? html` · <code>${a.details}</code>` : ''
      }</li>`,
  )}</ol></details></section>`;
}
