// /emergencias/:slug: filters as a plain GET form, the list they select a page at a time ("Ver más" is a plain
// link), and every record they select on a map (an enhancement: /static/mapa.js draws the listed points, carried
// as inert JSON, then asks the map-points API for all of them in the visible area).
import { bounds } from '../../../domain/bounds.ts';
import { categories } from '../../../domain/categories.ts';
import type { ErrorDetail } from '../../../errors.ts';
import { urls } from '../../../presenters/urls.ts';
import { HXL_LICENSE } from '../../../schemas/hxl.ts';
import type { HelpFilters, HelpList, Panorama, PublicHelp } from '../../../schemas/public-help.ts';
import { type Html, html, trusted } from '../../html.ts';
import { placeText } from '../address.ts';
import { catalogue, strings } from '../catalogue.ts';
import type { Block, Inline, Lang, SiteDocument } from '../document.ts';
import { link, text } from '../document.ts';
import { plural } from '../plural.ts';
import { quantityText } from '../quantity.ts';
import { OFFER_PATH } from './offer-form-page.ts';
import {
  actions,
  categoryName,
  fill,
  formatDate,
  formatNumber,
  localized,
  recordPath,
  recordWords,
} from './record-page.ts';

export interface EmergencyView {
  emergency: Panorama['emergencies'][number];
  /** The filters as written in the URL (empty ones and lang left out): they refill the form and the links. */
  filters: Record<string, string>;
  /** The list the filters select; null when they are invalid. */
  list: HelpList | null;
  errors: ErrorDetail[];
  /** The municipality filter's choices: code and name, in name order. */
  municipalities: { code: string; name: string }[];
  /** The municipality the list is near (NEAR_PARAMETER), null when none was chosen. */
  near: NearPlace | null;
  /** "Nearest first" was chosen with no place: the list is in priority order and the page asks for a municipality. */
  sortWithoutPlace: boolean;
}

/**
 * The page's own parameter (not the API's) for "near this municipality": a DIVIPOLA code. The page searches from
 * the municipality's point, so a phone without GPS, or a browser without JavaScript, can still list the nearest first.
 */
export const NEAR_PARAMETER = 'cerca';

/** A municipality chosen to search near: its DIVIPOLA code and its name ("Mocoa, Putumayo"). */
export interface NearPlace {
  code: string;
  name: string;
}

/** The error of a NEAR_PARAMETER that names no municipality that can be chosen. */
export function unknownNearPlace(lang: Lang): ErrorDetail {
  return { field: NEAR_PARAMETER, code: 'unknown_municipality', message: words(lang).nearUnknown };
}

type Words = ReturnType<typeof words>;
const words = (lang: Lang) => strings(catalogue.emergency, lang);

const MAP_SCRIPTS = ['/static/leaflet/leaflet.js', '/static/markercluster/leaflet.markercluster.js'];
// The clusters draw with sitio.css (.grupo), so markercluster's default theme is not loaded.
const MAP_STYLES = ['/static/leaflet/leaflet.css', '/static/markercluster/MarkerCluster.css'];

/** Parameters with no control of their own, kept when the form is sent again (unless they are the error). */
const kept = ['limit', 'logistics', 'capacity'] as const;

function pagePath(slug: string, filters: Record<string, string>, lang: Lang): string {
  const query = new URLSearchParams(filters).toString();
  return localized(`${urls.emergencyPage('', slug)}${query ? `?${query}` : ''}`, lang);
}

function fieldLabel(field: string, t: Words): string {
  const labels: Record<string, string> = {
    type: t.fType,
    category: t.fCategory,
    status: t.fStatus,
    priority: t.fPriority,
    q: t.fQ,
    latitude: t.fLatitude,
    longitude: t.fLongitude,
    radiusKm: t.fRadiusKm,
    sort: t.fSort,
    municipalityCode: t.fMunicipality,
    cursor: t.fCursor,
    limit: t.fLimit,
    logistics: t.fLogistics,
    capacity: t.fCapacity,
    commitment: t.fCommitment,
    emergencySlug: t.fEmergencySlug,
    view: t.fView,
    id: t.fId,
    [NEAR_PARAMETER]: t.fNear,
  };
  return Object.hasOwn(labels, field) ? (labels[field] ?? field) : field;
}

