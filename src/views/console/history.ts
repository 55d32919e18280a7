// A record's full history for leaders: every timeline event (private ones too) and the audit log.
import { CHANNELS, channelLabel } from '../../channels/adapters.ts';
import { formatNumber } from '../../domain/number-format.ts';
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

/** Audit actions in words; the others are shown by their name. */
const auditActionLabels: Record<string, string> = {
  receipt_code_renewed: 'Código de recibo nuevo',
};

function auditActionLabel(action: string): string {
  return Object.hasOwn(auditActionLabels, action) ? (auditActionLabels[action] as string) : action;
}

/** Where a renewed code was sent, from the entry's details (which never hold the code itself). */
function sentByText(details: string | null): string {
  let sentBy: unknown = null;
  try {
    sentBy = (JSON.parse(details ?? 'null') as { sentBy?: unknown } | null)?.sentBy ?? null;
  } catch {
    // Details that are not JSON say nothing about where it went.
  }
  const channel = CHANNELS.find((c) => c === sentBy);
  return channel ? `enviado por ${channelLabel(channel)}` : 'no se envió por ningún canal';
}

/** What an entry's details say: plain words for the actions that have them, else the details as stored. */
function auditDetails(entry: AuditEntry): Html {
  if (entry.action === 'receipt_code_renewed') return html` · ${sentByText(entry.details)}`;
  return entry.details ? html` · <code>${entry.details}</code>` : html``;
}

export function historySection(timeline: Event[], audit: AuditEntry[]): Html {
  return html`<section><h2>Historial</h2>
<ol class="history">${timeline.map(
    (e) =>
      html`<li><time datetime="${e.created_at}">${when(e.created_at)}</time> · ${timelineKindLabels[e.kind] ?? e.kind}${
        e.note ? html` · «${e.note}»` : ''
      }${e.is_public ? '' : html` <span class="tag">privado</span>`}</li>`,
  )}</ol>
<details><summary>Registro de auditoría (${formatNumber(audit.length)})</summary>
<ol class="history">${audit.map(
    (a) =>
      html`<li><time datetime="${a.created_at}">${when(a.created_at)}</time> · ${auditActionLabel(a.action)} · ${a.actor}${auditDetails(a)}</li>`,
  )}</ol></details></section>`;
}
