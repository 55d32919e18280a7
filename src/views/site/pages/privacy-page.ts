// /privacidad: who answers for the data, what is published, when, what never is, how long it is kept, how to
// withdraw a submission and how to exercise the rights of Ley 1581 de 2012 (habeas data), in plain words for the
// people whose data it is.
import type { RetentionConfig } from '../../../config.ts';
import { catalogue, strings } from '../catalogue.ts';
import { type Block, heading, type Inline, type Lang, link, localized, type SiteDocument, text } from '../document.ts';
import { fill } from '../format.ts';
import { plural } from '../plural.ts';
import { CODE_PATH, OPEN_DATA_PATH } from '../site-paths.ts';
import { fillInline } from './info-common.ts';
import { WITHDRAW_PATH } from './withdraw-page.ts';

/** What the page says that the instance decides: who runs it, how long it keeps data, each team's contact. */
export interface PrivacyFacts {
  /** The "Responsable del tratamiento" from the configuration; null while unset (the page says so in plain words). */
  controllerName: string | null;
  /** How to reach it; null while unset. */
  controllerContact: string | null;
  retention: RetentionConfig;
  emergencies: { slug: string; name: string; contact: string | null }[];
}

type PrivacyStrings = ReturnType<typeof privacyStrings>;
const privacyStrings = (lang: Lang) => strings(catalogue.privacy, lang);

/** Who answers for the data, or plainly that the organisation has not named itself yet. */
function controllerBlocks(facts: PrivacyFacts, t: PrivacyStrings): Block[] {
  const { controllerName: name, controllerContact: contact } = facts;
  if (name === null && contact === null) return [text(t.controllerUnset)];
  return [
    text(name !== null ? fill(t.controllerName, { name }) : t.controllerNameUnset),
    text(contact !== null ? fill(t.controllerContact, { contact }) : t.controllerOnlyContactUnset),
  ];
}

export function privacyPage(lang: Lang, facts: PrivacyFacts): SiteDocument {
  const t = privacyStrings(lang);
  // Without a team contact, people are sent to the controller, unless it has not said how to reach it either.
  const noContact = facts.controllerContact !== null ? t.teamNoContact : t.teamNoContactAtAll;
  const teams: Inline[][] = facts.emergencies.map((e) => [
    e.contact ? fill(t.teamContact, { name: e.name, contact: e.contact }) : fill(noContact, { name: e.name }),
  ]);
  const withdrawLink = link(localized(WITHDRAW_PATH, lang), WITHDRAW_PATH);
  const { identityDays, rejectedDays, afterCloseDays } = facts.retention;
  const howToAsk =
    facts.controllerContact !== null
      ? fillInline(fill(t.howToAsk, { contact: facts.controllerContact }), 'link', [withdrawLink])
      : fillInline(t.howToAskNoContact, 'link', [withdrawLink]);
  return {
    path: localized('/privacidad', lang),
    lang,
    nav: 'privacy',
    title: t.title,
    summary: t.summary,
    blocks: [
      heading(t.controllerTitle),
      ...controllerBlocks(facts, t),
      heading(t.reviewTitle),
      text(t.review),
      heading(t.publicTitle),
      { kind: 'list', items: [[t.public1], [t.public2], [t.public3], [t.public4]] },
      heading(t.placeTitle),
      { kind: 'list', items: [[t.place1], [t.place2], [t.place3]] },
      { kind: 'paragraph', className: 'note', content: [t.placeCredit] },
      heading(t.neverTitle),
      { kind: 'list', items: [[t.never1], [t.never2], [t.never3], [t.never4]] },
      heading(t.retentionTitle),
      {
        kind: 'list',
        items: [
          [plural(identityDays, t.retentionIdentity, lang)],
          [plural(rejectedDays, t.retentionRejected, lang)],
          [plural(afterCloseDays, t.retentionAfterClose, lang)],
          [t.retentionWithdrawn],
        ],
      },
      text(t.retentionWhat),
      text(t.retentionBackups),
      heading(t.noticesTitle),
      text(t.notices),
      heading(t.withdrawTitle),
      text(...fillInline(t.withdraw, 'link', [withdrawLink])),
      text(t.withdrawNoCode),
      text(...fillInline(t.lostCode, 'link', [link(localized(CODE_PATH, lang), t.lostCodeLink)])),
      heading(t.rightsTitle),
      text(t.rightsIntro),
      { kind: 'list', items: [[t.right1], [t.right2], [t.right3], [t.right4], [t.right5], [t.right6]] },
      text(...howToAsk),
      heading(t.teamsTitle),
      teams.length > 0 ? { kind: 'list', items: teams } : text(t.teamsNone),
      // Programs' ways (the API, its edit token) are told on the developers' and open-data pages, never here.
      text(...fillInline(t.openData, 'link', [link(localized(OPEN_DATA_PATH, lang), t.openDataLink)])),
    ],
  };
}