function select(id: string, name: string, label: string, options: [string, string][], chosen: string | undefined) {
  return html`<div class="field"><label for="${id}">${label}</label><select id="${id}" name="${name}">${options.map(
    ([value, text]) =>
      html`<option value="${value}"${value === (chosen ?? '') ? html` selected` : ''}>${text}</option>`,
  )}</select></div>`;
}

function input(id: string, name: string, label: string, value: string | undefined, extra: Html = html``) {
  return html`<div class="field"><label for="${id}">${label}</label><input id="${id}" name="${name}" value="${value ?? ''}"${extra}></div>`;
}

/**
 * "Solo lo que falta comprometer": commitment=uncommitted, the requests with something nobody pledged yet. A box
 * that sends nothing when unticked, so the list is back to every record.
 */
function uncommittedBox(chosen: string | undefined, t: Words): Html {
  return html`<div class="field casilla"><input type="checkbox" id="f-commitment" name="commitment" value="uncommitted"${
    chosen === 'uncommitted' ? html` checked` : ''
  } aria-describedby="f-commitment-ayuda"><label for="f-commitment">${t.commitmentUncommitted}</label><p class="note" id="f-commitment-ayuda">${
    t.commitmentHelp
  }</p></div>`;
}

/**
 * A municipality select's choices: the municipalities with records, and the one chosen even when it has none (so the
 * form keeps it, or a link named it).
 */
function municipalityChoices(view: EmergencyView, chosen: { code: string; name: string } | null): [string, string][] {
  const options = view.municipalities.map((m): [string, string] => [m.code, m.name]);
  if (chosen && !options.some(([code]) => code === chosen.code)) options.push([chosen.code, chosen.name]);
  return options;
}

/** The id of the filter form: "Cambiar filtros" points into it, which opens the folded panel where browsers can. */
const FILTER_FORM_ID = 'filtrar';

/**
 * The filters in a panel that is open only to correct an error: once filters are applied the results come first,
 * and the summary line above them says what was chosen and leads back here.
 */
function filterForm(view: EmergencyView, lang: Lang): Html {
  const t = words(lang);
  const f = view.filters;
  const open = view.errors.length > 0;
  return html`<details class="filtros"${open ? html` open` : ''}><summary>${t.filtersTitle}</summary>
<form method="get" id="${FILTER_FORM_ID}" action="${urls.emergencyPage('', view.emergency.slug)}">
${lang === 'en' ? html`<input type="hidden" name="lang" value="en">` : ''}
${kept
  .filter((name) => f[name] !== undefined && !view.errors.some((e) => e.field === name))
  .map((name) => html`<input type="hidden" name="${name}" value="${f[name]}">`)}
<div class="filtros-campos">
${select(
  'f-type',
  'type',
  t.fType,
  [
    ['all', t.typeAll],
    ['request', t.typeRequest],
    ['offer', t.typeOffer],
  ],
  f.type ?? 'all',
)}
${select('f-category', 'category', t.fCategory, [['', t.categoryAll], ...categories.map((c): [string, string] => [c, categoryName(c, lang)])], f.category)}
${select(
  'f-status',
  'status',
  t.fStatus,
  [
    ['active', t.statusActive],
    ['in_process', t.statusInProcess],
    ['completed', t.statusCompleted],
    ['all', t.statusAll],
  ],
  f.status ?? 'active',
)}
${uncommittedBox(f.commitment, t)}
${select(
  'f-priority',
  'priority',
  t.fPriority,
  [
    ['all', t.priorityAll],
    ['urgent', t.priorityUrgent],
    ['deficit', t.priorityDeficit],
    ['near_covered', t.priorityNearCovered],
  ],
  f.priority ?? 'all',
)}
${select(
  'f-sort',
  'sort',
  t.fSort,
  [
    ['priority', t.sortPriority],
    ['distance', t.sortDistance],
  ],
  f.sort ?? 'priority',
)}
${select(
  'f-municipality',
  'municipalityCode',
  t.fMunicipality,
  [
    ['', t.municipalityAll],
    ...municipalityChoices(
      view,
      view.filters.municipalityCode
        ? { code: view.filters.municipalityCode, name: view.filters.municipalityCode }
        : null,
    ),
  ],
  f.municipalityCode,
)}
${input('f-q', 'q', t.fQ, f.q, html` type="search" maxlength="120" aria-describedby="f-q-ayuda"`)}
<p class="note" id="f-q-ayuda">${t.qHelp}</p>
</div>
<fieldset class="cerca"><legend>${t.nearTitle}</legend>
<div class="filtros-campos">
${select('f-cerca', NEAR_PARAMETER, t.fNear, [['', t.nearNone], ...municipalityChoices(view, view.near)], f[NEAR_PARAMETER])}
<p class="note">${t.nearPlaceHelp}</p>
</div>
<p class="note" id="cerca-ayuda">${t.nearHelp}</p>
<div class="filtros-campos">
${input('f-latitude', 'latitude', t.fLatitude, f.latitude, html` inputmode="decimal" aria-describedby="cerca-ayuda"`)}
${input('f-longitude', 'longitude', t.fLongitude, f.longitude, html` inputmode="decimal" aria-describedby="cerca-ayuda"`)}
${input('f-radius', 'radiusKm', t.fRadiusKm, f.radiusKm, html` inputmode="decimal" placeholder="25"`)}
</div>
<button type="button" id="cerca" class="secundario" hidden>${t.nearMe}</button>
<p id="cerca-error" class="error" role="status" hidden>${t.nearMeFailed}</p>
</fieldset>
<p class="botones"><button type="submit">${t.apply}</button> <a href="${localized(urls.emergencyPage('', view.emergency.slug), lang)}">${t.clear}</a></p>
</form></details>`;
}

