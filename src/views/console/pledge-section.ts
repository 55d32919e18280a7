// Pledges ("voy a llevar") for leaders: who will bring what and by when, with their WhatsApp, and the actions on
// each one: cancel or confirm the delivery of an open pledge, or say a delivered one never arrived. The record
// page lists its request's pledges; the emergency's pledges page lists them all with the same item.
import { amountText } from '../../domain/decimal.ts';
import { formatAmount, formatNumber } from '../../domain/number-format.ts';
import { whatsappUrl } from '../../domain/phone.ts';
import { pledgeStatusLabels } from '../../domain/pledges.ts';
import type { LeaderPledge } from '../../queries/leader-pledges.ts';
import type { HelpRow } from '../../queries/record-in-emergency.ts';
import { type Html, html } from '../html.ts';
import { when } from './controls.ts';
import { csrfField, panelPaths } from './layout.ts';

/** Where an action sends the leader back to: the request's page or the emergency's list (a fixed set). */
export type PledgeReturn = 'registro' | 'lista';

export interface PledgeItemOptions {
  slug: string;
  csrf: string;
  back: PledgeReturn;
  /** The list's status filter, kept after an action. */
  filter?: string;
  /** Show the request's title, linking to its console page (the emergency's list). */
  showRequest?: boolean;
  /** The error of the last action on this pledge. */
  error?: string;
}

export function amount(quantity: number | null, unit: string | null): string {
  if (quantity === null) return 'sin cantidad';
  return formatAmount(quantity, unit);
}

function hidden(options: PledgeItemOptions): Html {
  return html`${csrfField(options.csrf)}<input type="hidden" name="volver" value="${options.back}">${
    options.filter ? html`<input type="hidden" name="estado" value="${options.filter}">` : ''
  }`;
}

/** Repeated buttons say whose pledge they act on to a screen reader. */
function whose(pledge: LeaderPledge): Html {
  return html`<span class="sr-only"> (${pledge.contactName ?? 'compromiso'}, ${amount(pledge.quantity, pledge.unit)})</span>`;
}

function actions(pledge: LeaderPledge, options: PledgeItemOptions): Html {
  const base = panelPaths.pledge(options.slug, pledge.id);
  const dispute = html`<form method="post" action="${base}/disputar" class="inline">${hidden(options)}<button type="submit" class="danger">No llegó${whose(pledge)}</button></form>`;
  if (pledge.status === 'delivered' && pledge.otherUnit) {
    return html`${conversionForm(pledge, options)}
${dispute}`;
  }
  if (pledge.status === 'delivered') return dispute;
  if (pledge.status === 'reported') {
    // The pledger says it arrived: a leader confirms it (it becomes covered) or says it did not.
    return html`<form method="post" action="${base}/entregar" class="inline">${hidden(options)}<button type="submit">Confirmar que llegó${whose(pledge)}</button></form>
${dispute}`;
  }
  if (pledge.status !== 'open') return html``;
  const field = `entregado-${pledge.id}`;
  return html`<form method="post" action="${base}/entregar">${hidden(options)}${
    pledge.quantity === null
      ? ''
      : html`<p class="field"><label for="${field}">Cantidad que llegó (opcional, si fue menos de ${amount(pledge.quantity, pledge.unit)})</label>
<input id="${field}" name="quantity" type="text" inputmode="decimal" value=""${options.error ? html` aria-invalid="true" aria-describedby="${field}-error"` : ''}></p>`
  }<button type="submit">Confirmar entrega${whose(pledge)}</button></form>
${cancelAsk(pledge, options)}`;
}

/** "Cancelar" first asks, on a page of its own (a GET: no JavaScript needed); the filter and the way back ride along. */
function cancelAsk(pledge: LeaderPledge, options: PledgeItemOptions): Html {
  return html`<form method="get" action="${panelPaths.pledge(options.slug, pledge.id)}/cancelar" class="inline"><input type="hidden" name="volver" value="${options.back}">${
    options.filter ? html`<input type="hidden" name="estado" value="${options.filter}">` : ''
  }<button type="submit" class="secondary">Cancelar${whose(pledge)}</button></form>`;
}

/** A cancellation made moments ago: "Deshacer" puts the pledge back while its ten minutes last. */
function undoForm(pledge: LeaderPledge, options: PledgeItemOptions): Html {
  if (pledge.undoUntil === null) return html``;
  return html`<form method="post" action="${panelPaths.pledge(options.slug, pledge.id)}/deshacer" class="inline">${hidden(options)}<button type="submit">Deshacer la cancelación${whose(pledge)}</button> <span class="meta">hasta ${when(pledge.undoUntil)}; nadie recibe aviso antes</span></form>`;
}

/** Marks in words, not colour alone: a pledge past its promised date, a delivery waiting for confirmation. */
function marks(pledge: LeaderPledge): Html {
  return html`${pledge.overdue ? html` <strong class="tag warn">Atrasado (prometido para ${when(pledge.deliverBy)})</strong>` : ''}${
    pledge.status === 'reported' ? html` <strong class="tag">Entrega reportada</strong>` : ''
  }`;
}

