// The receipt's "Avisos en su número": while a code sent to the form's number waits, a form to type it (no JavaScript
// needed); once spent, a button for a new one; once proved, that notices will come. Never the number itself.
import type { ReceiptProof } from '../../../queries/receipt.ts';
import { type Html, html } from '../../html.ts';
import { catalogue, strings } from '../catalogue.ts';
import { type Block, type Inline, type Lang, localized } from '../document.ts';
import { fill } from '../format.ts';
import { plural } from '../plural.ts';
import { CODE_FIELD, type Errors, input } from './form-controls.ts';
import { STATUS_PATH } from './status-page.ts';

export { CODE_FIELD as PROOF_CODE_FIELD };

export const proofPath = (id: string, lang: Lang) => localized(`/recibido/${id}/avisos`, lang);
export const newProofCodePath = (id: string, lang: Lang) => localized(`/recibido/${id}/avisos/nuevo`, lang);

/** What the last POST did, said above the form: a wrong or malformed code, the cap, no channel, too many tries. */
export type ProofNotice =
  | { kind: 'wrong'; attemptsLeft: number }
  | { kind: 'malformed' }
  | { kind: 'capped'; codes: number }
  | { kind: 'unavailable' }
  | { kind: 'rate_limited' };

type Strings = ReturnType<typeof proofStrings>;
export const proofStrings = (lang: Lang) => strings(catalogue.numberProof, lang);

/** The hour a code stops working, in Colombia's time. */
function hour(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'es-CO', {
    timeZone: 'America/Bogota',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** The notice as a sentence, and the HTTP status the page answers with. */
export function proofNoticeText(notice: ProofNotice, lang: Lang): { message: string; status: number } {
  const t = proofStrings(lang);
  if (notice.kind === 'wrong') return { message: plural(notice.attemptsLeft, t.wrong, lang), status: 400 };
  if (notice.kind === 'malformed') return { message: t.malformed, status: 400 };
  if (notice.kind === 'capped') return { message: plural(notice.codes, t.capped, lang), status: 429 };
  if (notice.kind === 'rate_limited') return { message: t.rateLimited, status: 429 };
  return { message: fill(t.unavailable, { path: STATUS_PATH }), status: 503 };
}

function codeForm(id: string, proof: ReceiptProof, expiresAt: string, lang: Lang, t: Strings, error: string | null) {
  const errors: Errors = error === null ? {} : { [CODE_FIELD]: error };
  return html`<form class="envio" method="post" action="${proofPath(id, lang)}">${input({
    name: CODE_FIELD,
    label: fill(t.askCode, { channel: proof.channel }),
    help: fill(t.codeHelp, { time: hour(expiresAt, lang) }),
    required: true,
    errors,
    inputmode: 'numeric',
    maxlength: 12,
    autocomplete: 'one-time-code',
  })}
<p><button type="submit">${t.send}</button></p>
</form>`;
}

function newCodeForm(id: string, lang: Lang, t: Strings): Html {
  return html`<form method="post" action="${newProofCodePath(id, lang)}"><p><button type="submit">${t.newCode}</button></p></form>`;
}

/** A sentence whose {placeholders} are paths and names, written as code. */
function withCode(template: string, values: Record<string, string>): Inline[] {
  return template
    .split(/(\{\w+\})/)
    .filter((part) => part !== '')
    .map((part) => {
      const value = /^\{(\w+)\}$/.exec(part)?.[1];
      return value !== undefined && value in values ? { code: values[value] as string } : part;
    });
}

/** The section, with the last POST's notice (if any) at its top. */
export function proofSection(id: string, proof: ReceiptProof, lang: Lang, notice?: ProofNotice): Block {
  const t = proofStrings(lang);
  const message = notice ? proofNoticeText(notice, lang).message : null;
  // A problem with the code typed sits at its field; any other at the top of the section.
  const atField = notice?.kind === 'wrong' || notice?.kind === 'malformed';
  const alert: Block[] =
    message !== null && !atField
      ? [
          {
            kind: 'html',
            html: html`<div class="errors" role="alert" tabindex="-1" id="errores"><h2>${message}</h2></div>`,
          },
        ]
      : [];
  const { state } = proof;
  const twin: Block = {
    kind: 'twin',
    content: withCode(t.twinCode, {
      path: `/recibido/${id}/avisos`,
      again: `/recibido/${id}/avisos/nuevo`,
      field: CODE_FIELD,
    }),
  };
  const blocks: Block[] =
    state.kind === 'proved'
      ? [{ kind: 'paragraph', content: [{ b: fill(t.proved, { channel: proof.channel }) }] }]
      : state.kind === 'waiting'
        ? [
            ...alert,
            { kind: 'html', html: codeForm(id, proof, state.expiresAt, lang, t, atField ? message : null) },
            twin,
          ]
        : [
            ...alert,
            { kind: 'paragraph', content: [t.spent] },
            proof.canSend
              ? { kind: 'html', html: newCodeForm(id, lang, t) }
              : { kind: 'paragraph', content: [fill(t.unavailable, { path: STATUS_PATH })] },
            ...(proof.canSend ? [twin] : []),
          ];
  return { kind: 'section', title: t.title, className: 'card', id: 'avisos', blocks };
}
