// RFC 4180 text: fields joined by commas, every line ended by CRLF, a field holding a comma, a quote, CR or LF put in
// double quotes with its quotes doubled. A text field a spreadsheet would run as a formula (CSV injection: one that
// starts with =, +, -, @, tab or CR) gets a leading apostrophe, so spreadsheets show it as text and never evaluate it.

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A text field as written: protected from formulas, then quoted when RFC 4180 requires it. */
export function csvText(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A number field: its plain decimal form, never quoted or protected (a negative longitude stays a number). */
export function csvNumber(value: number): string {
  return String(value);
}

/** One record: fields already written, joined, with the line's CRLF. */
export function csvLine(fields: string[]): string {
  return `${fields.join(',')}\r\n`;
}
