// /codigo: one door for every code a person holds. A form (no JavaScript needed) takes any code; the answer to its POST
// is the code's own page (status-page.ts, pledge-page.ts, route-claim-page.ts), so this file draws only the form and
// what a support reference typed as a code means: it is not a code, and the team's contact is where to read it out.
import { MAX_TYPED_CODE } from '../../../domain/receipt-code.ts';
import { html } from '../../html.ts';
import { catalogue, strings } from '../catalogue.ts';
import { type Block, type Lang, link, localized, type SiteDocument, text } from '../document.ts';
import { plural } from '../plural.ts';
import { escapeMarkdown } from '../render-markdown.ts';
import { CODE_PATH, PRIVACY_PATH } from '../site-paths.ts';
import { CODE_FIELD, type Errors, input, type LookupProblem, lookupProblem } from './form-controls.ts';
import { fillInline } from './info-common.ts';

export { CODE_FIELD, CODE_PATH };

export type CodeStrings = ReturnType<typeof codeStrings>;
export const codeStrings = (lang: Lang) => strings(catalogue.code, lang);

export interface CodeFormState {
  lang: Lang;
  /** Per client address and minute, shared with /estado, /compromisos and /mi-ruta; for the twin. */
  lookupsPerMinute: number;
  /** 'not_found' for an unknown code and a malformed one alike; 'rate_limited' after too many lookups. */
  problem?: LookupProblem;
}

/** The one field; what was typed is never shown again (the answer is the same whatever was sent). */
export function codeFormHtml(lang: Lang, errors: Errors = {}) {
  const t = codeStrings(lang);
  return html`<form class="envio" method="post" action="${localized(CODE_PATH, lang)}">
${input({ name: CODE_FIELD, label: t.field, help: t.fieldHelp, required: true, errors, maxlength: MAX_TYPED_CODE, autocomplete: 'off' })}
<p><button type="submit">${t.send}</button></p>
</form>`;
}

function twin(state: CodeFormState, t: CodeStrings): Block {
  return {
    kind: 'markdown',
    text: [
      `## ${escapeMarkdown(t.twinTitle)}`,
      '',
      t.twinForm,
      '',
      plural(state.lookupsPerMinute, t.twinLimit, state.lang),
    ].join('\n'),
  };
}

/** GET /codigo, and the answer to a code nobody has (404) or to too many lookups (429). */
export function codeFormPage(state: CodeFormState): SiteDocument {
  const t = codeStrings(state.lang);
  const problem = lookupProblem(state.problem, t);
  const errors: Errors = state.problem === 'not_found' ? { [CODE_FIELD]: t.notFoundHelp } : {};
  return {
    path: localized(CODE_PATH, state.lang),
    lang: state.lang,
    title: t.title,
    summary: t.summary,
    status: problem.status,
    noStore: true,
    blocks: [
      ...problem.blocks,
      text(t.intro),
      { kind: 'html', html: codeFormHtml(state.lang, errors) },
      { kind: 'paragraph', className: 'note', content: [t.private] },
      text(t.referenceHint),
      twin(state, t),
    ],
  };
}

/** An active emergency and its team's public contact, as /privacidad lists them. */
export interface TeamContact {
  name: string;
  contact: string | null;
}

/**
 * A support reference (REF-0123456789, from an error page) typed where a code goes: it is not a code and opens
 * nothing; the person reads it out to the emergency's team, whose contacts are listed here and on /privacidad.
 */
export function referencePage(lang: Lang, reference: string, teams: TeamContact[]): SiteDocument {
  const t = codeStrings(lang);
  const privacy = link(localized(PRIVACY_PATH, lang), t.privacyLink);
  return {
    path: localized(CODE_PATH, lang),
    lang,
    title: t.referenceTitle,
    summary: t.referenceSummary,
    blocks: [
      {
        kind: 'section',
        className: 'card recibo',
        blocks: [
          text(...fillInline(t.referenceIntro, 'reference', [{ code: reference }])),
          text({ b: t.referenceWhat }),
        ],
      },
      ...(teams.length > 0
        ? [
            { kind: 'heading', level: 2, text: t.contactsTitle } as Block,
            {
              kind: 'list',
              items: teams.map((team) => [{ b: team.name }, `: ${team.contact ?? t.noContact}`]),
            } as Block,
          ]
        : []),
      text(...fillInline(t.contactsWhere, 'link', [privacy])),
      { kind: 'paragraph', className: 'note', content: [t.referenceNever] },
      text(link(localized(CODE_PATH, lang), t.another)),
    ],
  };
}
