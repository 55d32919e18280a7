// A record's content as the console shows it: every field, private ones marked, and the edit form.

import {
  emptyColumns,
  offerFieldColumns,
  requestFieldColumns,
  type SubmissionFields,
} from '../../commands/submission-fields.ts';
import { helpRecordRoles } from '../../db/column-roles.ts';
import { categoryLabel } from '../../domain/categories.ts';
import { departments, municipalitiesOf, municipalityByCode, municipalityLabel } from '../../domain/municipalities.ts';
import { collectionCenterStatusLabels } from '../../domain/statuses.ts';
import { type Html, html } from '../html.ts';
import { type Errors, input, select, textarea } from './controls.ts';
import {
  categoryOptions,
  centerStatusOptions,
  columnLabels,
  fieldLabels,
  urgencyLabels,
  urgencyOptions,
} from './labels.ts';

export type Content = Partial<SubmissionFields> & { type: 'request' | 'offer' };

type Column = keyof SubmissionFields;

/** Named elsewhere on the page: the type in the heading, the municipality on a line of its own. */
const shownApart = new Set<Column>(['type', 'municipality_code']);
/** Private columns (db/column-roles.ts) are shown apart, marked as such; system ones not at all. */
const isPrivate = (column: Column) => helpRecordRoles[column].kind === 'private';
const notShown = (column: Column) =>
  shownApart.has(column) || isPrivate(column) || helpRecordRoles[column].kind === 'system';
/** The private columns of a record's content, in the order they are stored. */
const privateColumns = (Object.keys(emptyColumns) as Column[]).filter(isPrivate);

/** The columns shown for a type, in the order they are stored, except that a request's urgency follows its category. */
function shownColumns(fieldColumns: Readonly<Record<string, Column | null>>): Column[] {
  const columns = Object.values(fieldColumns).flatMap((column): Column[] =>
    column === null || notShown(column) ? [] : [column],
  );
  return columns.flatMap((column): Column[] => {
    if (column === 'urgency') return [];
    return column === 'category' && columns.includes('urgency') ? ['category', 'urgency'] : [column];
  });
}

const requestColumns = shownColumns(requestFieldColumns);
const offerColumns = shownColumns(offerFieldColumns);

export function contentColumns(type: 'request' | 'offer'): readonly (keyof SubmissionFields)[] {
  return type === 'request' ? requestColumns : offerColumns;
}

/** A request stored without a point: it is public at its municipality's point until a leader places it. */
export function withoutPoint(content: Pick<Content, 'type' | 'latitude' | 'longitude'>): boolean {
  return content.type === 'request' && (content.latitude == null || content.longitude == null);
}

/** The municipality in words, and whether a person chose it or it was worked out from the point. */
function municipalityText(content: Content): string {
  const m = municipalityByCode(content.municipality_code);
  if (!m) return '—';
  return `${municipalityLabel(m)} (${content.municipality_derived === 0 ? 'elegido al enviar' : 'según el punto'})`;
}

/** A column's value in words. */
export function shown(column: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (column === 'municipality_code') {
    const m = municipalityByCode(String(value));
    return m ? municipalityLabel(m) : String(value);
  }
  if (column === 'category') return categoryLabel(String(value));
  if (column === 'urgency') return urgencyLabels[value as keyof typeof urgencyLabels] ?? String(value);
  if (column === 'collection_center_status')
    return collectionCenterStatusLabels[value as keyof typeof collectionCenterStatusLabels] ?? String(value);
  if (column === 'needs_transport') return value === 1 || value === true ? 'Sí' : 'No';
  return String(value);
}

/** A people count stored only as SPEC 2.3's default: the leaders see it was not said; the public sees nothing. */
const PEOPLE_NOT_GIVEN = 'No lo dijo (no se publica)';

/**
 * A record's content. `erased`: its personal data is gone (withdrawn or erased), so a missing point is said as such
 * rather than with the advice to place it.
 */
export function contentTable(content: Content, options: { erased?: boolean } = {}): Html {
  return html`<dl class="fields">${contentColumns(content.type).map(
    (column) =>
      html`<div><dt>${columnLabels[column]}</dt><dd>${
        column === 'contact_whatsapp' && content.contact_whatsapp
          ? html`<a href="${`https://wa.me/${content.contact_whatsapp.replace(/^\+/, '')}`}" rel="noreferrer">${content.contact_whatsapp}</a>`
          : column === 'people' && content.people_given === 0
            ? PEOPLE_NOT_GIVEN
            : shown(column, content[column])
      }</dd></div>`,
  )}<div><dt>Municipio</dt><dd>${municipalityText(content)}</dd></div>${
    options.erased
      ? content.latitude == null || content.longitude == null
        ? html`<div><dt>Punto</dt><dd><strong class="tag">sin punto exacto</strong> Se borró con los datos personales.</dd></div>`
        : ''
      : withoutPoint(content)
        ? html`<div class="warn"><dt>Punto</dt><dd><strong class="tag">sin punto exacto</strong> En público se muestra el punto del municipio. Para ubicarla, escriba la latitud y la longitud en «Corregir y aprobar»; o apruébela así y queda en el punto del municipio.</dd></div>`
        : ''
  }${privateColumns.map((column) =>
    content[column]
      ? html`<div class="private"><dt>${columnLabels[column]}</dt><dd>${String(content[column])}</dd></div>`
      : '',
  )}</dl>`;
}