/** JSON inside <script type="application/json">: "<" and friends escaped so no text can close the element. */
function inertJson(value: unknown): Html {
  const json = JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return trusted(`<script type="application/json" id="puntos">${json}</script>`);
}

/** The map-points API with the list's filters (not its page, order or size): the map asks it for its area. */
function mapPointsPath(filters: HelpFilters): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value === null || name === 'limit') continue;
    query.set(name, String(value));
  }
  return `/api/public/v1/map-points?${query}`;
}

/** What the map's popups say of a record the page did not list: the same words as the list. */
function popupWords(lang: Lang) {
  const t = words(lang);
  const r = recordWords(lang);
  const q = strings(catalogue.quantity, lang);
  return {
    open: t.open,
    loading: t.loading,
    whatsapp: t.whatsapp,
    approximate: r.approximate,
    pending: q.pending,
    covered: q.covered,
    types: { request: r.type_request, offer: r.type_offer },
    urgencies: { urgent: r.urgency_urgent, needed: r.urgency_needed, stable: r.urgency_stable },
    categories: Object.fromEntries(categories.map((c) => [c, categoryName(c, lang)])),
  };
}

function mapBlock(view: EmergencyView, list: HelpList, lang: Lang): Block {
  const t = words(lang);
  const r = recordWords(lang);
  const items = list.items;
  const placed = items.filter((i) => i.location.latitude !== null && i.location.longitude !== null);
  const { latitude, longitude } = view.emergency;
  const f = list.filters;
  const data = {
    labels: {
      open: t.open,
      zoomIn: t.zoomIn,
      zoomOut: t.zoomOut,
      attribution: t.attribution,
      records: t.listTitle,
      here: t.here,
      zoomToGroup: t.zoomToGroup,
    },
    popup: popupWords(lang),
    lang,
    total: list.total,
    center: latitude !== null && longitude !== null ? [latitude, longitude] : null,
    near:
      f.latitude !== null && f.longitude !== null
        ? { lat: f.latitude, lon: f.longitude, radiusKm: f.radiusKm ?? bounds.radiusKm.default }
        : null,
    pointsUrl: mapPointsPath(f),
    detailUrl: '/api/public/v1/help?view=detail&id=',
    recordUrl: localized(recordPath('ID'), lang),
    points: placed.map((i) => ({
      id: i.id,
      type: i.type,
      urgency: i.urgency,
      title: i.title,
      lat: i.location.latitude,
      lon: i.location.longitude,
      approx: i.location.precision !== 'exact',
      precision: i.location.precision,
      url: localized(recordPath(i.id), lang),
      quantity: quantityText(i.quantities, lang),
      label: [
        r[`type_${i.type}`],
        categoryName(i.category, lang),
        i.type === 'request' ? r[`urgency_${i.urgency}`] : '',
        i.location.precision === 'approximate'
          ? r.approximate
          : i.location.precision === 'municipality'
            ? r.municipalityPlace
            : '',
      ]
        .filter(Boolean)
        .join(' · '),
    })),
  };
  const missing = items.length - placed.length;
  return {
    kind: 'html',
    html: html`<div class="mapa-caja">
<div id="mapa" role="region" aria-label="${t.mapLabel}" hidden></div>
<ul class="leyenda" hidden>
<li><span class="marca marca-request marca-urgent"></span> ${t.legendUrgent}</li>
<li><span class="marca marca-request marca-needed"></span> ${t.legendRequest}</li>
<li><span class="marca marca-request marca-stable"></span> ${t.legendStable}</li>
<li><span class="marca marca-offer"></span> ${t.legendOffer}</li>
<li><span class="marca marca-request marca-aprox"></span> ${t.legendApprox}</li>
</ul>
<p class="mapa-aviso" id="mapa-aviso" role="status" hidden>${t.tilesFailed}</p>
${missing > 0 ? html`<p class="note">${plural(missing, t.noPlaceNote, lang)}</p>` : ''}
${placed.some((i) => i.location.precision !== 'exact') ? html`<p class="note">${t.approxNote}</p>` : ''}
${inertJson(data)}
</div>`,
  };
}

