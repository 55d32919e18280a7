// /privacidad: who answers for the data, what is published, when, what never is, and how to exercise the rights
// of Ley 1581 de 2012 (habeas data), in plain words for the people whose data it is.
import { catalogue, strings } from '../catalogue.ts';
import { heading, type Inline, type Lang, link, localized, type SiteDocument, text } from '../document.ts';
import { fill } from '../format.ts';

/** What the page says that the instance decides: who runs it, and how to reach each active emergency's team. */
export interface PrivacyFacts {
  /** The "Responsable del tratamiento" from the configuration (DATA_CONTROLLER). */
  controller: string;
  emergencies: { slug: string; name: string; contact: string | null }[];
}

export function privacyPage(lang: Lang, facts: PrivacyFacts): SiteDocument {
  const t = strings(catalogue.privacy, lang);
  const teams: Inline[][] = facts.emergencies.map((e) => [
    e.contact ? fill(t.teamContact, { name: e.name, contact: e.contact }) : fill(t.teamNoContact, { name: e.name }),
  ]);
  return {
    path: localized('/privacidad', lang),
    lang,
    nav: 'privacy',
    title: t.title,
    summary: t.summary,
    blocks: [
      heading(t.controllerTitle),
      text(fill(t.controller, { controller: facts.controller })),
      heading(t.reviewTitle),
      text(t.review),
      heading(t.publicTitle),
      { kind: 'list', items: [[t.public1], [t.public2], [t.public3], [t.public4]] },
      heading(t.placeTitle),
      { kind: 'list', items: [[t.place1], [t.place2], [t.place3]] },
      { kind: 'paragraph', className: 'note', content: [t.placeCredit] },
      heading(t.neverTitle),
      { kind: 'list', items: [[t.never1], [t.never2], [t.never3], [t.never4]] },
      heading(t.rightsTitle),
      text(t.rightsIntro),
      { kind: 'list', items: [[t.right1], [t.right2], [t.right3], [t.right4]] },
      text(t.howToAsk),
      heading(t.teamsTitle),
      teams.length > 0 ? { kind: 'list', items: teams } : text(t.teamsNone),
      {
        kind: 'paragraph',
        className: 'note',
        content: [t.developers, link(localized('/desarrolladores', lang), t.seeDevelopers)],
      },
    ],
  };
}
