// /ayudas/:id: everything public about one record, in words; also how a record's values read on every page.
import { reachableOnWhatsapp } from '../../../channels/adapters.ts';
import { type Category, categoryLabels } from '../../../domain/categories.ts';
import { municipalityByCode } from '../../../domain/municipalities.ts';
import { saidPeople } from '../../../domain/people-given.ts';
import { groupedPhone, smsUrl, telUrl, whatsappUrl } from '../../../domain/phone.ts';
import { urls } from '../../../presenters/urls.ts';
import type { HelpMatch } from '../../../schemas/help-matches.ts';
import type { PublicHelp } from '../../../schemas/public-help.ts';
import { catalogue, strings } from '../catalogue.ts';
import type { Block, Inline, Lang, SiteDocument } from '../document.ts';
import { code, link, localized, text } from '../document.ts';
import { fill, formatAmount, formatNumber } from '../format.ts';
import { quantityText } from '../quantity.ts';
import {
  allCommitted,
  commitmentFields,
  newFormKey,
  pledgeable,
  pledgePath,
  pledgersLine,
  pledgeSection,
} from './pledge-page.ts';

export { fill, formatNumber, localized };

export type RecordWords = ReturnType<typeof recordWords>;

export function recordWords(lang: Lang) {
  return strings(catalogue.record, lang);
}

const locale = (lang: Lang) => (lang === 'es' ? 'es-CO' : 'en');

/** Times as people in Colombia read them, whatever the server's zone. */
export function formatDate(iso: string, lang: Lang, withTime = true): string {
  return new Intl.DateTimeFormat(locale(lang), {
    dateStyle: 'long',
    ...(withTime ? { timeStyle: 'short' } : {}),
    timeZone: 'America/Bogota',
  }).format(new Date(iso));
}

export function categoryName(category: string, lang: Lang): string {
  return categoryLabels[category as Category]?.[lang] ?? category;
}

export function recordPath(id: string): string {
  return urls.help('', id);
}

// How a quantity and a place read on every page: one rule each, shared with the lists and the home page.
export { placeText } from '../address.ts';
export { quantityText } from '../quantity.ts';

/** Links shown as buttons: a list, so the twin keeps one link per line. */
export function actions(items: Inline[][], className = 'acciones'): Block {
  return { kind: 'section', className, blocks: [{ kind: 'list', items }] };
}

function whatsappLink(item: PublicHelp, lang: Lang): string {
  const t = recordWords(lang);
  const message = fill(t.whatsappMessage, { name: item.contact.name, title: item.title, url: item.publicUrl });
  return whatsappUrl(item.contact.whatsapp, message);
}

const card = (title: string, blocks: Block[], id?: string): Block => ({
  kind: 'section',
  title,
  className: 'card ficha',
  id,
  blocks,
});

function about(item: PublicHelp, lang: Lang): Block {
  const t = recordWords(lang);
  const emergencyName =
    item.emergency.status === 'closed' ? fill(t.emergencyClosed, { name: item.emergency.name }) : item.emergency.name;
  const fields: [string, Inline[]][] = [
    [t.fEmergency, [link(localized(urls.emergencyPage('', item.emergency.slug), lang), emergencyName)]],
    [t.fType, [t[`type_${item.type}`]]],
    [t.fCategory, [categoryName(item.category, lang)]],
    // An offer's urgency is a default nobody chose: only requests show it.
    ...(item.type === 'request' ? ([[t.fUrgency, [t[`urgency_${item.urgency}`]]]] as [string, Inline[]][]) : []),
    [t.fStatus, [t[`status_${item.status}`]]],
    [t.fOperational, [t[`op_${item.operationalStatus}`]]],
    [t.fPriority, [fill(t.priorityValue, { score: formatNumber(item.priorityScore, lang) })]],
    [t.fCreated, [formatDate(item.createdAt, lang)]],
    [t.fUpdated, [formatDate(item.updatedAt, lang)]],
    [t.fId, [code(item.id)]],
  ];
  return card(t.aboutTitle, [{ kind: 'fields', items: fields }]);
}

/** "Mocoa": the municipality's own name (DIVIPOLA), else the public label ("Mocoa, Putumayo"); null without either. */
function municipalityName(location: PublicHelp['location']): string | null {
  return municipalityByCode(location.municipalityCode)?.name ?? location.municipality;
}

