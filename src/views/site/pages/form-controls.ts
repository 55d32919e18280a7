// The public forms' labelled controls with help and inline errors, the parts both forms share, and their twin.
import type { RetentionConfig } from '../../../config.ts';
import { bounds } from '../../../domain/bounds.ts';
import { choosableMunicipality, departments, municipalitiesOf } from '../../../domain/municipalities.ts';
import { MAX_TYPED_CODE } from '../../../domain/receipt-code.ts';
import { type Html, html } from '../../html.ts';
import { catalogue, strings } from '../catalogue.ts';
import { type Block, type Inline, type Lang, link, localized, type SiteDocument, text } from '../document.ts';
import { fill } from '../format.ts';
import { plural } from '../plural.ts';
import { referenceLine } from '../reference-line.ts';
import { escapeMarkdown, twinPath } from '../render-markdown.ts';

export type Errors = Record<string, string>;
export type Values = Record<string, string>;
export type FormStrings = ReturnType<typeof formStrings>;

export const formStrings = (lang: Lang) => strings(catalogue.forms, lang);

/** Where a person withdraws a submission with its receipt code and WhatsApp number (withdraw-page.ts). */
export const WITHDRAW_PATH = '/retirar';

/** An active emergency the person can choose; its centre places the map. */
export interface EmergencyChoice {
  slug: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
  /** The department it happens in (DIVIPOLA), known when it is the only active one: the form starts there. */
  departmentCode?: string | null;
}

/** Everything a form page is drawn from: what was typed, what is wrong, which emergencies take submissions. */
export interface FormState {
  lang: Lang;
  emergencies: EmergencyChoice[];
  values: Values;
  errors: Errors;
  /** An identity document was typed: it is not echoed back, so the person is asked to type it again. */
  retypeIdentity?: boolean;
  /** A problem of the whole form (too many sends), shown in the summary. */
  formError?: string;
  /** A word before the form (an assistant's draft opened for the person to confirm). */
  notice?: string;
  /** Emergency asked for by ?emergencia=SLUG, already checked to be active. */
  emergencyFromLink?: string;
  baseUrl: string;
  /** How long personal data is kept, from the configuration: the consent text gives the real numbers. */
  retention: RetentionConfig;
  status?: number;
  /** The control the page opens on: the municipality list after "Ver municipios". */
  focus?: string;
  /**
   * The channel a code can prove the number on, as people read it ("SMS"); absent when none can reach a person who
   * never wrote, and then the form offers no notices.
   */
  proofChannel?: string;
}

interface Control {
  name: string;
  label: string;
  help?: string;
  required?: boolean;
  errors: Errors;
  /** Extra text under the control, read with it (the identity document's "type it again"). */
  note?: string;
}

function describedBy(c: Control): string | null {
  const ids = [
    c.help ? `${c.name}-ayuda` : null,
    c.note ? `${c.name}-nota` : null,
    c.errors[c.name] ? `${c.name}-error` : null,
  ].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : null;
}

/** Help and error sit between the label and the control, so they are read before typing. */
function helpAndError(c: Control): Html {
  return html`${c.help ? html`<small class="help" id="${c.name}-ayuda">${c.help}</small>` : ''}${
    c.note ? html`<small class="help nota" id="${c.name}-nota">${c.note}</small>` : ''
  }${c.errors[c.name] ? html`<strong class="error" id="${c.name}-error">${c.errors[c.name]}</strong>` : ''}`;
}

function attrs(c: Control): Html {
  const by = describedBy(c);
  return html`${c.required ? html` required` : ''}${by ? html` aria-describedby="${by}"` : ''}${
    c.errors[c.name] ? html` aria-invalid="true"` : ''
  }`;
}

function label(c: Control): Html {
  return html`<label for="${c.name}">${c.label}${c.required ? html`<span aria-hidden="true"> *</span>` : ''}</label>`;
}

