// /centros: what each published collection centre of an emergency has and needs, each line with its age and a
// stale warning; with a category, who has it and who needs it across centres.

import { inventoryRoute } from '../../../contract/routes/inventory.ts';
import { type Category, categories, categoryLabels } from '../../../domain/categories.ts';
import { STALE_AFTER_HOURS } from '../../../domain/inventory.ts';
import type { CollectionCenterStatus } from '../../../domain/statuses.ts';
import { urls } from '../../../presenters/urls.ts';
import type { Inventario, InventoryCenter, InventoryLine } from '../../../schemas/inventory.ts';
import { catalogue, strings } from '../catalogue.ts';
import { type Block, bold, heading, type Inline, type Lang, link, type SiteDocument, text } from '../document.ts';
import { plural } from '../plural.ts';
import {
  ageInWords,
  type EmergencyChoice,
  type EmergencyRef,
  fill,
  formatNumber,
  pagePath,
  withLang,
} from './info-common.ts';

type Strings = ReturnType<typeof centresStrings>;
const centresStrings = (lang: Lang) => strings(catalogue.centres, lang);

export interface CentresInput {
  choice: EmergencyChoice;
  /** Read when choice is one emergency. */
  inventory?: Inventario;
  category?: Category;
  lang: Lang;
  baseUrl: string;
}

const PLACES_PATH = '/api/aid-places/places';

function statusLabel(status: CollectionCenterStatus | null, t: Strings): string {
  if (status === 'full') return t.statusFull;
  if (status === 'needs_volunteers') return t.statusNeedsVolunteers;
  if (status === 'needs_resources') return t.statusNeedsResources;
  return t.statusUnknown;
}

/** "120 bidones · actualizado hace 3 horas", the note and, after 24 h, the warning a person cannot miss. */
function lineDetails(line: InventoryLine, t: Strings, lang: Lang): Inline[] {
  const parts: Inline[] = [`${formatNumber(line.quantity, lang)} ${line.unit}`];
  if (line.note) parts.push(` (${line.note})`);
  parts.push(` · ${fill(t.updated, { age: ageInWords(line.hoursSinceUpdate, t, lang) })}`);
  if (line.stale) parts.push(' · ', bold(`⚠ ${plural(STALE_AFTER_HOURS, t.stale, lang)}`));
  return parts;
}

/** One paragraph per line, so a stale line carries a class and stands out, not only its words. */
const lineBlock = (line: InventoryLine, lead: Inline[], t: Strings, lang: Lang): Block => ({
  kind: 'paragraph',
  className: line.stale ? 'line stale' : 'line',
  content: [...lead, ...lineDetails(line, t, lang)],
});

function linesBlocks(lines: InventoryLine[], t: Strings, lang: Lang): Block[] {
  if (lines.length === 0) return [text(t.nothingDeclared)];
  return lines.map((line) => lineBlock(line, [bold(categoryLabels[line.category][lang]), ': '], t, lang));
}

const recordPath = (id: string) => `/ayudas/${encodeURIComponent(id)}`;

function centreCard(centre: InventoryCenter, t: Strings, lang: Lang): Block {
  return {
    kind: 'section',
    className: 'card centre',
    id: `centro-${centre.collectionCenterId}`,
    title: centre.title,
    blocks: [
      {
        kind: 'fields',
        items: [
          [t.status, [statusLabel(centre.status, t)]],
          [t.address, [centre.location ?? t.noAddress]],
          [t.record, [link(withLang(recordPath(centre.collectionCenterId), lang), t.recordLink)]],
        ],
      },
      heading(`${t.have} (${plural(centre.have.length, t.lines, lang)})`, 3),
      ...linesBlocks(centre.have, t, lang),
      heading(`${t.need} (${plural(centre.need.length, t.lines, lang)})`, 3),
      ...linesBlocks(centre.need, t, lang),
    ],
  };
}

/** Lines of one category across centres, each naming its centre and linking to the centre's record. */
function acrossCentres(lines: InventoryLine[], centres: InventoryCenter[], t: Strings, lang: Lang): Block[] {
  const titles = new Map(centres.map((c) => [c.collectionCenterId, c.title]));
  return lines.map((line) =>
    lineBlock(
      line,
      [link(withLang(recordPath(line.collectionCenterId), lang), titles.get(line.collectionCenterId) ?? ''), ': '],
      t,
      lang,
    ),
  );
}

/** A category inside a question: "¿Quién tiene agua?", not "¿Quién tiene Agua?". */
function categoryInSentence(category: Category, lang: Lang): string {
  const label = categoryLabels[category][lang];
  return label.charAt(0).toLowerCase() + label.slice(1);
}