/** "En el municipio de Mocoa, Putumayo (sin punto exacto)": a record placed by its municipality alone has no distance. */
function distanceText(item: PublicHelp, lang: Lang): string | null {
  const t = words(lang);
  const r = recordWords(lang);
  if (item.location.precision === 'municipality' && item.location.municipality) {
    return fill(t.inMunicipality, { name: item.location.municipality });
  }
  return item.location.distanceKm === null
    ? null
    : fill(r.distance, { km: formatNumber(item.location.distanceKm, lang) });
}

function itemBlock(item: PublicHelp, lang: Lang, searchedNear: boolean): Block {
  const t = words(lang);
  const r = recordWords(lang);
  const facts = [
    r[`type_${item.type}`],
    categoryName(item.category, lang),
    ...(item.type === 'request' ? [r[`urgency_${item.urgency}`]] : []),
    r[`status_${item.status}`],
    r[`op_${item.operationalStatus}`],
    // "Por confirmar, desde el 12 de mayo": a date, not an age, since the list may be cached until something changes.
    ...(item.confirmation.state === 'to_confirm' && item.confirmation.confirmedAt
      ? [fill(r.listToConfirm, { date: formatDate(item.confirmation.confirmedAt, lang, false) })]
      : []),
  ].join(' · ');
  const details: [string, Inline[]][] = [[t.fPlace, [placeText(item.location, lang) ?? t.noPlace]]];
  const distance = searchedNear ? distanceText(item, lang) : null;
  if (distance) details.push([t.fDistance, [distance]]);
  const quantity = quantityText(item.quantities, lang);
  if (quantity) details.push([t.fQuantity, [quantity]]);
  return {
    kind: 'section',
    className: `item item-${item.type}${item.type === 'request' && item.urgency === 'urgent' ? ' urgent' : ''}`,
    blocks: [
      { kind: 'paragraph', className: 'titulo', content: [link(localized(recordPath(item.id), lang), item.title)] },
      { kind: 'paragraph', className: 'meta', content: [facts] },
      { kind: 'fields', items: details },
    ],
  };
}

/** True when the search point is the chosen municipality's (no coordinates typed): the page names the municipality. */
function nearMunicipality(view: EmergencyView): NearPlace | null {
  return view.near && view.filters.latitude === undefined && view.filters.longitude === undefined ? view.near : null;
}

