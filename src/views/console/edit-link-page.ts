// The page a centre's staff open from their secret link: their inventory, nothing else, no account needed.
import type { HelpRow } from '../../queries/record-in-emergency.ts';
import type { InventoryLine } from '../../schemas/inventory.ts';
import { type Html, html } from '../html.ts';
import { type Errors, when } from './controls.ts';
import { lineForm, linesSection } from './inventory-lines.ts';
import { consolePage } from './layout.ts';

export function editLinkPage(
  center: HelpRow,
  base: string,
  view: {
    lines: InventoryLine[];
    values: Record<string, string>;
    errors: Errors;
    flash?: string | null;
    /** When the link stops working, so the staff can ask for a renewal in time. */
    expiresAt: string;
  },
): Html {
  return consolePage(
    { title: `Inventario de ${center.title}`, flash: view.flash },
    html`<p>Mantenga al día lo que el centro tiene y necesita: se publica en el inventario de la emergencia con la hora de cada cambio. Este enlace es privado; no lo comparta fuera del centro.</p>
<p>Este enlace vence el ${when(view.expiresAt)}; antes de esa fecha pida al equipo de la emergencia que lo renueve.</p>
${linesSection(view.lines, (lineId) => `${base}/lineas/${lineId}/quitar`, html``)}
${lineForm(`${base}/lineas`, html``, view.values, view.errors)}`,
  );
}
