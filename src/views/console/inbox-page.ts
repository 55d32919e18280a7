// The review inbox: where the backlog stands, filters, one page in inbox order (a trusted source's lane first,
// likely duplicates together), cards judged without opening them, and decisions on many cards at once.
import type { DecideManyResult } from '../../commands/decide-many.ts';
import { formatNumber } from '../../domain/number-format.ts';
import { TRUSTED_LANE_LABEL } from '../../domain/trusted-lane.ts';
import type { InboxItem, InboxPage } from '../../queries/review-inbox.ts';
import { type Html, html } from '../html.ts';
import { plural } from '../site/plural.ts';
import { type Errors, select } from './controls.ts';
import { type CardFlag, inboxCard } from './inbox-card.ts';
import { categoryOptions, typeLabels, urgencyOptions } from './labels.ts';
import { type ConsoleFrame, consolePage, csrfField, panelPaths } from './layout.ts';

/** Query parameter names of the inbox filters (and the page cursor). */
export const inboxParams = ['categoria', 'tipo', 'urgencia', 'origen', 'espera'] as const;
export type InboxParam = (typeof inboxParams)[number];

/** The inbox's counts, through the site's one plural helper ("1 coincide", "2 coinciden"). */
const MATCHING = { one: '1 coincide con los filtros.', other: '{n} coinciden con los filtros.' };
const SHOWN_OF = { one: 'Se muestran {shown} de 1.', other: 'Se muestran {shown} de {n}.' };
const SHOWN_OF_MATCHING = {
  one: 'Se muestran {shown} de 1 que coincide con los filtros.',
  other: 'Se muestran {shown} de {n} que coinciden con los filtros.',
};

/** The form every card's controls belong to. */
const BULK_FORM = 'decidir';

export const waitOptions = [
  ['1', 'Más de 1 h'],
  ['6', 'Más de 6 h'],
  ['24', 'Más de 24 h'],
  ['72', 'Más de 3 días'],
] as const;

export interface InboxView {
  /** Null when the filters could not be read: the page shows the errors instead of a list. */
  page: InboxPage | null;
  now: Date;
  /** The filter values as given (query parameter -> value). */
  values: Partial<Record<InboxParam, string>>;
  errors: Errors;
  /** Sources with something waiting, for the source filter. */
  sources: string[];
  /** The cursor this page started after; null on the first page. */
  after: string | null;
  bulk?: { error?: string; reasonError?: string; reason?: string; selected?: Set<string>; matchingError?: string };
  /** What a bulk decision just did: shown above the cards, the skipped ones listed. */
  result?: { decision: 'aprobar' | 'rechazar'; outcome: DecideManyResult };
  /** Marks to look at before deciding, by record id. */
  flags?: Map<string, readonly CardFlag[]>;
  /** Ids sent by a source whose key an administrator trusts: shown first, pre-selected when unflagged. */
  trusted?: Set<string>;
  /** Who else holds a card in a review batch, by record id. */
  claimedBy?: Map<string, string>;
  /** Where the backlog stands, drawn by its own view. */
  backlog?: Html;
  /** The page shows only the batch this leader holds ("Revisar los siguientes 20"). */
  batch?: boolean;
  /** Likely-duplicate clusters of the page (ids in page order), shown together. */
  clusters?: string[][];
}

/** The inbox's filters, cursor and batch view as a query string (no leading "?"). */
export function inboxQuery(values: InboxView['values'], after?: string | null, batch = false): string {
  const params = new URLSearchParams();
  for (const name of inboxParams) {
    const value = values[name];
    if (value) params.set(name, value);
  }
  if (after) params.set('despues', after);
  if (batch) params.set('lote', '1');
  return params.toString();
}

/** The inbox address with the given filters, cursor and batch view. */
export function inboxHref(slug: string, values: InboxView['values'], after?: string | null, batch = false): string {
  const query = inboxQuery(values, after, batch);
  return query ? `${panelPaths.inbox(slug)}?${query}` : panelPaths.inbox(slug);
}

