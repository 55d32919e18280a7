// A centre's inventory lines with their age, and the form that sets one: shared by the console and the edit link.
import { categoryLabel } from '../../domain/categories.ts';
import { STALE_AFTER_HOURS } from '../../domain/inventory.ts';
import type { InventoryLine } from '../../schemas/inventory.ts';
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

const kindLabels = { have: 'Tenemos', need: 'Necesitamos' } as const;

function age(line: InventoryLine): string {
  if (line.hoursSinceUpdate < 1) return 'hace menos de una hora';
  if (line.hoursSinceUpdate < 48) return `hace ${Math.round(line.hoursSinceUpdate)} h`;
  return `hace ${Math.round(line.hoursSinceUpdate / 24)} días`;
}

/** removeAction(lineId): where the remove button of a line posts; hidden: the form's secret fields. */
export function linesSection(lines: InventoryLine[], removeAction: (lineId: string) => string, hidden: Html): Html {
  const group = (kind: 'have' | 'need') => {
    const rows = lines.filter((line) => line.kind === kind);
    return html`<section><h2>${kindLabels[kind]} (${rows.length})</h2>${
      rows.length === 0
        ? html`<p>Nada declarado.</p>`
        : html`<ul class="cards">${rows.map(
            (line) => html`<li class="card${line.stale ? ' stale' : ''}">
<p><strong>${categoryLabel(line.category)}</strong>: ${line.quantity} ${line.unit}${line.note ? html` · ${line.note}` : ''}</p>
<p class="meta">Actualizado <time datetime="${line.updatedAt}">${when(line.updatedAt)}</time> (${age(line)})${
              line.stale
                ? html` · <strong class="warn">Sin actualizar hace más de ${STALE_AFTER_HOURS} h: puede que ya no esté</strong>`
                : ''
            }</p>
<form method="post" action="${removeAction(line.id)}" class="inline">${hidden}<button type="submit" class="secondary">Quitar</button></form>
</li>`,
          )}</ul>`
    }</section>`;
  };
  return html`${group('need')}${group('have')}`;
}

export function lineForm(action: string, hidden: Html, values: Record<string, string>, errors: Errors): Html {
  return html`<section class="card" id="linea"><h2>Declarar o actualizar una línea</h2>
<p class="note">Una línea por tipo, categoría y unidad: declararla de nuevo actualiza su cantidad y su fecha.</p>
${errorSummary(errors, lineFieldLabels)}
<form method="post" action="${action}">${hidden}
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
${textarea({ name: 'note', label: lineFieldLabels.note as string, value: values.note, errors, maxlength: 300, help: 'No escriba datos de personas.' })}
<p><button type="submit">Guardar línea</button></p></form></section>`;
}
