// /datos-abiertos: the open data in plain words for people (a spreadsheet, a map), with each active emergency's
// downloads, the change feed, the licence and DANE's credit; the developers' page keeps the details for programs.
import { EXPORT_CSV_PATH, EXPORT_JSON_PATH } from '../../../contract/routes/exports.ts';
import { EXCEL_CSV } from '../../../schemas/help-query.ts';
import { HXL_LICENSE } from '../../../schemas/hxl.ts';
import { catalogue, strings } from '../catalogue.ts';
import {
  addressLink,
  type Block,
  heading,
  type Inline,
  type Lang,
  link,
  type SiteDocument,
  text,
} from '../document.ts';
import { plural } from '../plural.ts';
import { OPEN_DATA_PATH } from '../site-paths.ts';
import { fill, pagePath, withLang } from './info-common.ts';

/** The change feed, which answers a plain GET (from now on) as well as a program's. */
export const CHANGES_PATH = '/api/public/v1/changes';
/** The collection centres as GeoJSON (the aid-places feed). */
export const PLACES_PATH = '/api/aid-places/places';

export interface OpenDataInput {
  lang: Lang;
  /** The active emergencies, each with the contact its team published (set by admins only; null while unset). */
  emergencies: { slug: string; name: string; contact: string | null }[];
  /** Days the change feed keeps its history (RETENTION_CHANGES_DAYS). */
  changesDays: number;
}

type Strings = ReturnType<typeof openDataStrings>;
const openDataStrings = (lang: Lang) => strings(catalogue.openData, lang);

/** Every download of one emergency: the addresses the page links, in the order it lists them. */
export function emergencyDownloads(slug: string): { excel: string; csv: string; json: string; centres: string } {
  const q = encodeURIComponent(slug);
  return {
    excel: `${EXPORT_CSV_PATH}?emergencySlug=${q}&excel=${EXCEL_CSV}`,
    csv: `${EXPORT_CSV_PATH}?emergencySlug=${q}`,
    json: `${EXPORT_JSON_PATH}?emergencySlug=${q}`,
    centres: `${PLACES_PATH}?emergencia=${q}`,
  };
}

function emergencyBlocks(e: OpenDataInput['emergencies'][number], t: Strings): Block[] {
  const to = emergencyDownloads(e.slug);
  const items: Inline[][] = [
    [addressLink(to.excel, t.excel), `: ${t.excelNote}`],
    [addressLink(to.csv, t.csv), `: ${t.csvNote}`],
    [addressLink(to.json, t.json), `: ${t.jsonNote}`],
    [addressLink(to.centres, t.centres), `: ${t.centresNote}`],
  ];
  return [
    heading(e.name, 3),
    { kind: 'list', items },
    // Only the contact the emergency's admins published: nothing a submission or a visitor writes reaches this line.
    ...(e.contact ? [text(fill(t.questions, { contact: e.contact }))] : []),
  ];
}

export function openDataPage(input: OpenDataInput): SiteDocument {
  const { lang } = input;
  const t = openDataStrings(lang);
  return {
    path: pagePath(OPEN_DATA_PATH, {}, lang),
    lang,
    nav: 'open-data',
    title: t.title,
    summary: t.summary,
    blocks: [
      text(t.intro),
      heading(t.downloadsTitle, 2, 'descargas'),
      ...(input.emergencies.length > 0
        ? input.emergencies.flatMap((e) => emergencyBlocks(e, t))
        : [text(t.noneActive)]),
      heading(t.neverTitle, 2, 'que-no-traen'),
      text(t.never),
      heading(t.columnsTitle, 2, 'columnas'),
      text(t.columns),
      heading(t.changesTitle, 2, 'cambios'),
      text(plural(input.changesDays, t.changes, lang)),
      text(addressLink(CHANGES_PATH, t.changesLink)),
      heading(t.licenceTitle, 2, 'licencia'),
      text(t.licence),
      text(link(HXL_LICENSE.url, t.licenceLink)),
      text(t.credit),
      text(t.dane),
      heading(t.moreTitle, 2, 'programas'),
      text(t.more),
      text(link(withLang('/desarrolladores#datos-abiertos', lang), t.moreLink)),
    ],
  };
}
