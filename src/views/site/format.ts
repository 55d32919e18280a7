// How the pages write numbers and fill their catalogue strings: one rule for every page.
export { formatAmount, formatNumber } from '../../domain/number-format.ts';

/** "{n} horas" with n = 3 -> "3 horas". Placeholders not given stay as they are. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? (values[key] as string) : whole,
  );
}
