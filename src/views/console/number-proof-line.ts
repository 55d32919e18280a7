// Whether the record's number is known to be its person's: it wrote from it (WhatsApp, SMS), or typed back the
// code sent to it from a web form. Leaders weigh a record, and what its person is told, by it.
import { channelLabel } from '../../channels/adapters.ts';
import type { HelpRow } from '../../queries/record-in-emergency.ts';
import { type Html, html } from '../html.ts';
import { when } from './controls.ts';

/** The sentence; null once the number itself is erased (nothing left to prove). */
export function numberProofText(record: HelpRow): string | null {
  if (record.contact_whatsapp === '') return null;
  if (record.arrived_by !== null) return `Número comprobado (escribió por ${channelLabel(record.arrived_by)})`;
  if (record.number_proved_at !== null && record.proof_channel !== null) {
    return `Número comprobado con código (${channelLabel(record.proof_channel)}, ${when(record.number_proved_at)})`;
  }
  return 'Número sin comprobar';
}

export function numberProofLine(record: HelpRow): Html {
  const text = numberProofText(record);
  return text === null ? html`` : html`<p class="meta" data-numero>${text}</p>`;
}