function place(item: PublicHelp, lang: Lang): Block {
  const t = recordWords(lang);
  const { location } = item;
  const approximate = location.precision === 'approximate';
  const fields: [string, Inline[]][] = [];
  // Only an exact place shows a street; the others never had it loaded, and the check keeps the rule visible here.
  if (location.address && location.precision === 'exact') fields.push([t.fAddress, [location.address]]);
  if (location.neighborhood) fields.push([t.fNeighborhood, [location.neighborhood]]);
  if (location.municipality) fields.push([t.fMunicipality, [location.municipality]]);
  const town = location.precision === 'municipality' ? municipalityName(location) : null;
  if (town !== null) {
    // Placed only by its municipality: its public point is the town's, which would read as the person's own.
    fields.push([t.fPrecision, [fill(t.inMunicipality, { name: town })]]);
  } else if (location.latitude !== null && location.longitude !== null) {
    fields.push([t.fCoordinates, [`${location.latitude}, ${location.longitude}`]]);
    // Offers are always exact; a request says which it is, since most are not.
    const precision = { exact: t.exactPlace, approximate: t.approximate, municipality: t.municipalityPlace };
    if (item.type === 'request') fields.push([t.fPrecision, [precision[location.precision]]]);
  }
  if (location.mapUrl) fields.push([t.fMap, [link(location.mapUrl, t.openMap)]]);
  if (fields.length === 0) return card(t.placeTitle, [text(t.noPlace)]);
  const note: Block[] = approximate ? [{ kind: 'paragraph', className: 'note', content: [t.approximateNote] }] : [];
  return card(t.placeTitle, [{ kind: 'fields', items: fields }, ...note]);
}

function contact(item: PublicHelp, lang: Lang, teamContact: string | null): Block {
  const t = recordWords(lang);
  // The team's own contact, set by the administration: for what the person on the record cannot answer.
  const team: Block[] = teamContact
    ? [{ kind: 'paragraph', className: 'note equipo', content: [fill(t.teamContact, { contact: teamContact })] }]
    : [];
  return card(t.contactTitle, [
    {
      kind: 'fields',
      items: [
        [t.fName, [item.contact.name]],
        // Grouped as people read a number aloud; the links carry it whole. Someone who wrote on a channel whose
        // number may have no WhatsApp (SMS) is given a phone number.
        reachableOnWhatsapp(item.contact.channel)
          ? [t.fWhatsapp, [link(whatsappLink(item, lang), groupedPhone(item.contact.whatsapp))]]
          : [t.fPhone, [link(telUrl(item.contact.whatsapp), groupedPhone(item.contact.whatsapp))]],
      ],
    },
    { kind: 'paragraph', className: 'note', content: [t.contactNote] },
    ...team,
  ]);
}

function quantities(item: PublicHelp, lang: Lang): Block[] {
  const q = item.quantities;
  if (!q) return [];
  const t = recordWords(lang);
  const fields: [string, Inline[]][] = [];
  const people = saidPeople(q);
  if (people !== null) fields.push([t.fPeople, [formatNumber(people, lang)]]);
  if (q.required !== null) fields.push([t.fRequired, [formatAmount(q.required, q.unit, lang)]]);
  fields.push([t.fCovered, [formatAmount(q.covered, q.unit, lang)]]);
  if (q.pending !== null) fields.push([t.fPending, [formatAmount(q.pending, q.unit, lang)]]);
  // What people said they will bring, beside covered and pending (which a pledge never changes); never who.
  if (item.status !== 'completed') fields.push(...commitmentFields(item, lang));
  if (q.coveredFraction !== null) {
    fields.push([t.fCoveredShare, [fill(t.percent, { n: formatNumber(Math.round(q.coveredFraction * 100), lang) })]]);
  }
  const pledgers = item.status !== 'completed' ? pledgersLine(item, lang) : [];
  return [card(t.quantitiesTitle, [{ kind: 'fields', items: fields }, ...pledgers])];
}

function resources(item: PublicHelp, lang: Lang): Block[] {
  if (item.resources.length === 0) return [];
  const t = recordWords(lang);
  return [
    card(t.resourcesTitle, [
      {
        kind: 'list',
        items: item.resources.map((r) => [
          `${r.label}: ${
            quantityText(
              { required: r.quantityRequired, covered: r.quantityCovered, pending: r.quantityPending, unit: r.unit },
              lang,
            ) ?? fill(t.coveredOnly, { covered: formatAmount(r.quantityCovered, r.unit, lang) })
          }`,
        ]),
      },
    ]),
  ];
}

function verification(item: PublicHelp, lang: Lang): Block {
  const t = recordWords(lang);
  const { verifiedAt } = item.verification;
  const sentence = verifiedAt
    ? fill(t.verified, { who: t.team, at: formatDate(verifiedAt, lang) })
    : fill(t.verifiedNoDate, { who: t.team });
  return card(t.verificationTitle, [
    text(sentence),
    { kind: 'paragraph', className: 'note', content: [t.verificationMethod] },
  ]);
}

