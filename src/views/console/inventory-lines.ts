// A centre's inventory lines with their age, each with a form that changes it in place, and the form that adds a
// line: shared by the console and the edit link. Every form posts to the same place, since declaring a line again
// (same kind, category and unit) is what updates it.

import { categoryLabel } from '../../domain/categories.ts';
import { amountText } from '../../domain/decimal.ts';
import { STALE_AFTER_HOURS } from '../../domain/inventory.ts';
import { CLEAR_NOTE } from '../../domain/inventory-note.ts';
import { formatAmount, formatNumber } from '../../domain/number-format.ts';
import { INVENTORY_NOTE_MAX, type InventoryLine } from '../../schemas/inventory.ts';
import { type Html, html } from '../html.ts';
import { type Errors, errorSummary, input, select, textarea, when } from './controls.ts';
import { categoryOptions } from './labels.ts';

export const lineFieldLabels: Record<string, string> = {
  kind: 'Tipo de línea',
  category: 'Categoría',
  quantity: 'Cantidad',
  unit: 'Unidad',
  note: 'Nota (pública)',
};

/** The form field naming the line a form changes; absent from the form that adds a line. */
export const LINE_ID_FIELD = 'linea';

/** A form sent back with problems: a line's own form (its id) or the one that adds a line (null). */
export interface LineFormState {
  lineId: string | null;
  values: Record<string, string>;
  errors: Errors;
}

export interface LineForms {
  /** Where every line form posts. */
  saveAction: string;
  removeAction: (lineId: string) => string;
  /** The forms' secret fields (the console's CSRF token; nothing on an edit link, whose path is the secret). */
  hidden: Html;
  /** The form sent back, if any. */
  state?: LineFormState | null;
}

const kindLabels = { have: 'Tenemos', need: 'Necesitamos' } as const;
/** How a note field works, said beside every one: writing a line again never drops its note unasked. */
const NOTE_HELP = `Vacía, se conserva la nota guardada; para borrarla escriba ${CLEAR_NOTE} (un guion). No escriba datos de personas.`;

/** The confirmation after a line is saved: which line, and the number as the site writes it. */
export function savedLineMessage(line: InventoryLine): string {
  const note = line.note ? ` Nota: «${line.note}».` : '';
  return `Guardamos ${formatAmount(line.quantity, line.unit)} de ${categoryLabel(line.category)} en «${kindLabels[line.kind]}».${note}`;
}
/** The fields a line's own form shows; the others are its key, sent as they are stored. */
const editable = ['quantity', 'note'] as const;

function age(line: InventoryLine): string {
  if (line.hoursSinceUpdate < 1) return 'hace menos de una hora';
  if (line.hoursSinceUpdate < 48) return `hace ${Math.round(line.hoursSinceUpdate)} h`;
  return `hace ${Math.round(line.hoursSinceUpdate / 24)} días`;
}

/** The state of one line's form, when it is the form sent back; a line no longer listed sends it to the add form. */
function stateOf(lines: InventoryLine[], state: LineFormState | null | undefined) {
  const line = state?.lineId ? lines.find((l) => l.id === state.lineId) : undefined;
  return { line, onLine: line ? state : null, onAdd: line ? null : (state ?? null) };
}

const fieldId = (name: string, lineId: string) => `${name}-${lineId}`;

/**
 * Every problem at the top of the page, each a link to its field, as the website's forms do; the same messages
 * stay beside the fields. A line's key fields have no control of their own, so they link to the line.
 */
export function lineErrors(lines: InventoryLine[], state: LineFormState | null | undefined): Html {
  const { line, onLine, onAdd } = stateOf(lines, state);
  if (onAdd) return errorSummary(onAdd.errors, lineFieldLabels);
  if (!line || !onLine) return html``;
  const anchored: Errors = {};
  const labels: Record<string, string> = {};
  for (const [name, message] of Object.entries(onLine.errors)) {
    const anchor = (editable as readonly string[]).includes(name) ? fieldId(name, line.id) : `linea-${line.id}`;
    anchored[anchor] = message;
    labels[anchor] = `${lineFieldLabels[name] ?? name} de ${categoryLabel(line.category)} (${line.unit})`;
  }
  return errorSummary(anchored, labels);
}

