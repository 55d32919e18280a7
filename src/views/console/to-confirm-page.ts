// An emergency's published records that nobody has confirmed lately ("por confirmar") and those that expired for
// it, the most urgent first, each linked to its page with the actions a leader takes after talking to its sender.
import { formatNumber } from '../../domain/number-format.ts';
import type { DigestRecord } from '../../queries/digest.ts';
import { type Html, html } from '../html.ts';
import { confirmationItem } from './confirmation-section.ts';
import { type ConsoleFrame, consolePage } from './layout.ts';

export interface ToConfirmView {
  toConfirm: DigestRecord[];
  expired: DigestRecord[];
  /** The service's hours: without a confirmation for this long a record is por confirmar, then this long more expired. */
  hours: { reconfirmAfterHours: number; expireAfterHours: number };
}

export function toConfirmPage(frame: ConsoleFrame, view: ToConfirmView): Html {
  const slug = frame.emergency?.slug as string;
  const csrf = frame.user?.csrf ?? '';
  const { reconfirmAfterHours, expireAfterHours } = view.hours;
  const section = (title: string, records: DigestRecord[], expired: boolean, empty: string) =>
    html`<section id="${expired ? 'vencidos' : 'por-confirmar'}"><h2>${title} (${formatNumber(records.length)})</h2>${
      records.length === 0
        ? html`<p>${empty}</p>`
        : html`<ul class="cards">${records.map((r) => confirmationItem(slug, csrf, r, expired, 'lista'))}</ul>`
    }</section>`;
  return consolePage(
    { ...frame, title: 'Por confirmar', current: 'to_confirm' },
    html`<p class="note">Publicaciones que nadie ha confirmado en ${formatNumber(reconfirmAfterHours)} horas. Si pasan ${formatNumber(expireAfterHours)} horas más sin confirmarse, vencen y salen de las listas públicas y del mapa. Hable con quien la publicó: si sigue vigente, confírmela; si ya no hace falta, ciérrela.</p>
${section('Por confirmar', view.toConfirm, false, 'Nada pendiente: todas las publicaciones están confirmadas.')}
${section('Vencidos', view.expired, true, 'Nada pendiente: ninguna publicación ha vencido.')}`,
  );
}