function logistics(item: PublicHelp, lang: Lang): Block[] {
  const l = item.logistics;
  if (!l) return [];
  const t = recordWords(lang);
  const yesNo = (value: boolean) => (value ? t.yes : t.no);
  const fields: [string, Inline[]][] = [];
  if (item.type === 'request') {
    fields.push([t.fDeliverable, [yesNo(l.deliverable)]]);
    if (l.pendingQuantity !== null) fields.push([t.fPendingDelivery, [formatAmount(l.pendingQuantity, l.unit, lang)]]);
    const routes = `/rutas?emergencia=${encodeURIComponent(item.emergency.slug)}`;
    fields.push([
      t.fRoutes,
      l.availableRoutes > 0
        ? [`${formatNumber(l.availableRoutes, lang)} · `, link(localized(routes, lang), t.seeRoutes)]
        : [formatNumber(0, lang)],
    ]);
  } else {
    if (l.needsTransport !== null) fields.push([t.fNeedsTransport, [yesNo(l.needsTransport)]]);
    if (l.vehicle) fields.push([t.fVehicle, [l.vehicle]]);
    if (l.capacityKg !== null) fields.push([t.fCapacityKg, [fill(t.kg, { n: formatNumber(l.capacityKg, lang) })]]);
    if (l.capacityBoxes !== null) fields.push([t.fCapacityBoxes, [formatNumber(l.capacityBoxes, lang)]]);
    if (l.passengerCapacity !== null) fields.push([t.fPassengers, [formatNumber(l.passengerCapacity, lang)]]);
    if (l.zones) fields.push([t.fZones, [l.zones]]);
    if (l.availableUntil) fields.push([t.fAvailableUntil, [formatDate(`${l.availableUntil}T12:00:00Z`, lang, false)]]);
  }
  return fields.length ? [card(t.logisticsTitle, [{ kind: 'fields', items: fields }])] : [];
}

function collectionCentre(item: PublicHelp, lang: Lang): Block[] {
  const centre = item.collectionCenter;
  if (!centre) return [];
  const t = recordWords(lang);
  const centres = `/centros?emergencia=${encodeURIComponent(item.emergency.slug)}`;
  return [
    card(t.centreTitle, [
      { kind: 'fields', items: [[t.fCentreStatus, [t[`centre_${centre.status}`]]]] },
      {
        kind: 'list',
        items: [[link(localized(centres, lang), t.centreInventory)]],
      },
      { kind: 'twin', content: [link(centre.inventoryUrl, t.centreInventoryJson)] },
    ]),
  ];
}

/** "Quién podría ayudar": the offers and centres a request's suggestions name, each with why (public fields only). */
function whoCouldHelp(item: PublicHelp, matches: HelpMatch[], lang: Lang): Block[] {
  const offers = matches.filter((match) => match.type === 'offer');
  if (item.type !== 'request' || offers.length === 0) return [];
  const t = recordWords(lang);
  return [
    card(
      t.matchesTitle,
      [
        text(t.matchesIntro),
        {
          kind: 'list',
          items: offers.map((match) => {
            // The reason is written in Spanish; an English page says the same from the fields.
            const distance = match.distanceKm === null ? null : `${formatNumber(match.distanceKm, lang)} km`;
            const why =
              lang === 'es' ? match.reason : [categoryName(match.category, lang), distance].filter(Boolean).join(', ');
            return [link(localized(recordPath(match.id), lang), match.title), ` — ${why}`];
          }),
        },
        { kind: 'twin', content: [link(`${urls.api('')}/${encodeURIComponent(item.id)}/matches`, t.matchesJson)] },
      ],
      'quien-podria-ayudar',
    ),
  ];
}

/** An event's words; a pledge event says how much ("Alguien se comprometió a llevar 20 bidones"), never who. */
function timelineLabel(event: PublicHelp['timeline'][number], item: PublicHelp, lang: Lang): string {
  const t = recordWords(lang);
  const pledge = event.kind.startsWith('pledge');
  if (!pledge || event.quantity === null) return t[`timeline_${event.kind}`];
  // A delivery in another unit than the request's says so: it added nothing to covered when it happened.
  const amount = formatAmount(event.quantity, event.unit ?? item.quantities?.unit ?? null, lang);
  const what = event.unit ? fill(t.timelineUnconverted, { amount }) : amount;
  return fill(t[`timeline_${event.kind as 'pledged'}_amount`], { what });
}

