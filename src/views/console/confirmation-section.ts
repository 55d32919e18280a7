// Whether a published need is still current, for its leaders: "Vigencia" on the record's page (the state, the last
// confirmation and its deadlines), and the same two actions beside each record on the por confirmar and digest
// pages: confirm that it is still current (after a phone call, say) or close it because it is no longer needed.
import type { DigestRecord } from '../../queries/digest.ts';
import type { LeaderConfirmation } from '../../queries/leader-confirmations.ts';
import { type Html, html } from '../html.ts';
import { when } from './controls.ts';
import { confirmationStateLabels, typeLabels, urgencyLabel } from './labels.ts';
import { csrfField, panelPaths } from './layout.ts';

/** Where an action sends the leader back to: the record's page, the por confirmar list or the digest. */
export const confirmationReturns = ['registro', 'lista', 'resumen'] as const;
export type ConfirmationReturn = (typeof confirmationReturns)[number];

interface Confirmable {
  id: string;
  type: 'request' | 'offer';
  title: string;
}

/** "Ya no se necesita" closes a request; an offer that is no longer offered closes the same way. */
function closeLabel(record: Confirmable): string {
  return record.type === 'offer' ? 'Ya no se ofrece' : 'Ya no se necesita';
}

/** The two forms; on a list, repeated buttons say which record they act on to a screen reader. */
export function confirmationForms(
  slug: string,
  csrf: string,
  record: Confirmable,
  back: ConfirmationReturn,
  named = false,
): Html {
  const base = panelPaths.confirmation(slug, record.id);
  const hidden = html`${csrfField(csrf)}<input type="hidden" name="volver" value="${back}">`;
  const which = named ? html`<span class="sr-only"> (${record.title})</span>` : '';
  return html`<form method="post" action="${base}/confirmar" class="inline">${hidden}<button type="submit">Confirmar que sigue vigente${which}</button></form>
<form method="post" action="${base}/cerrar" class="inline">${hidden}<button type="submit" class="secondary">${closeLabel(record)}${which}</button></form>`;
}

function deadlinesText(confirmation: LeaderConfirmation): string {
  const { state, toConfirmAt, expiresAt } = confirmation;
  if (!toConfirmAt || !expiresAt) return '';
  if (state === 'expired') return ` · venció ${when(expiresAt)}`;
  if (state === 'to_confirm') return ` · por confirmar desde ${when(toConfirmAt)} · vence ${when(expiresAt)}`;
  return ` · pasa a «por confirmar» ${when(toConfirmAt)} · vence ${when(expiresAt)}`;
}

/** "Vigencia" on the page of a published record that is not completed. */
export function confirmationSection(
  slug: string,
  csrf: string,
  record: Confirmable,
  confirmation: LeaderConfirmation,
): Html {
  const { state } = confirmation;
  return html`<section class="card" id="vigencia"><h2>Vigencia</h2>
<p><strong class="tag">${confirmationStateLabels[state]}</strong></p>
<p>Última confirmación: ${confirmation.confirmedAt ? when(confirmation.confirmedAt) : 'sin fecha'}${deadlinesText(confirmation)}</p>
<p class="meta">Quien la publicó la confirma con su código de recibo. Si usted habló con esa persona (por ejemplo, por teléfono), confírmela aquí: el plazo vuelve a empezar. Si ya no hace falta, ciérrela: queda completada.</p>
${state === 'current' ? '' : html`<p class="warn">${state === 'expired' ? 'Venció sin confirmarse: no se muestra en las listas públicas ni en el mapa hasta que se confirme.' : 'Nadie la ha confirmado hace tiempo: si no se confirma, vencerá y saldrá de las listas públicas y del mapa.'}</p>`}
${confirmationForms(slug, csrf, record, 'registro')}</section>`;
}

function kind(record: DigestRecord): string {
  return record.centre ? 'Centro de acopio' : typeLabels[record.type];
}

/** One record of the digest (por confirmar or expired): linked title, type, urgency, dates and the actions. */
export function confirmationItem(
  slug: string,
  csrf: string,
  record: DigestRecord,
  expired: boolean,
  back: ConfirmationReturn,
): Html {
  return html`<li class="card" id="vigencia-${record.id}">
<h3><a href="${panelPaths.record(slug, record.id)}">${record.title}</a></h3>
<p class="meta">${kind(record)} · urgencia <strong>${urgencyLabel(record.urgency)}</strong> · última confirmación ${
    record.confirmedAt ? when(record.confirmedAt) : 'sin fecha'
  }${record.expiresAt ? ` · ${expired ? 'venció' : 'vence'} ${when(record.expiresAt)}` : ''}</p>
${confirmationForms(slug, csrf, record, back, true)}
</li>`;
}
