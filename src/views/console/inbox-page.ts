// The review inbox: filters, one page in inbox order with likely duplicates, and a bulk rejection form.
import { categoryLabel } from '../../domain/categories.ts';
import { municipalityByCode, municipalityLabel } from '../../domain/municipalities.ts';
import type { InboxItem, InboxPage } from '../../queries/review-inbox.ts';
import { type Html, html } from '../html.ts';
import { ago, type Errors, select, textarea, when } from './controls.ts';
import { categoryOptions, duplicateReasonLabels, typeLabels, urgencyLabels, urgencyOptions } from './labels.ts';
import { type ConsoleFrame, consolePage, csrfField, panelPaths } from './layout.ts';
import { withoutPoint } from './record-fields.ts';

/** Query parameter names of the inbox filters (and the page cursor). */
export const inboxParams = ['categoria', 'tipo', 'urgencia', 'origen', 'espera'] as const;
export type InboxParam = (typeof inboxParams)[number];

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
  bulk?: { error?: string; reasonError?: string; reason?: string; selected?: Set<string> };
}

/** The inbox address with the given filters and cursor. */
export function inboxHref(slug: string, values: InboxView['values'], after?: string | null): string {
  const params = new URLSearchParams();
  for (const name of inboxParams) {
    const value = values[name];
    if (value) params.set(name, value);
  }
  if (after) params.set('despues', after);
  const query = params.toString();
  return query ? `${panelPaths.inbox(slug)}?${query}` : panelPaths.inbox(slug);
}

export function inboxPage(frame: ConsoleFrame, view: InboxView): Html {
  const slug = frame.emergency?.slug as string;
  const filtered = inboxParams.some((name) => view.values[name]);
  return consolePage(
    { ...frame, title: 'Bandeja de revisión', current: 'inbox' },
    html`${filterForm(slug, view)}
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

function listing(frame: ConsoleFrame, slug: string, view: InboxView, page: InboxPage, filtered: boolean): Html {
  if (page.items.length === 0) {
    return view.after
      ? html`<p>No hay más publicaciones en esta bandeja. <a href="${inboxHref(slug, view.values)}">Volver al principio</a></p>`
      : filtered
        ? html`<p>Nada pendiente coincide con estos filtros.</p>`
        : html`<p>No hay nada pendiente de revisión. Las nuevas publicaciones aparecerán aquí.</p>`;
  }
  const bulk = view.bulk ?? {};
  const csrf = frame.user?.csrf ?? '';
  const action = inboxHref(slug, view.values, view.after).replace(
    panelPaths.inbox(slug),
    `${panelPaths.inbox(slug)}/rechazar-seleccionados`,
  );
  return html`<p>${
    page.items.length < page.total
      ? `Se muestran ${page.items.length} de ${page.total}${filtered ? ' que coinciden con los filtros' : ''}. `
      : filtered
        ? `${page.total} coinciden con los filtros. `
        : ''
  }Orden: primero las urgentes, luego las que llevan más tiempo esperando.</p>
<form method="post" action="${action}" class="bulk">${csrfField(csrf)}
<ol class="inbox">${page.items.map((item) => card(slug, item, view.now, bulk.selected))}</ol>
<section class="card" aria-labelledby="rechazo-masivo"><h2 id="rechazo-masivo">Rechazar seleccionados</h2>
${bulk.error ? html`<div class="errors" role="alert"><p>${bulk.error}</p></div>` : ''}
${textarea({
  name: 'reason',
  label: 'Motivo del rechazo',
  required: true,
  maxlength: 300,
  value: bulk.reason ?? '',
  help: 'Solo lo ven los líderes. Queda en el historial de cada publicación rechazada.',
  errors: bulk.reasonError ? { reason: bulk.reasonError } : {},
})}
<p class="note">Hasta 100 a la vez. Las que cambien antes de enviar este formulario no se rechazan: se listan para revisarlas otra vez.</p>
<p><button type="submit" class="danger">Rechazar seleccionados</button></p>
</section>
</form>
${pager(slug, view, page)}`;
}

function pager(slug: string, view: InboxView, page: InboxPage): Html {
  if (!page.next && !view.after) return html``;
  return html`<nav class="pages" aria-label="Páginas de la bandeja">${
    view.after ? html`<a href="${inboxHref(slug, view.values)}">Primeras</a> ` : ''
  }${page.next ? html`<a href="${inboxHref(slug, view.values, page.next)}" rel="next">Siguientes</a>` : ''}</nav>`;
}

/** "Mocoa, Putumayo", or a dash for a record with no municipality. */
function municipalityName(code: string | null): string {
  const m = municipalityByCode(code);
  return m ? municipalityLabel(m) : '—';
}

function card(slug: string, item: InboxItem, now: Date, selected: Set<string> | undefined): Html {
  const record = item.record;
  const value = `${record.id}:${record.content_version}`;
  return html`<li class="card${record.urgency === 'urgent' ? ' urgent' : ''}">
<p class="pick"><input type="checkbox" id="sel-${record.id}" name="seleccion" value="${value}"${
    selected?.has(record.id) ? html` checked` : ''
  }> <label for="sel-${record.id}">Seleccionar<span class="sr-only"> «${record.title}»</span></label></p>
<h2><a href="${panelPaths.review(slug, record.id)}">${record.title}</a></h2>
<p class="meta">${item.isRevision ? html`<strong class="tag">Revisión de un registro publicado</strong> · ` : ''}${typeLabels[record.type]} · ${categoryLabel(record.category)}${
    record.type === 'request' ? ` · ${urgencyLabels[record.urgency]}` : ''
  } · recibida <time datetime="${item.waitingSince}">${when(item.waitingSince)}</time> (${ago(item.waitingSince, now)}) · origen ${record.source}</p>
<p>${record.contact_name} · ${record.address ?? 'sin dirección'}${
    withoutPoint(record)
      ? html` · <strong class="tag">sin punto exacto</strong> (${municipalityName(record.municipality_code)})`
      : ''
  }</p>
${
  item.duplicates.length > 0
    ? html`<p class="warn">Posible duplicado: ${item.duplicates.map(
        (d, i) =>
          html`${i > 0 ? ', ' : ''}<a href="${panelPaths.compare(slug, record.id, d.record.id)}">${d.record.title}</a> (${d.reasons
            .map((r) => duplicateReasonLabels[r])
            .join(' y ')})`,
      )}</p>`
    : ''
}
</li>`;
}
