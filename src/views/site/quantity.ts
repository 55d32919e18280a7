// A request's quantity in words: what is still missing out of what was asked for, or that all of it is covered.
import { catalogue, strings } from './catalogue.ts';
import type { Lang } from './document.ts';
import { fill, formatNumber } from './format.ts';

export interface QuantityFigures {
  required: number | null;
  covered: number;
  pending: number | null;
  unit: string | null;
}

/**
 * "Faltan 204 de 204 cobijas" while something is pending, "Cubierto: 204 cobijas" once nothing is; null when no
 * quantity is asked for. The unit is free text and is shown as typed.
 */
export function quantityText(q: QuantityFigures | null, lang: Lang): string | null {
  if (!q || q.required === null) return null;
  const t = strings(catalogue.quantity, lang);
  const required = q.unit ? `${formatNumber(q.required, lang)} ${q.unit}` : formatNumber(q.required, lang);
  const pending = q.pending ?? Math.max(0, q.required - q.covered);
  if (pending > 0) return fill(t.pending, { pending: formatNumber(pending, lang), required });
  return fill(t.covered, { required });
}