function categoryBlocks(inventory: Inventario, category: Category, slug: string, t: Strings, lang: Lang): Block[] {
  const label = categoryInSentence(category, lang);
  const needs = inventory.centers.flatMap((centre) => centre.need);
  return [
    {
      kind: 'section',
      className: 'card',
      id: 'quien-tiene',
      title: fill(t.whoHas, { category: label }),
      blocks:
        inventory.stock.length > 0
          ? acrossCentres(inventory.stock, inventory.centers, t, lang)
          : [text(fill(t.whoHasNone, { category: label }))],
    },
    {
      kind: 'section',
      className: 'card',
      id: 'quien-necesita',
      title: fill(t.whoNeeds, { category: label }),
      blocks:
        needs.length > 0
          ? acrossCentres(needs, inventory.centers, t, lang)
          : [text(fill(t.whoNeedsNone, { category: label }))],
    },
    text(link(pagePath('/centros', { emergencia: slug }, lang), t.allCentres)),
  ];
}

/**
 * One link per category: the "who has…?" question, answered by the same page. A list, so each is a touch-sized
 * target of its own (a row of choices in sitio.css), not a word in a line of text.
 */
function categoryLinks(slug: string, current: Category | undefined, t: Strings, lang: Lang): Block {
  const items: Inline[][] = categories.map((category) => {
    const label = categoryLabels[category][lang];
    return [
      category === current
        ? bold(label)
        : link(pagePath('/centros', { emergencia: slug, categoria: category }, lang), label),
    ];
  });
  return {
    kind: 'section',
    className: 'categories',
    id: 'categorias',
    title: t.whoHasTitle,
    blocks: [text(t.whoHasIntro), { kind: 'list', items }],
  };
}

/** For programs, in the twin only: the page's people find the same through "Datos abiertos" in the footer. */
function dataBlocks(slug: string, category: Category | undefined, baseUrl: string, t: Strings, lang: Lang): Block[] {
  const query = new URLSearchParams({ emergencia: slug, ...(category ? { categoria: category } : {}) }).toString();
  return [
    { kind: 'markdown', text: `## ${t.dataTitle}` },
    { kind: 'twin', content: [link(`${inventoryRoute.path}?${query}`, t.dataJson)] },
    { kind: 'twin', content: [link(`${PLACES_PATH}?emergencia=${encodeURIComponent(slug)}`, t.dataPlaces)] },
    { kind: 'twin', content: [link(withLang('/desarrolladores', lang), t.dataDevelopers)] },
    { kind: 'markdown', text: plural(STALE_AFTER_HOURS, t.apiCall, lang) },
    {
      kind: 'markdown',
      text: `\`\`\`sh\ncurl '${urls.inventory(baseUrl, slug)}${category ? `&categoria=${category}` : ''}'\n\`\`\``,
    },
  ];
}

/** The active emergencies to choose from; a category asked for is kept in each link. */
function chooser(emergencies: EmergencyRef[], category: Category | undefined, t: Strings, lang: Lang): Block[] {
  if (emergencies.length === 0) return [text(t.noneActive)];
  return [
    text(t.chooseIntro),
    {
      kind: 'list',
      items: emergencies.map((e) => [
        link(pagePath('/centros', { emergencia: e.slug, categoria: category }, lang), e.name),
      ]),
    },
  ];
}

export function centresPage(input: CentresInput): SiteDocument {
  const { choice, lang, category } = input;
  const t = centresStrings(lang);
  const base = { lang, nav: 'centres' };
  if (choice.kind === 'invalid' || choice.kind === 'unknown') {
    const invalid = choice.kind === 'invalid';
    const title = invalid ? t.badRequestTitle : t.unknownTitle;
    const message = invalid ? fill(t.badRequest, { param: choice.param }) : fill(t.unknown, { slug: choice.slug });
    return {
      ...base,
      path: pagePath('/centros', {}, lang),
      status: invalid ? 400 : 404,
      title,
      summary: message,
      blocks: [text(message), text(link(pagePath('/centros', {}, lang), t.back))],
    };
  }
  if (choice.kind === 'choose') {
    return {
      ...base,
      path: pagePath('/centros', {}, lang),
      title: t.title,
      summary: t.summary,
      blocks: chooser(choice.emergencies, category, t, lang),
    };
  }
  const { emergency } = choice;
  const inventory = input.inventory as Inventario;
  const blocks: Block[] = [text(plural(STALE_AFTER_HOURS, t.intro, lang))];
  if (category) {
    blocks.push(...categoryBlocks(inventory, category, emergency.slug, t, lang));
  } else if (inventory.centers.length === 0) {
    blocks.push(text(t.noCentres));
  } else {
    blocks.push(text(plural(inventory.centers.length, t.centresCount, lang)));
    blocks.push(...inventory.centers.map((centre) => centreCard(centre, t, lang)));
  }
  blocks.push(categoryLinks(emergency.slug, category, t, lang));
  blocks.push(...dataBlocks(emergency.slug, category, input.baseUrl, t, lang));
  return {
    ...base,
    path: pagePath('/centros', { emergencia: emergency.slug, categoria: category }, lang),
    title: category
      ? fill(t.whoHas, { category: categoryInSentence(category, lang) })
      : fill(t.titleIn, { emergency: emergency.name }),
    summary: fill(t.summaryIn, { emergency: emergency.name }),
    blocks,
  };
}
