// The page a centre's staff open from their secret link: their inventory, nothing else, no account needed. Made
// for a volunteer's phone: each line changes in place, and the top bar names the centre, not the console.
import type { HelpRow } from '../../queries/record-in-emergency.ts';
import type { InventoryLine } from '../../schemas/inventory.ts';
import { type Html, html } from '../html.ts';
import { when } from './controls.ts';
import { type LineFormState, lineErrors, lineForm, linesSection } from './inventory-lines.ts';
import { consolePage } from './layout.ts';

export function editLinkPage(
  center: HelpRow,
  base: string,
  view: {
    lines: InventoryLine[];
    /** The form sent back with problems, if any. */
    form?: LineFormState | null;
    flash?: string | null;
    /** When the link stops working, so the staff can ask for a renewal in time. */
    expiresAt: string;
  },
): Html {
  const forms = {
    saveAction: `${base}/lineas`,
    removeAction: (lineId: string) => `${base}/lineas/${lineId}/quitar`,
    hidden: html``,
    state: view.form,
  };
  return consolePage(
    { title: `Inventario de ${center.title}`, heading: `${center.title}: inventario`, flash: view.flash },
    html`${lineErrors(view.lines, view.form)}
<p>Mantenga al día lo que el centro tiene y necesita: cambie la cantidad de una línea y pulse «Guardar cambios». Se publica en el inventario de la emergencia con la hora de cada cambio. Este enlace es privado; no lo comparta fuera del centro.</p>
<p>Este enlace vence el ${when(view.expiresAt)}; antes de esa fecha pida al equipo de la emergencia que lo renueve.</p>
${linesSection(view.lines, forms)}
${lineForm(view.lines, forms)}`,
  );
}
