// /rutas: the available logistics routes of an emergency, from the same LogisticsOperation the API sends, so the
// volunteer's contact cannot appear here: it is not in that shape.
import { logisticsRoute } from '../../../contract/routes/logistics.ts';
import { urls } from '../../../presenters/urls.ts';
import type { LogisticsOperation } from '../../../schemas/logistics-operation.ts';
import { catalogue, strings } from '../catalogue.ts';
import { type Block, type Lang, link, type SiteDocument, text } from '../document.ts';
import { plural } from '../plural.ts';
import {
  ageInWords,
  type EmergencyChoice,
  type EmergencyRef,
  fill,
  fillInline,
  formatDate,
  formatNumber,
  hoursSince,
  pagePath,
  withLang,
} from './info-common.ts';
import { OFFER_PATH } from './offer-form-page.ts';

type Strings = ReturnType<typeof routesStrings>;
const routesStrings = (lang: Lang) => strings(catalogue.routes, lang);

export interface RoutesInput {
  choice: EmergencyChoice;
  /** Read when choice is one emergency. */
  operations?: LogisticsOperation[];
  lang: Lang;
  baseUrl: string;
  now: Date;
}

/** "Agua potable" -> "agua potable" inside a sentence; "ACPM" and "Cruz Roja" keep their capitals. */
function midSentence(text: string): string {
  const [first, second] = [...text];
  if (!first || !second || second !== second.toLowerCase()) return text;
  return first.toLowerCase() + text.slice(first.length);
}

/** What the route carries and where to, as a person says it: "Llevar agua a Barrio Obrero". */
export function routeTitle(op: Pick<LogisticsOperation, 'supply_description' | 'destination_address'>, t: Strings) {
  const what = midSentence(op.supply_description.trim());
  // An approximate destination ends with "(ubicación aproximada, …)": the card says so; the title needs only the place.
  const destination = op.destination_address?.replace(/\s*\([^)]*\)\s*$/, '').trim();
  return destination ? fill(t.routeTitle, { what, destination }) : fill(t.routeTitleNoDestination, { what });
}

/** Where a volunteer who offered sees the team's answer and marks the route, with the code. */
export const MY_ROUTE_PATH = '/mi-ruta';

/** Where a volunteer offers to take an available route ("Quiero llevar esta ruta"). */
export const claimPath = (id: string) => `/rutas/${encodeURIComponent(id)}/llevar`;

/** The paragraph of a route card's "Quiero llevar esta ruta", drawn as a button (sitio.css). */
export const CLAIM_BUTTON_CLASS = 'llevar-ruta';

/** A route's public facts, as the list shows them: the card here and the offer's own page alike. */
export function routeFacts(op: LogisticsOperation, lang: Lang, now: Date): Block {
  const t = routesStrings(lang);
  const since = fill(t.sinceValue, {
    date: formatDate(op.created_at, lang),
    age: ageInWords(hoursSince(op.created_at, now), t, lang),
  });
  return {
    kind: 'fields',
    items: [
      // The name the team gave it stays findable: it is how they speak of the route.
      [t.routeName, [op.title]],
      [t.what, [op.supply_description]],
      [t.quantity, [op.quantity_label ?? t.notGiven]],
      // The place, then its link on a line of its own (a touch target): never a lone "(" left above the link.
      [t.pickup, [`${op.pickup_address} `, link(urls.osm(op.pickup_latitude, op.pickup_longitude), t.map)]],
      [
        t.destination,
        [
          `${op.destination_address || t.notGiven} `,
          link(withLang(`/ayudas/${encodeURIComponent(op.destination_help_point_id)}`, lang), t.destinationLink),
        ],
      ],
      [t.distance, [fill(t.distanceKm, { km: formatNumber(op.distance_km, lang) })]],
      [t.conditions, [op.route_conditions ?? t.conditionsNone]],
      [t.since, [since]],
    ],
  };
}

function routeCard(op: LogisticsOperation, t: Strings, lang: Lang, now: Date): Block {
  return {
    kind: 'section',
    className: 'card route',
    id: `ruta-${op.id}`,
    title: routeTitle(op, t),
    // The list holds available routes only: each one takes offers.
    blocks: [
      routeFacts(op, lang, now),
      // The one thing to do with a route: a button, not a line of text.
      { kind: 'paragraph', className: CLAIM_BUTTON_CLASS, content: [link(withLang(claimPath(op.id), lang), t.claim)] },
    ],
  };
}

function chooser(emergencies: EmergencyRef[], t: Strings, lang: Lang): Block[] {
  if (emergencies.length === 0) return [text(t.noneActive)];
  return [
    text(t.chooseIntro),
    {
      kind: 'list',
      items: emergencies.map((e) => [link(pagePath('/rutas', { emergencia: e.slug }, lang), e.name)]),
    },
  ];
}

export function routesPage(input: RoutesInput): SiteDocument {
  const { choice, lang } = input;
  const t = routesStrings(lang);
  const base = { lang, nav: 'routes' };
  if (choice.kind === 'invalid' || choice.kind === 'unknown') {
    const invalid = choice.kind === 'invalid';
    const message = invalid ? fill(t.badRequest, { param: choice.param }) : fill(t.unknown, { slug: choice.slug });
    return {
      ...base,
      path: pagePath('/rutas', {}, lang),
      status: invalid ? 400 : 404,
      title: invalid ? t.badRequestTitle : t.unknownTitle,
      summary: message,
      blocks: [text(message), text(link(pagePath('/rutas', {}, lang), t.back))],
    };
  }
  if (choice.kind === 'choose') {
    return {
      ...base,
      path: pagePath('/rutas', {}, lang),
      title: t.title,
      summary: t.summary,
      blocks: chooser(choice.emergencies, t, lang),
    };
  }
  const { emergency } = choice;
  const operations = input.operations ?? [];
  const api = `${logisticsRoute.path}?emergencia=${encodeURIComponent(emergency.slug)}`;
  const blocks: Block[] = [
    text(t.intro),
    text(link(withLang(OFFER_PATH, lang), t.offerTransport)),
    ...(operations.length > 0 ? [text(t.claimIntro)] : []),
    // Someone who offered comes back here for the answer, even once no route is left.
    text(...fillInline(t.myRoute, 'link', [link(withLang(MY_ROUTE_PATH, lang), t.myRouteLink)])),
    operations.length === 0 ? text(t.none) : text(plural(operations.length, t.count, lang)),
    ...operations.map((op) => routeCard(op, t, lang, input.now)),
    // For programs, in the twin only: people find the same through "Datos abiertos" in the footer.
    { kind: 'markdown', text: `## ${t.dataTitle}` },
    { kind: 'twin', content: [link(api, t.dataJson)] },
    { kind: 'twin', content: [link(withLang('/desarrolladores', lang), t.dataDevelopers)] },
    { kind: 'markdown', text: t.apiCall },
    { kind: 'markdown', text: `\`\`\`sh\ncurl '${urls.logistics(input.baseUrl, emergency.slug)}'\n\`\`\`` },
  ];
  return {
    ...base,
    path: pagePath('/rutas', { emergencia: emergency.slug }, lang),
    title: fill(t.titleIn, { emergency: emergency.name }),
    summary: fill(t.summaryIn, { emergency: emergency.name }),
    blocks,
  };
}