export function inboxPage(frame: ConsoleFrame, view: InboxView): Html {
  const slug = frame.emergency?.slug as string;
  const filtered = inboxParams.some((name) => view.values[name]);
  return consolePage(
    { ...frame, title: 'Bandeja de revisión', current: 'inbox', script: true },
    html`${view.backlog ?? ''}${
      view.bulk?.matchingError
        ? html`<div class="errors" role="alert"><p>No se rechazó nada: ${view.bulk.matchingError}</p></div>`
        : ''
    }${view.result ? resultSection(slug, view.result) : ''}${filterForm(slug, view)}${batchForm(frame, slug, view)}
${view.page ? listing(frame, slug, view, view.page, filtered) : html`<p>Corrija los filtros para ver la bandeja.</p>`}`,
  );
}

function filterForm(slug: string, view: InboxView): Html {
  const sources = [...new Set([...view.sources, ...(view.values.origen ? [view.values.origen] : [])])];
  const common = { errors: view.errors, blank: 'Todas' };
  const open = Object.keys(view.errors).length > 0 || inboxParams.some((name) => view.values[name]);
  return html`<details class="card filter-form"${open ? html` open` : ''}><summary>Filtrar la bandeja</summary>
<form method="get" action="${panelPaths.inbox(slug)}">
${
  Object.keys(view.errors).length > 0
    ? html`<div class="errors" role="alert"><p>Revise los filtros: ${Object.values(view.errors).join(' ')}</p></div>`
    : ''
}
<div class="filter-fields">
${select({ ...common, name: 'categoria', label: 'Categoría', value: view.values.categoria, options: categoryOptions })}
${select({
  ...common,
  name: 'tipo',
  label: 'Tipo',
  value: view.values.tipo,
  blank: 'Todos',
  options: Object.entries(typeLabels),
})}
${select({ ...common, name: 'urgencia', label: 'Urgencia', value: view.values.urgencia, options: urgencyOptions })}
${select({
  ...common,
  name: 'origen',
  label: 'Origen',
  value: view.values.origen,
  blank: 'Todos',
  options: sources.map((s) => [s, s] as const),
})}
${select({ ...common, name: 'espera', label: 'Esperando', value: view.values.espera, blank: 'Cualquier tiempo', options: waitOptions })}
</div>
<p><button type="submit" class="secondary">Filtrar</button> <a href="${panelPaths.inbox(slug)}">Quitar filtros</a></p>
</form></details>`;
}

const skipLabels: Record<DecideManyResult['skipped'][number]['reason'], string> = {
  stale_version: 'cambió después de cargar la bandeja: revísela otra vez',
  not_pending: 'ya no estaba pendiente (otra persona la decidió)',
  not_found: 'no existe en esta emergencia',
};

function resultSection(slug: string, result: NonNullable<InboxView['result']>): Html {
  const { decided, skipped } = result.outcome;
  const n = decided.length;
  const done =
    result.decision === 'aprobar'
      ? n === 1
        ? 'Se aprobó 1 publicación: ya es pública.'
        : `Se aprobaron ${n} publicaciones: ya son públicas.`
      : n === 1
        ? 'Se rechazó 1 publicación. No se mostrará.'
        : `Se rechazaron ${n} publicaciones. No se mostrarán.`;
  return html`<section class="bulk-result" aria-labelledby="resultado"><h2 id="resultado" class="flash" role="status">${done}</h2>
${n > 0 ? html`<details><summary>Cuáles</summary><ul class="decided">${decided.map((d) => html`<li>${d.title}</li>`)}</ul></details>` : ''}
${
  skipped.length > 0
    ? html`<div class="warn" role="alert"><p><strong>${skipped.length === 1 ? 'Se omitió 1' : `Se omitieron ${skipped.length}`}: no se ${
        result.decision === 'aprobar' ? 'publicó' : 'rechazó'
      } nada de ${skipped.length === 1 ? 'ella' : 'ellas'}.</strong></p><ul class="skipped">${skipped.map(
        (s) =>
          html`<li data-id="${s.id}">${
            s.reason === 'stale_version'
              ? html`<a href="${panelPaths.review(slug, s.id)}">${s.title ?? s.id}</a>`
              : (s.title ?? 'una publicación')
          }: ${skipLabels[s.reason]}</li>`,
      )}</ul></div>`
    : ''
}</section>`;
}