/** Only the fields that differ: what a revision would change, or what changed since the leader looked. */
export function diffTable(
  before: Content,
  after: Content,
  words = {
    caption: 'Cambios propuestos',
    before: 'Publicado',
    after: 'Propuesto',
    none: 'La revisión no cambia ningún campo visible.',
  },
): Html {
  const columns = [...contentColumns(after.type), 'municipality_code' as const, ...privateColumns].filter(
    (column) => (before[column] ?? null) !== (after[column] ?? null),
  );
  if (columns.length === 0) return html`<p>${words.none}</p>`;
  return html`<table class="diff"><caption>${words.caption}</caption>
<thead><tr><th scope="col">Campo</th><th scope="col">${words.before}</th><th scope="col">${words.after}</th></tr></thead>
<tbody>${columns.map(
    (column) =>
      html`<tr><th scope="row">${column === 'municipality_code' ? 'Municipio' : columnLabels[column]}</th><td><del>${shown(column, before[column])}</del></td><td><ins>${shown(column, after[column])}</ins></td></tr>`,
  )}</tbody></table>`;
}

/** Longest "seen content" a decision form may carry back (a full record is about 2 KB). */
const SEEN_MAX = 16 * 1024;

/**
 * The content a decision form was rendered with, carried in a hidden field, so that when the record changed
 * meanwhile the leader is shown what moved. It only explains; the version number is what refuses the decision.
 */
export function seenToken(content: Content): string {
  const columns = [...contentColumns(content.type), ...privateColumns];
  const values = Object.fromEntries(columns.map((column) => [column, content[column] ?? null]));
  return Buffer.from(JSON.stringify({ type: content.type, ...values })).toString('base64url');
}

