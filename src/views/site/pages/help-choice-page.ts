// /ayudar ("Quiero ayudar"): the needs first — per active emergency, a small form that opens its list nearest to the
// person's municipality with only what nobody has pledged yet, and a plain link to all its needs — then offering
// something. Everything is a GET: the page carries nothing personal and no code, and it works without JavaScript.
import { urls } from '../../../presenters/urls.ts';
import { type Html, html } from '../../html.ts';
import { catalogue, strings } from '../catalogue.ts';
import { type Block, code, heading, type Lang, link, localized, type SiteDocument, text } from '../document.ts';
import { fill } from '../format.ts';
import { HELP_CHOICE_PATH } from '../site-paths.ts';
import { NEAR_PARAMETER } from './emergency-page.ts';
import { fillInline } from './info-common.ts';
import { OFFER_PATH } from './offer-form-page.ts';
import { MANAGE_PATH } from './pledge-page.ts';
import { actions } from './record-page.ts';

/** What the "near me" form asks the emergency page for, besides the municipality: nearest first, only the unpledged. */
export const NEAR_FILTERS = { sort: 'distance', commitment: 'uncommitted' } as const;

/** The emergency's list of needs: its requests that still lack something nobody has pledged. */
export const NEEDS_FILTERS = { type: 'request', commitment: 'uncommitted' } as const;

/** An active emergency and the municipalities of its published records, by name. */
export interface HelpChoiceEmergency {
  slug: string;
  name: string;
  municipalities: { code: string; name: string }[];
}

type HelpChoiceStrings = ReturnType<typeof helpChoiceStrings>;
const helpChoiceStrings = (lang: Lang) => strings(catalogue.helpChoice, lang);

function needsPath(slug: string, lang: Lang): string {
  return localized(`${urls.emergencyPage('', slug)}?${new URLSearchParams(NEEDS_FILTERS)}`, lang);
}

/**
 * The GET form: the municipality, the fixed filters as hidden fields, and the language when it is English. One page
 * may hold several of these forms, so the select's id carries the emergency's slug while its name stays NEAR_PARAMETER.
 */
function nearForm(e: HelpChoiceEmergency, lang: Lang, t: HelpChoiceStrings): Html {
  const id = `${NEAR_PARAMETER}-${e.slug}`;
  const hidden = Object.entries({ ...NEAR_FILTERS, ...(lang === 'en' ? { lang: 'en' } : {}) });
  return html`<form class="envio cerca" method="get" action="${urls.emergencyPage('', e.slug)}"><div class="field"><label for="${id}">${
    t.municipality
  }</label><select id="${id}" name="${NEAR_PARAMETER}" required><option value="">${t.municipalityBlank}</option>${e.municipalities.map(
    (m) => html`<option value="${m.code}">${m.name}</option>`,
  )}</select></div>${hidden.map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
  )}<p><button type="submit">${t.seeNear}</button></p></form>`;
}

function emergencySection(e: HelpChoiceEmergency, lang: Lang, t: HelpChoiceStrings): Block {
  const twinCall = `${urls.emergencyPage('', e.slug)}.md?${NEAR_PARAMETER}=CÓDIGO&${new URLSearchParams(NEAR_FILTERS)}`;
  const near: Block[] =
    e.municipalities.length > 0
      ? [
          { kind: 'html', html: nearForm(e, lang, t) },
          { kind: 'twin', content: fillInline(t.twinNear, 'call', [code(twinCall)]) },
          {
            kind: 'twin',
            content: [
              fill(t.twinMunicipalities, { list: e.municipalities.map((m) => `${m.code} ${m.name}`).join('; ') }),
            ],
          },
        ]
      : [{ kind: 'paragraph', className: 'note', content: [t.noMunicipalities] }];
  return {
    kind: 'section',
    title: e.name,
    level: 3,
    className: 'card cerca',
    blocks: [...near, text(link(needsPath(e.slug, lang), fill(t.allNeeds, { name: e.name })))],
  };
}

export function helpChoicePage(emergencies: HelpChoiceEmergency[], lang: Lang): SiteDocument {
  const t = helpChoiceStrings(lang);
  return {
    path: localized(HELP_CHOICE_PATH, lang),
    lang,
    nav: 'give',
    title: t.title,
    summary: t.summary,
    blocks: [
      heading(t.nearTitle),
      ...(emergencies.length === 0
        ? [{ kind: 'paragraph', className: 'vacio', content: [t.none] } as Block]
        : [text(t.nearIntro), ...emergencies.map((e) => emergencySection(e, lang, t))]),
      heading(t.offerTitle),
      text(t.offerIntro),
      actions([[link(localized(OFFER_PATH, lang), t.offer)]]),
      text(...fillInline(t.pledges, 'link', [link(localized(MANAGE_PATH, lang), t.pledgesLink)])),
    ],
  };
}