/**
 * A delivery in another unit than the request's adds to covered only once a leader says what it is worth in the
 * request's unit; said again, it corrects the first answer.
 */
function conversionForm(pledge: LeaderPledge, options: PledgeItemOptions): Html {
  const field = `convertido-${pledge.id}`;
  const label = `${amount(pledge.deliveredQuantity, pledge.unit)} equivalen a (en ${pledge.requestUnit ?? 'la unidad de la solicitud'})`;
  return html`<form method="post" action="${panelPaths.pledge(options.slug, pledge.id)}/convertir">${hidden(options)}<p class="field"><label for="${field}">${label}</label>
<input id="${field}" name="quantity" type="text" inputmode="decimal" required value="${
    pledge.convertedQuantity === null ? '' : amountText(pledge.convertedQuantity)
  }"${options.error ? html` aria-invalid="true" aria-describedby="entregado-${pledge.id}-error"` : ''}></p>
<button type="submit">${pledge.convertedQuantity === null ? 'Convertir y sumar a lo cubierto' : 'Corregir la conversión'}${whose(pledge)}</button></form>`;
}

function contact(pledge: LeaderPledge): Html {
  if (!pledge.contactName && !pledge.contactWhatsapp) return html`<span class="meta">datos personales borrados</span>`;
  return html`<strong>${pledge.contactName ?? ''}</strong>${
    pledge.contactWhatsapp
      ? html` · <a rel="noreferrer" href="${whatsappUrl(pledge.contactWhatsapp)}">${pledge.contactWhatsapp}</a>`
      : ''
  }`;
}

function outcome(pledge: LeaderPledge): string {
  if (pledge.deliveredQuantity === null) return '';
  if (pledge.status === 'delivered') {
    const arrived = ` · llegó: ${amount(pledge.deliveredQuantity, pledge.unit)}`;
    if (!pledge.otherUnit) return arrived;
    return pledge.convertedQuantity === null
      ? `${arrived} (sin convertir: no suma a lo cubierto)`
      : `${arrived}, que cuentan como ${amount(pledge.convertedQuantity, pledge.requestUnit)}`;
  }
  if (pledge.status === 'reported') {
    return ` · dice que entregó: ${amount(pledge.deliveredQuantity, pledge.unit)}, sin confirmar`;
  }
  if (pledge.status === 'disputed')
    return ` · se restó de lo cubierto: ${amount(pledge.deliveredQuantity, pledge.unit)}`;
  return '';
}

/** One pledge with its contact, what and when, its status and what may be done with it. */
export function pledgeItem(pledge: LeaderPledge, options: PledgeItemOptions): Html {
  return html`<li class="card" id="compromiso-${pledge.id}">
${options.showRequest ? html`<h3><a href="${panelPaths.record(options.slug, pledge.helpId)}#compromisos">${pledge.helpTitle}</a></h3>` : ''}
<p>${contact(pledge)}</p>
<p>Lleva: <strong>${amount(pledge.quantity, pledge.unit)}</strong> · entrega prevista ${when(pledge.deliverBy)} · <strong class="tag">${pledgeStatusLabels[pledge.status]}</strong>${marks(pledge)}${outcome(pledge)}</p>
<p class="meta">Comprometido ${when(pledge.createdAt)}${pledge.status === 'open' ? ` · vence ${when(pledge.expiresAt)} si nadie confirma la entrega` : ''}${
    pledge.closedAt ? ` · cerrado ${when(pledge.closedAt)}` : ''
  }</p>
${options.error ? html`<p class="error" role="alert" id="entregado-${pledge.id}-error">${options.error}</p>` : ''}
${actions(pledge, options)}${undoForm(pledge, options)}
</li>`;
}

/** "Compromisos" on a published request's page: its pledges, open first. */
export function pledgeSection(slug: string, csrf: string, record: HelpRow, pledges: LeaderPledge[]): Html {
  const open = pledges.filter((p) => p.status === 'open').length;
  const reported = pledges.filter((p) => p.status === 'reported').length;
  return html`<section class="card" id="compromisos"><h2>Compromisos (${formatNumber(pledges.length)})</h2>
<p class="meta">Personas que dijeron «voy a llevar». Lo comprometido no cuenta como cubierto hasta que se confirma la entrega. Su nombre y WhatsApp son privados: solo los ven los líderes de esta emergencia.</p>
${
  pledges.length === 0
    ? html`<p>Nadie se ha comprometido todavía con esta solicitud.</p>`
    : html`<p>Comprometidos (aún no salen): ${formatNumber(open)}${
        reported > 0 ? ` · entregados sin confirmar: ${reported}` : ''
      }${record.quantity_required !== null ? ` · ${amount(record.quantity_committed, record.unit)} comprometidos` : ''}.</p>
<ul class="cards">${pledges.map((p) => pledgeItem(p, { slug, csrf, back: 'registro' }))}</ul>`
}
<p><a href="${panelPaths.pledges(slug)}">Todos los compromisos de la emergencia</a></p></section>`;
}