export function input(
  c: Control & {
    value?: string;
    type?: 'text' | 'tel' | 'date';
    maxlength?: number;
    minlength?: number;
    inputmode?: 'text' | 'decimal' | 'numeric' | 'tel';
    autocomplete?: string;
  },
): Html {
  return html`<div class="field${c.errors[c.name] ? ' con-error' : ''}">${label(c)}${helpAndError(c)}<input id="${c.name}" name="${
    c.name
  }" type="${c.type ?? 'text'}" value="${c.value ?? ''}"${c.maxlength ? html` maxlength="${String(c.maxlength)}"` : ''}${
    c.minlength ? html` minlength="${String(c.minlength)}"` : ''
  }${c.inputmode ? html` inputmode="${c.inputmode}"` : ''} autocomplete="${c.autocomplete ?? 'off'}"${attrs(c)}></div>`;
}

export function textarea(c: Control & { value?: string; maxlength: number }): Html {
  return html`<div class="field${c.errors[c.name] ? ' con-error' : ''}">${label(c)}${helpAndError(c)}<textarea id="${
    c.name
  }" name="${c.name}" rows="4" maxlength="${String(c.maxlength)}"${attrs(c)}>${c.value ?? ''}</textarea></div>`;
}

export interface Option {
  value: string;
  label: string;
  /** data-* attributes of the option (an emergency's centre for the map). */
  data?: Record<string, string>;
}

export function select(
  c: Control & {
    value?: string;
    options: Option[];
    blank?: string;
    autofocus?: boolean;
    data?: Record<string, string>;
  },
): Html {
  return html`<div class="field${c.errors[c.name] ? ' con-error' : ''}">${label(c)}${helpAndError(c)}<select id="${c.name}" name="${
    c.name
  }"${attrs(c)}${c.autofocus ? html` autofocus` : ''}${Object.entries(c.data ?? {}).map(([k, v]) => html` data-${k}="${v}"`)}>${c.blank !== undefined ? html`<option value="">${c.blank}</option>` : ''}${c.options.map(
    (o) =>
      html`<option value="${o.value}"${Object.entries(o.data ?? {}).map(([k, v]) => html` data-${k}="${v}"`)}${
        o.value === (c.value ?? '') ? html` selected` : ''
      }>${o.label}</option>`,
  )}</select></div>`;
}

/** A group of radio buttons; the first one carries the field's id, so the error summary can link to it. */
export function radios(c: Control & { value?: string; options: Option[] }): Html {
  const by = describedBy(c);
  return html`<fieldset class="field radios${c.errors[c.name] ? ' con-error' : ''}"${
    by ? html` aria-describedby="${by}"` : ''
  }><legend>${c.label}</legend>${helpAndError(c)}${c.options.map(
    (o, i) =>
      html`<label class="opcion"><input type="radio" id="${i === 0 ? c.name : `${c.name}-${o.value || 'ninguno'}`}" name="${
        c.name
      }" value="${o.value}"${o.value === (c.value ?? '') ? html` checked` : ''}${
        c.errors[c.name] ? html` aria-invalid="true"` : ''
      }> ${o.label}</label>`,
  )}</fieldset>`;
}

export function checkbox(c: Control & { checked: boolean }): Html {
  // The box first, its sentence beside it: the sentence is what is agreed to, so it is the label.
  return html`<div class="field casilla${c.errors[c.name] ? ' con-error' : ''}"><input type="checkbox" id="${
    c.name
  }" name="${c.name}" value="si"${c.checked ? html` checked` : ''}${attrs(c)}><label for="${c.name}">${c.label}${
    c.required ? html`<span aria-hidden="true"> *</span>` : ''
  }</label>${helpAndError(c)}</div>`;
}

/** A schema field a person fills in: the type, the source and the external id are the page's own. */
export type FilledField<Field extends string> = Exclude<Field, 'type' | 'source' | 'externalId'>;

/** The summary at the top: every problem, each a link to its field. */
export function errorSummary(t: FormStrings, errors: Errors, labels: Record<string, string>, formError?: string): Html {
  const entries = Object.entries(errors);
  if (entries.length === 0 && !formError) return html``;
  return html`<div class="errors" role="alert" tabindex="-1" id="errores"><h2>${formError ?? t.errorsTitle}</h2>${
    entries.length > 0
      ? html`<ul>${entries.map(([name, message]) => html`<li><a href="#${name}">${labels[name] ?? name}</a>: ${message}</li>`)}</ul>`
      : ''
  }<p>${t.errorsKept}</p></div>`;
}