/** The content a form carried back, keeping only known columns with plain values; null when unreadable. */
export function seenFromToken(token: string, type: 'request' | 'offer'): Content | null {
  if (!token || token.length > SEEN_MAX || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const source = parsed as Record<string, unknown>;
  if (source.type !== type) return null;
  const content: Record<string, unknown> = { type };
  for (const column of [...contentColumns(type), ...privateColumns]) {
    const value = Object.hasOwn(source, column) ? source[column] : null;
    content[column] = ['string', 'number', 'boolean'].includes(typeof value) ? value : null;
  }
  return content as Content;
}

/** Form field (API name) -> the column it edits, for both types; the two yes/no fields are read apart below. */
const formColumns = new Map(
  [...Object.entries(requestFieldColumns), ...Object.entries(offerFieldColumns)].flatMap(
    ([name, column]): [string, Column][] =>
      column === null || notShown(column) || column === 'needs_transport' ? [] : [[name, column]],
  ),
);

/** Form values (API names) of a content, or of what the leader typed. */
export function formValues(content: Content): Record<string, string> {
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  return {
    ...Object.fromEntries([...formColumns].map(([name, column]) => [name, text(content[column])])),
    // A count nobody gave stays blank: correcting the rest does not publish the default 1 as if it had been said.
    neededPeople: content.people_given === 0 ? '' : text(content.people),
    // A chosen municipality is kept; a derived one is left blank, so a corrected point names its own municipality.
    municipalityCode: content.municipality_derived === 0 ? text(content.municipality_code) : '',
    // Its department's municipalities are the ones listed, chosen or derived alike: a correction is usually nearby.
    departmentCode: municipalityByCode(content.municipality_code)?.departmentCode ?? '',
    // Not editable: whether the exact place is public is the submitter's choice, carried through a correction.
    showExactLocation: content.exact_location === 1 ? 'si' : '',
    needsTransport:
      content.needs_transport === null || content.needs_transport === undefined
        ? ''
        : content.needs_transport
          ? 'si'
          : 'no',
  };
}

/** The submit control that lists a department's municipalities instead of publishing (no JavaScript needed). */
export const SHOW_MUNICIPALITIES = 'verMunicipios';

/**
 * Department, then that department's municipalities: a few dozen options rather than 1,100 on every review page.
 * "Ver municipios" shows the form again with another department's list; nothing is published then. Blank means
 * "the one nearest the point", named when known.
 */
function municipalitySelect(values: Record<string, string>, errors: Errors, derived: string | null): Html {
  const name = 'municipalityCode';
  const error = errors[name];
  const chosen = values[name] ?? '';
  const department = values.departmentCode || municipalityByCode(chosen)?.departmentCode || '';
  const blank = derived ? `Según el punto (ahora: ${derived})` : 'Según el punto';
  return html`${select({
    name: 'departmentCode',
    label: 'Departamento del municipio',
    value: department,
    options: departments().map((d) => [d.code, d.name] as const),
    blank: 'Elija el departamento',
    errors,
  })}
<p><input type="submit" class="secondary" name="${SHOW_MUNICIPALITIES}" value="Ver municipios" formnovalidate> <small>Muestra los municipios del departamento elegido; no publica nada.</small></p>
<p class="field"><label for="${name}">Municipio</label>
<select id="${name}" name="${name}" aria-describedby="${name}-ayuda${error ? ` ${name}-error` : ''}"${error ? html` aria-invalid="true"` : ''}><option value="">${blank}</option>${municipalitiesOf(
    department,
  ).map(
    (m) => html`<option value="${m.code}"${m.code === chosen ? html` selected` : ''}>${m.name}</option>`,
  )}</select><small id="${name}-ayuda">Con un municipio elegido y sin latitud ni longitud, en público se muestra el punto del municipio. Elija otro para corregir el que se dedujo del punto.</small>${
    error ? html`<strong class="error" id="${name}-error">${error}</strong>` : ''
  }</p>`;
}

export function editFields(
  type: 'request' | 'offer',
  values: Record<string, string>,
  errors: Errors,
  /** The municipality worked out from the point, named beside the blank choice. */
  derivedMunicipality: string | null = null,
): Html {
  const f = (name: string, extra: Partial<Parameters<typeof input>[0]> = {}) =>
    input({ name, label: fieldLabels[name] ?? name, value: values[name], errors, ...extra });
  const common = html`${f('title', { required: true, maxlength: 100 })}
${textarea({ name: 'description', label: fieldLabels.description as string, value: values.description, errors, maxlength: 600 })}
${select({ name: 'category', label: fieldLabels.category as string, value: values.category, options: categoryOptions, errors, required: true })}
${f('contactName', { required: true, maxlength: 100 })}
${f('contactWhatsapp', { required: true, type: 'tel', help: 'Formato internacional, ej. +573001234567' })}`;
  if (type === 'request') {
    return html`${common}
${select({ name: 'urgency', label: fieldLabels.urgency as string, value: values.urgency, options: urgencyOptions, errors })}
${f('address', { required: true, maxlength: 180 })}
${f('neighborhood', { maxlength: 80 })}
${values.showExactLocation === 'si' ? html`<input type="hidden" name="showExactLocation" value="si"><p class="help">Quien envió pidió mostrar su ubicación exacta: la dirección y el punto son públicos.</p>` : html`<p class="help">En público: punto aproximado (unos 300 m), barrio y municipio; la dirección no se publica.</p>`}
${municipalitySelect(values, errors, derivedMunicipality)}
${f('latitude', { inputmode: 'decimal', help: 'Obligatoria sin municipio. Ej.: 1.1478' })}
${f('longitude', { inputmode: 'decimal', help: 'Obligatoria sin municipio. Ej.: -76.6476' })}
${f('neededPeople', { inputmode: 'numeric', help: 'Vacío si la persona no lo dijo: no se publica.' })}
${f('resourceLabel', { maxlength: 160 })}
${f('quantityRequired', { inputmode: 'decimal' })}
${f('unit', { maxlength: 40 })}`;
  }
  return html`${common}
${f('address', { maxlength: 180 })}
${values.showExactLocation === 'si' ? html`<input type="hidden" name="showExactLocation" value="si"><p class="help">Quien envió pidió mostrar la ubicación exacta: la dirección y el punto son públicos.</p>` : html`<p class="help">En público: punto aproximado (unos 300 m) y municipio; la dirección no se publica. Un centro de acopio se publica siempre en su dirección y su punto exactos.</p>`}
${municipalitySelect(values, errors, derivedMunicipality)}
${f('latitude', { inputmode: 'decimal' })}
${f('longitude', { inputmode: 'decimal' })}
${select({ name: 'collectionCenterStatus', label: fieldLabels.collectionCenterStatus as string, value: values.collectionCenterStatus, options: centerStatusOptions, blank: 'No es un centro de acopio', errors })}
${f('vehicle', { maxlength: 80 })}
${f('capacityKg', { inputmode: 'decimal' })}
${f('capacityBoxes', { inputmode: 'numeric' })}
${f('passengerCapacity', { inputmode: 'numeric' })}
${f('zones', { maxlength: 180 })}
${f('availableUntil', { type: 'date' })}
${select({
  name: 'needsTransport',
  label: fieldLabels.needsTransport as string,
  value: values.needsTransport,
  options: [
    ['si', 'Sí'],
    ['no', 'No'],
  ],
  blank: 'Sin indicar',
  errors,
})}`;
}
