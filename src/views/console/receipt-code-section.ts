// "Generar código nuevo" on the console page of one record (published or in review): the only way a person who lost
// their receipt code gets one, since the service keeps codes only as hashes and cannot show the old one.
import { channelLabel } from '../../channels/adapters.ts';
import { reachable } from '../../commands/channels/notices.ts';
import type { HelpRow } from '../../queries/record-in-emergency.ts';
import { type Html, html } from '../html.ts';
import { csrfField, panelPaths } from './layout.ts';

/** Where the form posts; the answer is the page that shows the new code once. */
export const receiptCodePath = (slug: string, id: string) => `${panelPaths.record(slug, id)}/codigo`;

/**
 * A record whose person may still ask about it or withdraw it: published or in review, with its personal data.
 * A withdrawn, rejected or erased one has no code worth giving.
 */
export function renewable(record: HelpRow): boolean {
  const live = record.review_status === 'approved' || record.review_status === 'pending_review';
  return live && record.personal_data_erased_at === null;
}

/** How the new code reaches the person, by the same rule the command sends it by. */
function deliveryText(record: HelpRow): string {
  const channel = reachable(record);
  return channel === null
    ? 'Ningún canal llega a la persona: el código nuevo se muestra solo a usted, para leérselo por teléfono.'
    : `El nuevo se envía por ${channelLabel(channel)} al número de la persona, y usted lo ve una vez para leérselo por teléfono si llama.`;
}

export function receiptCodeSection(slug: string, csrf: string, record: HelpRow): Html {
  if (!renewable(record)) return html``;
  return html`<section class="card" id="codigo"><h2>Código de recibo</h2>
<p class="meta">Si la persona perdió su código (o alguien más lo vio), genere uno nuevo: el anterior deja de servir en el acto. ${deliveryText(record)}</p>
<form method="post" action="${receiptCodePath(slug, record.id)}">${csrfField(csrf)}
<p><button type="submit" class="secondary">Generar código nuevo</button></p></form></section>`;
}