/** The emergency select: preselected from what was sent, the link's ?emergencia=, or the only active one. */
export function emergencyField(state: FormState, t: FormStrings): Html {
  const { emergencies, values } = state;
  const chosen =
    values.emergencySlug ?? state.emergencyFromLink ?? (emergencies.length === 1 ? emergencies[0]?.slug : undefined);
  const known = emergencies.some((e) => e.slug === chosen);
  return select({
    name: 'emergencySlug',
    label: t.emergencySlug,
    help: t.emergencySlugHelp,
    required: true,
    errors: state.errors,
    value: chosen ?? '',
    // One emergency and it is chosen: nothing else to pick, so no empty choice either.
    blank: emergencies.length === 1 && known ? undefined : t.emergencyBlank,
    options: emergencies.map((e) => ({
      value: e.slug,
      label: e.name,
      data:
        e.latitude !== null && e.longitude !== null
          ? { lat: String(e.latitude), lon: String(e.longitude) }
          : ({} as Record<string, string>),
    })),
  });
}

/**
 * The submit control that asks for a department's municipalities instead of sending (so it works without
 * JavaScript). An <input>, not a <button>: the form's own "Enviar" stays its only button.
 */
export const SHOW_MUNICIPALITIES = 'verMunicipios';

/** Where the form's script reads a department's municipalities from. */
export const MUNICIPALITIES_PATH = '/municipios.json';

/**
 * The department shown: the one chosen, else the chosen municipality's, else, on a form not yet sent, the only
 * active emergency's (a form sent back keeps what the person left, even an empty choice).
 */
function shownDepartment(state: FormState): string {
  const { values, emergencies } = state;
  const known = (code: string | null | undefined) => !!code && departments().some((d) => d.code === code);
  const chosen = values.departmentCode ?? '';
  if (known(chosen)) return chosen;
  const ofMunicipality = choosableMunicipality(values.municipalityCode)?.departmentCode;
  if (ofMunicipality) return ofMunicipality;
  const only = emergencies.length === 1 ? emergencies[0]?.departmentCode : null;
  return values.departmentCode === undefined && known(only) ? (only as string) : '';
}

/**
 * Department and municipality: only the chosen department's municipalities are in the page (a few dozen options,
 * not 1,100). Without JavaScript, "Ver municipios" sends the form back with the list of the department chosen and
 * nothing is saved; ubicacion.js fills the list at once instead and takes the button out.
 */
export function municipalityFields(state: FormState, t: FormStrings, placeRequired = false): Html {
  const { values, errors } = state;
  const department = shownDepartment(state);
  return html`<div class="municipio" data-municipio data-url="${MUNICIPALITIES_PATH}">${select({
    name: 'departmentCode',
    label: t.departmentCode,
    errors,
    value: department,
    blank: t.departmentBlank,
    options: departments().map((d) => ({ value: d.code, label: d.name })),
  })}<p class="ver-municipios" data-ver-municipios><small class="help" id="ver-municipios-ayuda">${
    t.showMunicipalitiesHelp
  }</small><input type="submit" class="secondary" name="${SHOW_MUNICIPALITIES}" value="${
    t.showMunicipalities
  }" formnovalidate aria-describedby="ver-municipios-ayuda"></p>${select({
    name: 'municipalityCode',
    // Not `required`: a point given instead is enough, so the label says when it is needed.
    label: placeRequired ? t.municipalityCodeIfNoPoint : t.municipalityCode,
    help: t.municipalityHelp,
    errors,
    value: values.municipalityCode ?? '',
    blank: department ? t.municipalityBlank : t.municipalityFirstDepartment,
    options: department ? municipalitiesOf(department).map((m) => ({ value: m.code, label: m.name })) : [],
    autofocus: state.focus === 'municipalityCode',
    data: { blank: t.municipalityBlank, 'blank-first': t.municipalityFirstDepartment },
  })}</div>`;
}

/**
 * Where: the department and municipality, then the enhancement's buttons and map (hidden until ubicacion.js shows
 * them), then the typed coordinates. A request needs the municipality or the point (placeRequired); an offer neither.
 */