/** The inbox's order with a trusted source's cards first and each likely-duplicate cluster together. */
function arranged(view: InboxView, items: InboxItem[]): { lane: InboxItem[]; rest: InboxItem[] } {
  const trusted = view.trusted ?? new Set<string>();
  const byId = new Map(items.map((item) => [item.record.id, item]));
  const ordered = (view.clusters ?? items.map((item) => [item.record.id])).flatMap((ids) =>
    ids.flatMap((id) => byId.get(id) ?? []),
  );
  return {
    lane: ordered.filter((item) => trusted.has(item.record.id)),
    rest: ordered.filter((item) => !trusted.has(item.record.id)),
  };
}

/**
 * Taking the next 20 cards as this leader's batch (others' inboxes skip them while it is held), or, when the page
 * shows the batch, letting it go.
 */
function batchForm(frame: ConsoleFrame, slug: string, view: InboxView): Html {
  const csrf = csrfField(frame.user?.csrf ?? '');
  const filters = inboxParams.map((name) =>
    view.values[name] ? html`<input type="hidden" name="${name}" value="${view.values[name] ?? ''}">` : '',
  );
  if (view.batch) {
    return html`<div class="batch card"><p><strong>Su lote</strong>: ${
      view.page ? formatNumber(view.page.total) : '0'
    } por decidir. Los demás líderes no las ven mientras usted las revisa (salvo las urgentes y los rescates).</p>
<form method="post" action="${panelPaths.inbox(slug)}/revisar-siguientes" class="inline">${csrf}${filters}<button type="submit">Tomar 20 más</button></form>
<form method="post" action="${panelPaths.inbox(slug)}/soltar" class="inline">${csrf}${filters}<button type="submit" class="secondary">Soltar el lote</button></form>
<a href="${inboxHref(slug, view.values)}">Ver toda la bandeja</a></div>`;
  }
  return html`<form method="post" action="${panelPaths.inbox(slug)}/revisar-siguientes" class="batch">${csrf}${filters}<button type="submit">Revisar los siguientes 20</button> <small>Se los reserva: los demás líderes no los ven mientras usted decide.</small></form>`;
}

function listing(frame: ConsoleFrame, slug: string, view: InboxView, page: InboxPage, filtered: boolean): Html {
  if (page.items.length === 0) {
    if (view.batch) {
      return html`<p>Su lote está terminado: no le queda nada por decidir. Tome los siguientes 20 con el botón de arriba.</p>`;
    }
    return view.after
      ? html`<p>No hay más publicaciones en esta bandeja. <a href="${inboxHref(slug, view.values)}">Volver al principio</a></p>`
      : filtered
        ? html`<p>Nada pendiente coincide con estos filtros.</p>`
        : html`<p>No hay nada pendiente de revisión. Las nuevas publicaciones aparecerán aquí.</p>`;
  }
  const bulk = view.bulk ?? {};
  const back = inboxQuery(view.values, view.after, view.batch);
  const { lane, rest } = arranged(view, page.items);
  const card = (item: InboxItem, lane: boolean) => {
    const flags = view.flags?.get(item.record.id) ?? [];
    return inboxCard(slug, item, {
      now: view.now,
      back,
      flags,
      // Pre-selected: the cards of the leader's own batch and a trusted source's, never one with a mark to look at.
      checked: bulk.selected ? bulk.selected.has(item.record.id) : (lane || view.batch === true) && flags.length === 0,
      claimedBy: view.claimedBy?.get(item.record.id) ?? null,
      form: BULK_FORM,
    });
  };
  return html`<p>${
    page.items.length < page.total
      ? `${plural(page.total, filtered ? SHOWN_OF_MATCHING : SHOWN_OF, 'es', { shown: formatNumber(page.items.length) })} `
      : filtered
        ? `${plural(page.total, MATCHING, 'es')} `
        : ''
  }Orden: primero las urgentes, luego las que llevan más tiempo esperando. Se deciden hasta 100 a la vez; las que cambien antes de enviar no se deciden: se listan para revisarlas otra vez.<span class="keys"> Teclado: j y k para moverse, x selecciona, a aprueba, r rechaza con un motivo, e corrige.</span></p>
<div class="inbox-wrap">
${bulkBar(frame, slug, view, back)}
${
  lane.length > 0
    ? html`<section aria-labelledby="carril-confiable"><h2 id="carril-confiable" class="lane">${TRUSTED_LANE_LABEL} (${formatNumber(lane.length)})</h2>
<p class="note">Enviadas con la clave de una integración que la administración marcó como confiable. Vienen seleccionadas, salvo las que tienen una marca: igual hay que aprobarlas.</p>
<ol class="inbox">${lane.map((item) => card(item, true))}</ol></section>`
    : ''
}
${lane.length > 0 && rest.length > 0 ? html`<h2 class="lane">Las demás (${formatNumber(rest.length)})</h2>` : ''}
<ol class="inbox">${rest.map((item) => card(item, false))}</ol>
</div>
${filtered && !view.batch ? rejectMatchingForm(frame, slug, view, page) : ''}
${pager(slug, view, page)}`;
}