function appliedFilters(view: EmergencyView, list: HelpList, lang: Lang): string {
  const t = words(lang);
  const f = list.filters;
  const near = nearMunicipality(view);
  const parts = [
    { all: t.typeAll, request: t.typeRequest, offer: t.typeOffer }[f.type],
    { all: t.statusAll, active: t.statusActive, in_process: t.statusInProcess, completed: t.statusCompleted }[f.status],
  ];
  if (f.category) parts.push(categoryName(f.category, lang));
  if (f.priority !== 'all') {
    parts.push(
      { urgent: t.priorityUrgent, deficit: t.priorityDeficit, near_covered: t.priorityNearCovered }[f.priority],
    );
  }
  if (f.commitment === 'uncommitted') parts.push(t.commitmentUncommitted);
  if (f.q) parts.push(fill(t.appliedQ, { q: f.q }));
  if (near) {
    parts.push(
      fill(t.appliedNearPlace, { km: formatNumber(f.radiusKm ?? bounds.radiusKm.default, lang), name: near.name }),
    );
  } else if (f.latitude !== null && f.longitude !== null) {
    parts.push(
      fill(t.appliedNear, {
        km: formatNumber(f.radiusKm ?? bounds.radiusKm.default, lang),
        lat: String(f.latitude),
        lon: String(f.longitude),
      }),
    );
  }
  return `${t.applied} ${parts.join(' · ')}`;
}

function found(view: EmergencyView, list: HelpList, lang: Lang): Block[] {
  const t = words(lang);
  const found = plural(list.total, t.foundCount, lang);
  const continued = view.filters.cursor !== undefined;
  if (list.returned < list.total || continued) {
    const count = continued ? t.shownNextCount : t.shownCount;
    return [
      {
        kind: 'paragraph',
        className: 'contador',
        content: [fill(t.shown, { found, shown: plural(list.returned, count, lang) })],
      },
    ];
  }
  return [{ kind: 'paragraph', className: 'contador', content: [fill(t.found, { found })] }];
}

/** "Ver más": the next page as a plain link (the cursor in the URL), and the way back to the first page. */
function paging(view: EmergencyView, list: HelpList, lang: Lang): Block[] {
  const t = words(lang);
  const { cursor: _cursor, ...filters } = view.filters;
  const links: Inline[][] = [];
  if (list.nextCursor) {
    links.push([
      link(`${pagePath(view.emergency.slug, { ...filters, cursor: list.nextCursor }, lang)}#lista`, t.showMore),
    ]);
  }
  if (view.filters.cursor !== undefined) {
    links.push([link(`${pagePath(view.emergency.slug, filters, lang)}#lista`, t.firstPage)]);
  }
  return links.length > 0 ? [actions(links, 'acciones paginas')] : [];
}

/**
 * Above the results once filters are applied: "12 resultados · Cerca de Mocoa, Putumayo · Cambiar filtros", so a phone
 * shows at once that something changed; and, when "nearest first" came without a place, how to give one.
 */
function summaryLine(view: EmergencyView, list: HelpList, lang: Lang): Block[] {
  const t = words(lang);
  const blocks: Block[] = [];
  if (Object.keys(view.filters).length > 0) {
    const near = nearMunicipality(view);
    const said = [
      plural(list.total, t.resultsCount, lang),
      ...(near ? [fill(t.summaryNear, { name: near.name })] : []),
    ];
    // The way back to the form is the page's: the twin has no form, only the line.
    blocks.push(
      {
        kind: 'html',
        html: html`<p class="resumen">${said.map((part) => html`${part} · `)}<a href="#${FILTER_FORM_ID}">${t.changeFilters}</a></p>`,
      },
      { kind: 'twin', content: [said.join(' · ')] },
    );
  }
  if (view.sortWithoutPlace) blocks.push({ kind: 'paragraph', className: 'aviso', content: [t.sortNeedsPlace] });
  return blocks;
}

function results(view: EmergencyView, list: HelpList, lang: Lang): Block[] {
  const t = words(lang);
  const searchedNear = list.filters.latitude !== null && list.filters.longitude !== null;
  return [
    ...summaryLine(view, list, lang),
    { kind: 'paragraph', className: 'meta', content: [appliedFilters(view, list, lang)] },
    ...found(view, list, lang),
    {
      kind: 'section',
      className: 'vista',
      blocks: [
        mapBlock(view, list, lang),
        {
          kind: 'section',
          title: t.listTitle,
          className: 'lista',
          id: 'lista',
          blocks: [
            ...(list.items.length ? list.items.map((item) => itemBlock(item, lang, searchedNear)) : [text(t.nothing)]),
            ...paging(view, list, lang),
          ],
        },
      ],
    },
  ];
}

