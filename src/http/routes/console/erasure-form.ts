// The "erase personal data" form an administrator sends: a reason (required, bounded) and the confirmation box.
import { stripInvisibleCharacters } from '../../../domain/text.ts';
import type { Errors } from '../../../views/console/controls.ts';
import { ERASURE_REASON_MAX, erasureFields } from '../../../views/console/erasure-form.ts';
import { type FormBody, field } from '../../forms/form-body.ts';

/** Control characters other than line breaks and tabs (C0, DEL and C1). */
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

export type ErasureInput = { ok: true; reason: string } | { ok: false; errors: Errors; values: Record<string, string> };

/** The reason (cleaned, never cut: a longer one is refused) and the confirmation; errors name the fields. */
export function readErasure(form: FormBody): ErasureInput {
  const typed = field(form, erasureFields.reason);
  const reason = stripInvisibleCharacters(typed).replace(CONTROLS, '').trim();
  const errors: Errors = {};
  if (!reason) errors[erasureFields.reason] = 'Indique el motivo del borrado.';
  else if (reason.length > ERASURE_REASON_MAX)
    errors[erasureFields.reason] = `Escriba el motivo en ${ERASURE_REASON_MAX} caracteres o menos.`;
  if (field(form, erasureFields.confirm) !== 'si')
    errors[erasureFields.confirm] = 'Confirme que entiende que el borrado no se puede deshacer.';
  if (Object.keys(errors).length > 0) {
    return { ok: false, errors, values: { [erasureFields.reason]: typed.slice(0, ERASURE_REASON_MAX * 2) } };
  }
  return { ok: true, reason };
}
