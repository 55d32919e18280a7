// Administrators answer a person's habeas data request: everything the service holds with their WhatsApp number
// (the right to know, also as a JSON file), and erasing all of it with a reason.
import type { ErasureReport, PersonalDataExport } from '../../commands/personal-data/types.ts';
import { type Html, html } from '../html.ts';
import { type Errors, errorSummary, input, when } from './controls.ts';
import { erasureFields, erasureForm } from './erasure-form.ts';
import { type ConsoleFrame, consolePage, csrfField, panelPaths } from './layout.ts';

/** Every step is a POST: the number never sits in an address, a history or a server log. */
export const privacyPaths = {
  form: panelPaths.privacy,
  lookup: `${panelPaths.privacy}/consultar`,
  download: `${panelPaths.privacy}/descargar`,
  erase: `${panelPaths.privacy}/borrar`,
} as const;

/** The number's field, in every form of these pages. */
export const WHATSAPP_FIELD = 'whatsapp';

const TITLE = 'Datos personales';

const labels: Record<string, string> = { [WHATSAPP_FIELD]: 'WhatsApp', [erasureFields.reason]: 'Motivo del borrado' };

export function privacyFormPage(frame: ConsoleFrame, view: { value?: string; errors?: Errors }): Html {
  const errors = view.errors ?? {};
  return consolePage(
    { ...frame, title: TITLE, current: 'privacy' },
    html`<p>Cuando una persona pide saber qué datos suyos guarda el servicio, o que se borren, búsquelos por su número de WhatsApp. Verá cada publicación, revisión, reporte y texto que lo contiene; puede descargarlo como archivo o borrarlo todo.</p>
${errorSummary(errors, labels)}
<form method="post" action="${privacyPaths.lookup}" class="card">${csrfField(frame.user?.csrf ?? '')}
${input({
  name: WHATSAPP_FIELD,
  label: 'Número de WhatsApp',
  type: 'tel',
  required: true,
  maxlength: 40,
  value: view.value,
  errors,
  help: 'Con o sin +57, con o sin espacios: +57 300 123 4567 o 3001234567.',
})}
<p><button type="submit">Buscar sus datos</button></p></form>`,
  );
}

function fieldValue(value: string | number | null): string {
  return value === null || value === '' ? '—' : String(value);
}

export function privacyExportPage(
  frame: ConsoleFrame,
  view: { data: PersonalDataExport; erase?: { errors: Errors; values: Record<string, string> } },
): Html {
  const { data } = view;
  const csrf = frame.user?.csrf ?? '';
  const number = { [WHATSAPP_FIELD]: data.whatsapp };
  const count = data.items.length;
  return consolePage(
    // The number stays out of the title: a browser keeps titles in its history.
    { ...frame, title: `${TITLE}: lo que guarda un número`, current: 'privacy' },
    html`<p>Número consultado: <strong>${data.whatsapp}</strong></p>
<p class="meta">Consulta del ${when(data.generatedAt)} · ${
      count === 0 ? 'ningún dato guardado con este número' : count === 1 ? '1 elemento' : `${count} elementos`
    } · <a href="${privacyPaths.form}">buscar otro número</a></p>
${
  count === 0
    ? html`<p>El servicio no guarda ninguna publicación, revisión, reporte ni texto con este número.</p>`
    : html`<ul class="cards">${data.items.map(
        (item) => html`<li class="card"><h2>${item.label}</h2>
<p class="meta"><code>${item.table}</code> · <code>${item.id}</code></p>
<dl class="fields">${Object.entries(item.fields).map(
          ([name, value]) => html`<div><dt>${name}</dt><dd>${fieldValue(value)}</dd></div>`,
        )}</dl></li>`,
      )}</ul>`
}
<form method="post" action="${privacyPaths.download}">${csrfField(csrf)}<input type="hidden" name="${WHATSAPP_FIELD}" value="${data.whatsapp}">
<p><button type="submit" class="secondary">Descargar JSON</button> <small>Para entregarlo a la persona por un canal privado.</small></p></form>
${
  count === 0
    ? ''
    : erasureForm({
        action: privacyPaths.erase,
        csrf,
        what: 'todo lo que guarda este número',
        hidden: number,
        errors: view.erase?.errors,
        values: view.erase?.values,
      })
}`,
  );
}

export function privacyErasedPage(frame: ConsoleFrame, report: ErasureReport): Html {
  const records = report.records.length;
  return consolePage(
    { ...frame, title: 'Datos personales borrados', current: 'privacy' },
    html`<p class="flash" role="status">Borrado hecho: ${records === 1 ? '1 publicación retirada' : `${records} publicaciones retiradas`} y ${
      report.rows === 1 ? '1 fila borrada o limpiada' : `${report.rows} filas borradas o limpiadas`
    } en total.</p>
${records > 0 ? html`<ul>${report.records.map((id) => html`<li><code>${id}</code></li>`)}</ul>` : ''}
<p class="note">El registro de borrados guarda quién lo hizo, cuándo y por qué; nunca los datos.</p>
<p><a href="${privacyPaths.form}">Buscar otro número</a></p>`,
  );
}
