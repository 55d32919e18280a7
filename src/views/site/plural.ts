// One way to print a count with its noun, in Spanish and English: "1 línea", "2 líneas", "0 líneas".
import type { Lang } from './document.ts';
import { fill, formatNumber } from './format.ts';

export { formatNumber };

/** The two forms a count takes in Spanish and English; {n} is the number, written as the pages write numbers. */
export interface PluralForms {
  one: string;
  other: string;
}

/** A catalogue entry that takes a count. */
export type PluralEntry = { es: PluralForms; en: PluralForms };

export function isPluralForms(value: unknown): value is PluralForms {
  return (
    typeof value === 'object' &&
    value !== null &&
    'one' in value &&
    'other' in value &&
    typeof value.one === 'string' &&
    typeof value.other === 'string'
  );
}

/**
 * The form for count, with {n} filled and any other {key} from values. Both languages use "one" for exactly 1
 * and "other" for everything else, 0 and fractions included ("0 líneas", "1,5 horas"). values.n, when given,
 * replaces the formatted number (a figure shown exactly as configured).
 */
export function plural(count: number, forms: PluralForms, lang: Lang, values: Record<string, string> = {}): string {
  const template = count === 1 ? forms.one : forms.other;
  return fill(template, { n: formatNumber(count, lang), ...values });
}
