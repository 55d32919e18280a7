// How the pages write numbers and fill their catalogue strings: one rule for every page.
import type { Lang } from './document.ts';

const numberFormats = {
  es: new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 }),
  en: new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }),
};

/** "1.000,5" in Spanish, "1,000.5" in English; at most two decimals. */
export function formatNumber(value: number, lang: Lang): string {
  return numberFormats[lang].format(value);
}

/** "{n} horas" with n = 3 -> "3 horas". Placeholders not given stay as they are. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