export function locationFields(state: FormState, t: FormStrings, help: string, placeRequired = false): Html {
  const { values, errors } = state;
  const b = bounds;
  return html`<p class="help">${help}</p>
${municipalityFields(state, t, placeRequired)}
<div class="ubicacion" data-ubicacion hidden data-lat-min="${String(b.latitude.min)}" data-lat-max="${String(b.latitude.max)}" data-lon-min="${String(
    b.longitude.min,
  )}" data-lon-max="${String(b.longitude.max)}" data-msg-locating="${t.locating}" data-msg-located="${t.located}" data-msg-failed="${
    t.locationFailed
  }" data-msg-outside="${t.outsideColombia}" data-msg-loading="${t.mapLoading}" data-msg-map-failed="${t.mapFailed}" data-msg-picked="${
    t.mapPicked
  }" data-attribution="${t.mapAttribution}">
<div class="actions"><button type="button" data-mi-ubicacion hidden>${t.useLocation}</button><button type="button" class="secondary" data-ver-mapa aria-expanded="false" aria-controls="mapa-punto">${t.showMap}</button></div>
<div id="mapa-punto" class="mapa-punto" hidden aria-label="${t.mapLabel}"></div>
<p class="estado" data-estado aria-live="polite"></p>
</div>
<div class="coordenadas">${input({
    name: 'latitude',
    label: t.latitude,
    help: t.latitudeHelp,
    errors,
    value: values.latitude,
    inputmode: 'decimal',
    maxlength: 24,
  })}${input({
    name: 'longitude',
    label: t.longitude,
    help: t.longitudeHelp,
    errors,
    value: values.longitude,
    inputmode: 'decimal',
    maxlength: 24,
  })}</div>`;
}

/**
 * Name, WhatsApp, anything private the form adds, then the consent box (never ticked in advance), whose sentence
 * says what becomes public.
 */
export function contactFields(
  state: FormState,
  t: FormStrings,
  privateFields: Html = html``,
  consent: string = t.publishContact,
): Html {
  const { values, errors } = state;
  return html`${input({
    name: 'contactName',
    label: t.contactName,
    help: t.contactNameHelp,
    required: true,
    errors,
    value: values.contactName,
    minlength: bounds.contactName.min,
    maxlength: bounds.contactName.max,
    autocomplete: 'name',
  })}${input({
    name: 'contactWhatsapp',
    label: t.contactWhatsapp,
    help: t.contactWhatsappHelp,
    required: true,
    errors,
    value: values.contactWhatsapp,
    type: 'tel',
    inputmode: 'tel',
    maxlength: 32,
    autocomplete: 'tel',
  })}${noticesField(state)}${privateFields}${checkbox({
    name: 'publishContact',
    label: consent,
    help: t.publishContactHelp,
    required: true,
    errors,
    checked: values.publishContact === 'si',
  })}`;
}

/** The box that asks for a code to this number, so its person can be told of the submission there. */
export const NOTICES_FIELD = 'avisos';

/** "Recibir avisos en este número", only where a channel can send the code; never ticked in advance. */
function noticesField(state: FormState): Html {
  if (state.proofChannel === undefined) return html``;
  const t = strings(catalogue.numberProof, state.lang);
  return checkbox({
    name: NOTICES_FIELD,
    label: t.optIn,
    help: fill(t.optInHelp, { channel: state.proofChannel }),
    errors: state.errors,
    checked: state.values[NOTICES_FIELD] === 'si',
  });
}

/** The same box in the twin: what it does, and that the API sends no code. */
export function noticesTwin(state: FormState): Block[] {
  if (state.proofChannel === undefined) return [];
  const t = strings(catalogue.numberProof, state.lang);
  return [{ kind: 'markdown', text: escapeMarkdown(fill(t.twinOptIn, { channel: state.proofChannel })) }];
}

/** What the consent covers, sentence by sentence: what becomes public, for how long, and how to withdraw it. */
function consentTerms(state: FormState, t: FormStrings, kind: 'request' | 'offer'): Inline[][] {
  const { lang, retention } = state;
  const [before = '', after = ''] = t.termsWithdraw.split('{link}');
  return [
    [kind === 'request' ? t.termsPublicRequest : t.termsPublicOffer],
    [plural(retention.afterCloseDays, t.termsHowLong, lang)],
    ...(kind === 'request' ? [[plural(retention.identityDays, t.termsIdentity, lang)]] : []),
    [before, link(localized(WITHDRAW_PATH, lang), WITHDRAW_PATH), after],
  ];
}