function errors(view: EmergencyView, lang: Lang): Block[] {
  if (view.errors.length === 0) return [];
  const t = words(lang);
  return [
    {
      kind: 'section',
      className: 'errors',
      id: 'errores',
      blocks: [
        text(t.errorsTitle),
        // The colon outside the bold: Markdown only closes "**" before a letter when a letter precedes it.
        { kind: 'list', items: view.errors.map((e) => [{ b: fieldLabel(e.field, t) }, `: ${e.message}`]) },
      ],
    },
  ];
}

/** Both HXL exports of the emergency, with their licence and credit (DANE, for the DIVIPOLA names). */
function openData(slug: string, lang: Lang): Block {
  const t = words(lang);
  return {
    kind: 'section',
    title: t.dataTitle,
    className: 'datos',
    id: 'datos-abiertos',
    blocks: [
      text(t.dataIntro),
      actions([
        [link(urls.hxlExport('', 'csv', slug), t.dataCsv)],
        [link(urls.hxlExport('', 'excel', slug), t.dataExcel)],
        [link(urls.hxlExport('', 'json', slug), t.dataJson)],
      ]),
      text(
        t.dataLicence,
        ' ',
        link(HXL_LICENSE.url, t.dataLicenceLink),
        ' · ',
        link(localized('/desarrolladores#datos-abiertos', lang), t.dataHow),
      ),
    ],
  };
}

/** The page's filters as the API takes them: the chosen municipality as its point, no "nearest first" without one. */
function apiFilters(view: EmergencyView): Record<string, string> {
  const { [NEAR_PARAMETER]: _near, ...filters } = view.filters;
  const f = view.list?.filters;
  if (view.near && f && f.latitude !== null && f.longitude !== null) {
    filters.latitude = String(f.latitude);
    filters.longitude = String(f.longitude);
  }
  if (view.sortWithoutPlace) delete filters.sort;
  return filters;
}

export function emergencyPage(view: EmergencyView, lang: Lang): SiteDocument {
  const t = words(lang);
  const e = view.emergency;
  const api = urls.api('', { view: 'list', emergencySlug: e.slug, ...apiFilters(view) });
  const counts = fill(t.counts, {
    requests: formatNumber(e.counts.requests.active, lang),
    urgent: formatNumber(e.counts.urgentRequests, lang),
    offers: formatNumber(e.counts.offers.active, lang),
    centres: formatNumber(e.counts.collectionCenters, lang),
  });
  const centres = `/centros?emergencia=${encodeURIComponent(e.slug)}`;
  return {
    path: pagePath(e.slug, view.filters, lang),
    lang,
    title: e.name,
    summary: fill(t.summary, { name: e.name }),
    status: view.errors.length ? 400 : 200,
    // Without a list there is no map to draw: only the script of the "near me" button.
    scripts: view.list ? [...MAP_SCRIPTS, '/static/mapa.js'] : ['/static/mapa.js'],
    styles: view.list ? MAP_STYLES : [],
    blocks: [
      ...(e.status === 'closed' ? [{ kind: 'paragraph', className: 'errors', content: [t.closed] } as Block] : []),
      { kind: 'paragraph', className: 'meta', content: [counts] },
      actions([
        [link(localized('/necesito-ayuda', lang), t.need)],
        [link(localized(OFFER_PATH, lang), t.give)],
        [link(localized(centres, lang), t.centres)],
      ]),
      ...errors(view, lang),
      { kind: 'html', html: filterForm(view, lang) },
      ...(view.list ? results(view, view.list, lang) : []),
      openData(e.slug, lang),
      // People read the page; programs find the API in the twin (and the site's "Datos abiertos" page).
      { kind: 'markdown', text: fill(t.api, { call: `GET ${api}` }) },
      { kind: 'markdown', text: t.twinFilters },
    ],
  };
}
