// How every number people read is written, on the site, in the console, in messages and in the assistants'
// answers: Colombian marks in Spanish ("1.500", "1,5"), English marks in English ("1,500", "1.5"), at most three
// decimals. Programs get JSON numbers; this is only for people.

export type NumberLang = 'es' | 'en';

const formats: Record<NumberLang, Intl.NumberFormat> = {
  es: new Intl.NumberFormat('es-CO', { maximumFractionDigits: 3 }),
  en: new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 }),
};

/** "1.500", "1.000,5" and "0,125" in Spanish; "1,500", "1,000.5" in English. */
export function formatNumber(value: number, lang: NumberLang = 'es'): string {
  return formats[lang].format(value);
}

/** "1.500 litros"; the number alone without a unit. The unit is free text and is shown as typed. */
export function formatAmount(value: number, unit: string | null | undefined, lang: NumberLang = 'es'): string {
  return unit ? `${formatNumber(value, lang)} ${unit}` : formatNumber(value, lang);
}
