// What an administrator fills in to erase personal data and withdraw: a reason and a box that says it is final.
import { type Html, html } from '../html.ts';
import { type Errors, textarea, when } from './controls.ts';
import { withdrawnByLabels } from './labels.ts';
import { csrfField } from './layout.ts';

/** Longest reason an erasure keeps in its log (the form says so with maxlength; the route refuses a longer one). */
export const ERASURE_REASON_MAX = 300;

/** The form's field names, shared with the route that reads them. */
export const erasureFields = { reason: 'erasureReason', confirm: 'erasureConfirm' } as const;

export const ERASE_BUTTON = 'Borrar datos personales y retirar';

export interface ErasureFormView {
  action: string;
  csrf: string;
  /** What is erased, in words ("esta publicación", "todo lo que tiene este número"). */
  what: string;
  errors?: Errors;
  values?: Record<string, string>;
  /** Fields the form carries back (the number looked up). */
  hidden?: Record<string, string>;
}

export function erasureForm(view: ErasureFormView): Html {
  const errors = view.errors ?? {};
  const confirmError = errors[erasureFields.confirm];
  return html`<section class="card warn" id="borrar"><h2>${ERASE_BUTTON}</h2>
<p><strong>No se puede deshacer.</strong> Se borran de ${view.what} el nombre de contacto, el WhatsApp, el documento de identidad, la dirección y el punto exacto, y la publicación se retira de todas las páginas públicas, la API y el mapa. Quedan la categoría, las cantidades, el municipio y las fechas. El registro de borrados guarda quién lo hizo, cuándo y por qué, nunca los datos.</p>
<form method="post" action="${view.action}">${csrfField(view.csrf)}${Object.entries(view.hidden ?? {}).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
  )}
${textarea({
  name: erasureFields.reason,
  label: 'Motivo del borrado',
  required: true,
  maxlength: ERASURE_REASON_MAX,
  help: 'Por ejemplo: «la persona lo pidió por WhatsApp el 3 de mayo». Solo lo ve el equipo.',
  errors,
  value: view.values?.[erasureFields.reason],
})}
<p class="field"><label class="choice"><input type="checkbox" name="${erasureFields.confirm}" value="si" required${
    confirmError ? html` aria-invalid="true" aria-describedby="${erasureFields.confirm}-error"` : ''
  }> Entiendo que el borrado es definitivo.</label>${
    confirmError ? html`<strong class="error" id="${erasureFields.confirm}-error">${confirmError}</strong>` : ''
  }</p>
<p><button type="submit" class="danger">${ERASE_BUTTON}</button></p></form></section>`;
}

interface ErasureDates {
  review_status: string;
  withdrawn_at: string | null;
  withdrawn_by: 'submitter' | 'team' | null;
  personal_data_erased_at: string | null;
  identity_erased_at: string | null;
}

/** "Retirada por … el …" for a withdrawn record; empty otherwise. */
export function withdrawalText(record: ErasureDates): string {
  if (record.review_status !== 'withdrawn') return '';
  const by = withdrawnByLabels[record.withdrawn_by ?? 'team'] ?? withdrawnByLabels.team;
  return record.withdrawn_at ? `${by} el ${when(record.withdrawn_at)}` : by;
}

/** "Datos personales borrados el …", or "Documento borrado el …" when only the identity document is gone. */
export function erasureText(record: ErasureDates): string {
  if (record.personal_data_erased_at) return `Datos personales borrados el ${when(record.personal_data_erased_at)}`;
  if (record.identity_erased_at) return `Documento borrado el ${when(record.identity_erased_at)}`;
  return '';
}