function lineControl(line: InventoryLine, name: (typeof editable)[number], value: string, errors: Errors): Html {
  const id = fieldId(name, line.id);
  const error = errors[name];
  const help = name === 'quantity' ? '0 si ya no queda' : NOTE_HELP;
  const by = html` aria-describedby="${id}-ayuda${error ? ` ${id}-error` : ''}"${error ? html` aria-invalid="true"` : ''}`;
  const control =
    name === 'quantity'
      ? html`<input id="${id}" name="quantity" type="text" inputmode="decimal" value="${value}" required${by}>`
      : html`<textarea id="${id}" name="note" rows="2" maxlength="${String(INVENTORY_NOTE_MAX)}"${by}>${value}</textarea>`;
  const label = name === 'quantity' ? html`Cantidad (${line.unit}) *` : html`${lineFieldLabels.note}`;
  return html`<p class="field"><label for="${id}">${label}</label>
${control}<small id="${id}-ayuda">${help}</small>${error ? html`<strong class="error" id="${id}-error">${error}</strong>` : ''}</p>`;
}

function lineCard(line: InventoryLine, forms: LineForms, state: LineFormState | null): Html {
  const values = state?.values ?? {};
  const errors = state?.errors ?? {};
  return html`<li class="card${line.stale ? ' stale' : ''}" id="linea-${line.id}">
<p><strong>${categoryLabel(line.category)}</strong>: ${formatAmount(line.quantity, line.unit)}${line.note ? html` · ${line.note}` : ''}</p>
<p class="meta">Actualizado <time datetime="${line.updatedAt}">${when(line.updatedAt)}</time> (${age(line)})${
    line.stale
      ? html` · <strong class="warn">Sin actualizar hace más de ${formatNumber(STALE_AFTER_HOURS)} h: puede que ya no esté</strong>`
      : ''
  }</p>
<form method="post" action="${forms.saveAction}" class="line-edit">${forms.hidden}
<input type="hidden" name="${LINE_ID_FIELD}" value="${line.id}"><input type="hidden" name="kind" value="${line.kind}"><input type="hidden" name="category" value="${line.category}"><input type="hidden" name="unit" value="${line.unit}">
${lineControl(line, 'quantity', values.quantity ?? amountText(line.quantity), errors)}
${lineControl(line, 'note', values.note ?? '', errors)}
<p><button type="submit">Guardar cambios</button></p></form>
<form method="post" action="${forms.removeAction(line.id)}" class="inline">${forms.hidden}<button type="submit" class="secondary">Quitar esta línea</button></form>
</li>`;
}

/** The lines, needs first, each with its own form to change the quantity and note. */
export function linesSection(lines: InventoryLine[], forms: LineForms): Html {
  const { onLine } = stateOf(lines, forms.state);
  const group = (kind: 'have' | 'need') => {
    const rows = lines.filter((line) => line.kind === kind);
    return html`<section><h2>${kindLabels[kind]} (${formatNumber(rows.length)})</h2>${
      rows.length === 0
        ? html`<p>Nada declarado.</p>`
        : html`<ul class="cards">${rows.map((line) => lineCard(line, forms, onLine?.lineId === line.id ? onLine : null))}</ul>`
    }</section>`;
  };
  return html`${group('need')}${group('have')}`;
}

/** The form that adds a line; a line already there with the same kind, category and unit is updated instead. */
export function lineForm(lines: InventoryLine[], forms: LineForms): Html {
  const { onAdd } = stateOf(lines, forms.state);
  const values = onAdd?.values ?? {};
  const errors = onAdd?.errors ?? {};
  return html`<section class="card" id="linea"><h2>Añadir una línea</h2>
<p class="note">Una línea por tipo, categoría y unidad: si ya hay una igual (sin importar mayúsculas ni tildes en la unidad), se actualiza esa.</p>
<form method="post" action="${forms.saveAction}">${forms.hidden}
${select({
  name: 'kind',
  label: lineFieldLabels.kind as string,
  value: values.kind ?? 'need',
  options: [
    ['need', 'Necesitamos'],
    ['have', 'Tenemos'],
  ],
  errors,
  required: true,
})}
${select({ name: 'category', label: lineFieldLabels.category as string, value: values.category, options: categoryOptions, errors, required: true })}
${input({ name: 'quantity', label: lineFieldLabels.quantity as string, value: values.quantity, errors, required: true, inputmode: 'decimal', help: '0 si ya no queda' })}
${input({ name: 'unit', label: lineFieldLabels.unit as string, value: values.unit, errors, required: true, maxlength: 40, help: 'kg, bidones, cajas…' })}
${textarea({ name: 'note', label: lineFieldLabels.note as string, value: values.note, errors, maxlength: 300, help: NOTE_HELP })}
<p><button type="submit">Guardar línea</button></p></form></section>`;
}
