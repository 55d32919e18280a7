// /privacidad: what is published, when, and what never is.
import { catalogue, strings } from '../catalogue.ts';
import { heading, type Lang, link, localized, type SiteDocument, text } from '../document.ts';

export function privacyPage(lang: Lang): SiteDocument {
  const t = strings(catalogue.privacy, lang);
  return {
    path: localized('/privacidad', lang),
    lang,
    nav: 'privacy',
    title: t.title,
    summary: t.summary,
    blocks: [
      heading(t.reviewTitle),
      text(t.review),
      heading(t.publicTitle),
      { kind: 'list', items: [[t.public1], [t.public2], [t.public3]] },
      heading(t.placeTitle),
      { kind: 'list', items: [[t.place1], [t.place2], [t.place3], [t.place4]] },
      { kind: 'paragraph', className: 'note', content: [t.placeCredit] },
      heading(t.neverTitle),
      { kind: 'list', items: [[t.never1], [t.never2], [t.never3], [t.never4]] },
      heading(t.changeTitle),
      text(t.change),
      text(link('/desarrolladores', t.seeDevelopers)),
    ],
  };
}
