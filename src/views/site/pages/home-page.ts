// /: the two actions people come for ("Quiero ayudar" opens /ayudar: the needs first, then offering), then each
// active emergency with its panorama (the same as the API's).
import { urls } from '../../../presenters/urls.ts';
import type { Panorama } from '../../../schemas/public-help.ts';
import { catalogue, strings } from '../catalogue.ts';
import { type Block, code, heading, type Inline, type Lang, link, type SiteDocument, text } from '../document.ts';
import { plural } from '../plural.ts';
import { quantityText } from '../quantity.ts';
import { HELP_CHOICE_PATH } from '../site-paths.ts';
import { actions, categoryName, fill, formatDate, formatNumber, localized, recordPath } from './record-page.ts';

type PanoramaEmergency = Panorama['emergencies'][number];

/** Statuses down, kinds across: three columns fit a phone without scrolling sideways. */
function counts(e: PanoramaEmergency, lang: Lang): Block[] {
  const t = strings(catalogue.home, lang);
  const n = (value: number) => formatNumber(value, lang);
  const { requests, offers } = e.counts;
  const row = (label: string, key: keyof typeof requests): Inline[][] => [
    [label],
    [n(requests[key])],
    [n(offers[key])],
  ];
  return [
    {
      kind: 'table',
      caption: t.countsCaption,
      head: [t.status, t.requests, t.offers],
      rows: [
        row(t.active, 'active'),
        row(t.inProcess, 'in_process'),
        row(t.completed, 'completed'),
        row(t.total, 'total'),
      ],
    },
    {
      kind: 'fields',
      items: [
        [t.urgentRequests, [n(e.counts.urgentRequests)]],
        [t.centres, [n(e.counts.collectionCenters)]],
      ],
    },
  ];
}

function urgentNeeds(e: PanoramaEmergency, lang: Lang): Block[] {
  const t = strings(catalogue.home, lang);
  if (e.urgentNeeds.length === 0) return [heading(t.urgentTitle, 3), text(t.noUrgent)];
  // Already in priority order; two columns leave the title room on a phone.
  return [
    heading(t.urgentTitle, 3),
    {
      kind: 'table',
      head: [t.need, t.category],
      rows: e.urgentNeeds.map((need) => [
        [link(localized(recordPath(need.id), lang), need.title)],
        [categoryName(need.category, lang)],
      ]),
    },
  ];
}

/** How many quantity lines the home page shows per emergency: a phone screen, not the whole list. */
export const HOME_QUANTITIES = 5;

/**
 * The lines with the most still missing, one per category and unit: readable on a phone, and one string so the
 * twin keeps its spaces. The emergency's page has them all.
 */
function quantities(e: PanoramaEmergency, lang: Lang): Block[] {
  const t = strings(catalogue.home, lang);
  const lines = e.quantities.byCategory;
  if (lines.length === 0) return [heading(t.quantitiesTitle, 3), text(t.noQuantities)];
  // A stable sort: equal shortfalls keep the panorama's category order.
  const top = [...lines].sort((a, b) => b.pending - a.pending).slice(0, HOME_QUANTITIES);
  const more =
    lines.length > top.length
      ? [text(link(localized(urls.emergencyPage('', e.slug), lang), plural(lines.length, t.seeAll, lang)))]
      : [];
  return [
    heading(t.quantitiesTitle, 3),
    {
      kind: 'list',
      items: top.map((line) => [
        `${categoryName(line.category, lang)}: ${quantityText({ ...line, unit: line.unit || null }, lang)}`,
      ]),
    },
    ...more,
  ];
}

function routes(e: PanoramaEmergency, lang: Lang): Block[] {
  const t = strings(catalogue.home, lang);
  const r = e.routes;
  return [
    heading(t.routesTitle, 3),
    {
      kind: 'fields',
      items: [
        [t.route_available, [formatNumber(r.available, lang)]],
        [t.route_assigned, [formatNumber(r.assigned, lang)]],
        [t.route_in_transit, [formatNumber(r.in_transit, lang)]],
        [t.route_delivered, [formatNumber(r.delivered, lang)]],
        [t.route_cancelled, [formatNumber(r.cancelled, lang)]],
      ],
    },
    text(link(localized(`/rutas?emergencia=${encodeURIComponent(e.slug)}`, lang), fill(t.seeRoutes, { name: e.name }))),
  ];
}

function emergencyCard(e: PanoramaEmergency, lang: Lang): Block {
  const t = strings(catalogue.home, lang);
  const page = localized(urls.emergencyPage('', e.slug), lang);
  return {
    kind: 'section',
    title: e.name,
    className: 'card emergencia',
    blocks: [
      {
        kind: 'paragraph',
        className: 'meta',
        content: [fill(t.since, { date: formatDate(e.startedAt, lang, false) })],
      },
      { kind: 'paragraph', className: 'ir', content: [link(page, fill(t.openPage, { name: e.name }))] },
      ...counts(e, lang),
      ...urgentNeeds(e, lang),
      ...quantities(e, lang),
      ...routes(e, lang),
    ],
  };
}

export function homePage(overview: Panorama, lang: Lang): SiteDocument {
  const t = strings(catalogue.home, lang);
  const api = urls.api('', { view: 'panorama' });
  return {
    path: localized('/', lang),
    lang,
    nav: 'home',
    title: t.title,
    summary: t.summary,
    blocks: [
      text(t.intro),
      actions(
        [[link(localized('/necesito-ayuda', lang), t.needHelp)], [link(localized(HELP_CHOICE_PATH, lang), t.give)]],
        'acciones principales',
      ),
      ...(overview.emergencies.length === 0
        ? [{ kind: 'paragraph', className: 'vacio', content: [t.none] } as Block]
        : overview.emergencies.map((e) => emergencyCard(e, lang))),
      // For programs: the twin says where the same overview is as JSON (the call as code, not as words people read);
      // the page leaves it to "Datos abiertos".
      { kind: 'twin', content: [link(api, t.openData), ': ', code(`GET ${api}`)] },
    ],
  };
}