/** The consent's terms beside the box and the send button, read before sending. */
export function consentTermsHtml(state: FormState, t: FormStrings, kind: 'request' | 'offer'): Html {
  const line = (parts: Inline[]) =>
    parts.map((part) =>
      typeof part === 'string' ? part : 'a' in part ? html`<a href="${part.a}">${part.text}</a>` : '',
    );
  return html`<div class="plazos" id="plazos">${consentTerms(state, t, kind).map(
    (parts) => html`<p class="help">${line(parts)}</p>`,
  )}</div>`;
}

/** The same terms in the twin, its links pointing at twins. */
export function consentTermsTwin(state: FormState, t: FormStrings, kind: 'request' | 'offer'): Block {
  const line = (parts: Inline[]) =>
    parts
      .map((part) =>
        typeof part === 'string'
          ? escapeMarkdown(part)
          : 'a' in part
            ? `[${escapeMarkdown(part.text)}](${state.baseUrl}${twinPath(part.a)})`
            : '',
      )
      .join(' ')
      .replace(/ +([,.:;])/g, '$1');
  return {
    kind: 'markdown',
    text: [`## ${escapeMarkdown(t.termsTitle)}`, ...consentTerms(state, t, kind).map(line)].join('\n\n'),
  };
}

/**
 * The hidden random id that makes a repeated send (double tap, reload) the same record, and the hidden send token
 * that lets that repeat, from any address, be shown the receipt code again.
 */
export function externalIdField(values: Values): Html {
  const draft = values.borrador ? html`<input type="hidden" name="borrador" value="${values.borrador}">` : html``;
  const send = values.sendToken ? html`<input type="hidden" name="sendToken" value="${values.sendToken}">` : html``;
  return html`<input type="hidden" name="externalId" value="${values.externalId ?? ''}">${send}${draft}`;
}

/** Path of a form page in its language, with the emergency the link asked for. */
export function formPath(base: string, state: Pick<FormState, 'lang' | 'emergencyFromLink'>): string {
  const query = new URLSearchParams();
  if (state.emergencyFromLink) query.set('emergencia', state.emergencyFromLink);
  if (state.lang === 'en') query.set('lang', 'en');
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}

export function actionPath(base: string, lang: Lang): string {
  return localized(base, lang);
}

export function categoryOptions(lang: Lang, labels: Record<string, { es: string; en: string }>): Option[] {
  return Object.entries(labels).map(([value, label]) => ({ value, label: label[lang] }));
}

/** A form that did not come from our pages (another site's Origin): refused, with the way back. */
export function formRefusedPage(lang: Lang, path: string, back: string): SiteDocument {
  const t = formStrings(lang);
  return {
    path: actionPath(path, lang),
    lang,
    title: t.forbiddenTitle,
    summary: t.forbidden,
    status: 403,
    blocks: [text(t.forbidden), referenceLine(lang), text(link(actionPath(path, lang), back))],
  };
}

// ---- The twin: what the form asks for, and the same call through the API ----

/** [API field, required, limits (Markdown of our own), meaning]: "required" may be a condition in words. */
export type TwinRow = [string, boolean | string, string, string];

export function twinFieldTable(t: FormStrings, rows: TwinRow[]): Block {
  const cell = (value: string) => escapeMarkdown(value) || ' ';
  const lines = [
    `## ${escapeMarkdown(t.twinFieldsTitle)}`,
    '',
    `| ${t.twinField} | ${t.twinRequired} | ${t.twinLimits} | ${t.twinMeaning} |`,
    '| --- | --- | --- | --- |',
    ...rows.map(
      ([name, required, limits, meaning]) =>
        `| \`${name}\` | ${cell(typeof required === 'string' ? required : required ? t.yes : t.no)} | ${limits} | ${cell(meaning)} |`,
    ),
  ];
  return { kind: 'markdown', text: lines.join('\n') };
}