/**
 * Rejection (only) of everything the filters match, for a flood of spam from one source: what was waiting when this
 * page was drawn, unchanged since, and not held by a colleague. The leader confirms the count.
 */
function rejectMatchingForm(frame: ConsoleFrame, slug: string, view: InboxView, page: InboxPage): Html {
  const count = formatNumber(page.total);
  const error = view.bulk?.matchingError;
  return html`<details class="card reject-matching" id="rechazar-todas"${error ? html` open` : ''}><summary>Rechazar todas las que coinciden con estos filtros (${count})…</summary>
<form method="post" action="${panelPaths.inbox(slug)}/rechazar-coincidentes">${csrfField(frame.user?.csrf ?? '')}${inboxParams.map(
    (name) => (view.values[name] ? html`<input type="hidden" name="${name}" value="${view.values[name] ?? ''}">` : ''),
  )}<input type="hidden" name="mostrada" value="${view.now.toISOString()}">
<p class="note">Solo se puede rechazar así, nunca aprobar. No se rechazan las que lleguen o cambien después de cargar esta página, ni las que otro líder tiene en su lote.</p>
<p class="field"><label for="motivo-todas">Motivo del rechazo</label><input id="motivo-todas" name="reason" maxlength="300" aria-describedby="motivo-todas-ayuda"><small id="motivo-todas-ayuda">Solo lo ven los líderes; queda en el historial de cada una.</small></p>
<p><label><input type="checkbox" name="confirmar" value="${String(page.total)}"> Sí, rechazar las ${count}</label></p>
<p><button type="submit" class="danger">Rechazar todas las que coinciden</button></p>
</form></details>`;
}

/** The decisions on the selected cards, kept at the top of the screen while the leader scrolls. */
function bulkBar(frame: ConsoleFrame, slug: string, view: InboxView, back: string): Html {
  const bulk = view.bulk ?? {};
  const base = panelPaths.inbox(slug);
  // With the script, the held batch is let go when the leader leaves the inbox (pagehide).
  const release = view.batch ? html` data-soltar="${base}/soltar"` : '';
  return html`<form id="${BULK_FORM}" method="post" action="${base}/aprobar-seleccionados" class="bulk-bar" aria-label="Decidir sobre las seleccionadas"${release}>${csrfField(
    frame.user?.csrf ?? '',
  )}<input type="hidden" name="volver" value="${back}">
${bulk.error ? html`<div class="errors" role="alert"><p>${bulk.error}</p></div>` : ''}
<span class="selected-count"></span>
<button type="submit">Aprobar seleccionadas</button>
<details class="reject-many"${bulk.reasonError || bulk.reason ? html` open` : ''}><summary>Rechazar seleccionadas…</summary>
<p class="field${bulk.reasonError ? ' invalid' : ''}"><label for="reason">Motivo del rechazo</label>${
    bulk.reasonError ? html`<span class="error" id="reason-error">${bulk.reasonError}</span>` : ''
  }<input id="reason" name="reason" maxlength="300" value="${bulk.reason ?? ''}" aria-describedby="reason-help${
    bulk.reasonError ? ' reason-error' : ''
  }"${bulk.reasonError ? html` aria-invalid="true"` : ''}><small id="reason-help">Solo lo ven los líderes; queda en el historial de cada una.</small></p>
<button type="submit" class="danger" formaction="${base}/rechazar-seleccionados">Rechazar seleccionadas</button></details>
</form>`;
}

function pager(slug: string, view: InboxView, page: InboxPage): Html {
  if (!page.next && !view.after) return html``;
  return html`<nav class="pages" aria-label="Páginas de la bandeja">${
    view.after ? html`<a href="${inboxHref(slug, view.values)}">Primeras</a> ` : ''
  }${page.next ? html`<a href="${inboxHref(slug, view.values, page.next)}" rel="next">Siguientes</a>` : ''}</nav>`;
}
