// The page for a link that leads nowhere: an unknown path, an unknown emergency, a record that is not published.
import { catalogue, strings } from '../catalogue.ts';
import { type Lang, link, localized, type SiteDocument, text } from '../document.ts';
import { referenceLine } from '../reference-line.ts';

/** path: the address asked for, so the twin link of the 404 page points at that address's twin. */
export function notFoundPage(path: string, lang: Lang): SiteDocument {
  const t = strings(catalogue.site, lang);
  return {
    path: localized(path, lang),
    lang,
    title: t.notFoundTitle,
    summary: t.notFound,
    status: 404,
    blocks: [text(t.notFound), referenceLine(lang), text(link(localized('/', lang), t.navHome))],
  };
}