/** Length limits in words: "4–100 caracteres", "≤ 600 caracteres". */
export function lengthLimit(t: FormStrings, bound: { min?: number; max: number }): string {
  return bound.min !== undefined ? `${bound.min}–${bound.max} ${t.chars}` : `≤ ${bound.max} ${t.chars}`;
}

/** The fields every submission carries, in the API's words. */
export function commonTwinRows(t: FormStrings, type: 'request' | 'offer', categoryList: readonly string[]): TwinRow[] {
  const b = bounds;
  return [
    ['type', true, `\`${type}\``, t.twinType],
    ['source', true, lengthLimit(t, b.source), t.twinSource],
    ['externalId', true, lengthLimit(t, b.externalId), t.twinExternalId],
    ['emergencySlug', t.whenSeveral, 'slug', t.emergencySlugHelp],
    ['title', true, lengthLimit(t, b.title), t.title],
    ['description', false, lengthLimit(t, b.description), t.description],
    ['category', true, categoryList.map((c) => `\`${c}\``).join(', '), t.category],
    ['contactName', true, lengthLimit(t, b.contactName), t.contactName],
    ['contactWhatsapp', true, '+57…', t.contactWhatsappTwin],
    ['publishContact', true, t.mustBeTrue, t.publishContact],
  ];
}

/** The same submission as a curl call, on an example that passes the schema, for the active emergency. */
export function twinApiBlocks(
  t: FormStrings,
  state: FormState,
  example: Record<string, unknown>,
  extra: string[] = [],
): Block[] {
  const slug = state.emergencyFromLink ?? state.emergencies[0]?.slug;
  const body = { ...example, ...(slug ? { emergencySlug: slug } : {}) };
  const json = JSON.stringify(body, null, 2).replace(/'/g, "'\\''");
  const emergencies =
    state.emergencies.length > 0
      ? [t.twinEmergencies, '', ...state.emergencies.map((e) => `- \`${e.slug}\`: ${escapeMarkdown(e.name)}`)].join(
          '\n',
        )
      : t.twinNoEmergencies;
  return [
    {
      kind: 'markdown',
      text: [
        `## ${escapeMarkdown(t.twinApiTitle)}`,
        '',
        t.twinApi,
        '',
        ...curlPostJson(`${state.baseUrl}/api/public/v1/help`, json),
        '',
        ...extra.flatMap((line) => [line, '']),
        emergencies,
        '',
        t.twinReceipt,
      ].join('\n'),
    },
  ];
}

/** A Markdown shell block that POSTs a JSON body (already quoted for single quotes) to the URL. */
export function curlPostJson(url: string, json: string): string[] {
  return ['```sh', `curl -X POST '${url}' \\`, "  -H 'Content-Type: application/json' \\", `  -d '${json}'`, '```'];
}

/** What went wrong on a form that looks a submission up by its secret code: nobody has it, or too many tries. */
export type LookupProblem = 'not_found' | 'rate_limited';

/** That problem as the page's status and the alert at its top; nothing without one. */
export function lookupProblem(
  problem: LookupProblem | undefined,
  t: { notFound: string; rateLimited: string },
): { status: number | undefined; blocks: Block[] } {
  if (problem === undefined) return { status: undefined, blocks: [] };
  const message = problem === 'not_found' ? t.notFound : t.rateLimited;
  return {
    status: problem === 'not_found' ? 404 : 429,
    blocks: [
      {
        kind: 'html',
        html: html`<div class="errors" role="alert" tabindex="-1" id="errores"><h2>${message}</h2></div>`,
      },
    ],
  };
}

/** The receipt code's field on /estado and /retirar: one name, one set of rules. */
export const CODE_FIELD = 'codigo';

/**
 * The receipt code input. What was typed is shown again only where a page says so (/retirar keeps the code after a
 * wrong pair); /estado answers the same whatever was sent.
 */
export function receiptCodeInput(lang: Lang, errors: Errors, value = ''): Html {
  const t = strings(catalogue.status, lang);
  return input({
    name: CODE_FIELD,
    label: t.code,
    help: t.codeHelp,
    required: true,
    errors,
    value: value.length <= MAX_TYPED_CODE ? value : '',
    maxlength: MAX_TYPED_CODE,
    autocomplete: 'off',
  });
}