function timeline(item: PublicHelp, lang: Lang): Block {
  const t = recordWords(lang);
  return card(
    t.timelineTitle,
    [
      {
        kind: 'list',
        ordered: true,
        // One string per event: the twin's renderer trims each part, so parts would lose their spaces.
        items: item.timeline.map((event) => {
          const parts = [`${formatDate(event.at, lang)} — ${timelineLabel(event, item, lang)}`];
          if (event.status) parts.push(fill(t.timelineStatus, { status: t[`status_${event.status}`] }));
          if (event.note) parts.push(event.note);
          return [parts.join('. ')];
        }),
      },
    ],
    'historia',
  );
}

/**
 * "Por confirmar" or "Venció", with the date of the last confirmation (a date, not an age: the page may be kept in a
 * cache until the record changes), and where its sender confirms it; nothing while it is current.
 */
function confirmationNote(item: PublicHelp, lang: Lang): Block[] {
  const { state, confirmedAt } = item.confirmation;
  if (state === 'current' || confirmedAt === null) return [];
  const t = recordWords(lang);
  return [
    {
      kind: 'paragraph',
      className: 'note',
      content: [
        { b: fill(t[`confirmation_${state}`], { date: formatDate(confirmedAt, lang, false) }) },
        ` ${t.confirmationHow}`,
        link(localized('/estado', lang), t.confirmationLink),
        '.',
      ],
    },
  ];
}

/**
 * Whether the request still lacks something a person can say they will bring: it takes pledges (pledgeable) and,
 * when it asks for a quantity, some of it is still unpledged. The same rule decides whether pledgeSection shows its
 * form or "everything is pledged".
 */
export function lacksSomething(item: PublicHelp): boolean {
  return pledgeable(item) && !allCommitted(item);
}

/**
 * "Voy a llevar" right under the description, as a button to the pledge form's own page: on a long record page the
 * form itself is far down. Only while something is still lacking; the link carries nothing but the record's id.
 */
function pledgeButton(item: PublicHelp, lang: Lang): Block[] {
  if (!lacksSomething(item)) return [];
  const label = strings(catalogue.pledge, lang).sectionTitle;
  return [actions([[link(localized(pledgePath(item.id), lang), label)]], 'acciones llevar')];
}

/**
 * The record's page. teamContact is how to reach the emergency's team (set by the administration), shown as a
 * quiet line beside the contact; the JSON address is for programs, so only the twin carries it. pledgeKey is the
 * "Voy a llevar" form's key: a new one each time the page is drawn.
 */
export function recordPage(
  item: PublicHelp,
  lang: Lang,
  teamContact: string | null = null,
  matches: HelpMatch[] = [],
  pledgeKey: string = newFormKey(),
): SiteDocument {
  const t = recordWords(lang);
  const json = urls.api('', { view: 'detail', id: item.id });
  return {
    path: localized(recordPath(item.id), lang),
    lang,
    title: item.title,
    summary: fill(t.summary, {
      type: t[`type_${item.type}`],
      category: categoryName(item.category, lang),
      emergency: item.emergency.name,
    }),
    blocks: [
      ...confirmationNote(item, lang),
      text(item.description || t.noDescription),
      ...pledgeButton(item, lang),
      // Not everyone has WhatsApp, or data to use it: the same number can be called.
      actions(
        reachableOnWhatsapp(item.contact.channel)
          ? [[link(whatsappLink(item, lang), t.whatsapp)], [link(telUrl(item.contact.whatsapp), t.call)]]
          : [[link(telUrl(item.contact.whatsapp), t.call)], [link(smsUrl(item.contact.whatsapp), t.sms)]],
      ),
      about(item, lang),
      place(item, lang),
      contact(item, lang, teamContact),
      // Next to the contact a scam would show: anyone can tell the emergency's leaders (never shown in public).
      text(link(localized(`${recordPath(item.id)}/reportar`, lang), strings(catalogue.report, lang).link)),
      ...quantities(item, lang),
      ...resources(item, lang),
      // "Voy a llevar": a plain form, only on a request that still takes pledges.
      ...pledgeSection(item, lang, pledgeKey),
      verification(item, lang),
      ...logistics(item, lang),
      ...collectionCentre(item, lang),
      ...whoCouldHelp(item, matches, lang),
      timeline(item, lang),
      text(
        link(
          localized(urls.emergencyPage('', item.emergency.slug), lang),
          fill(t.backToEmergency, { name: item.emergency.name }),
        ),
      ),
      { kind: 'twin', content: [link(json, t.json)] },
    ],
  };
}
