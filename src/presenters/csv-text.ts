// RFC 4180 text: fields joined by commas, every line ended by CRLF, a field holding a comma, a semicolon, a quote, CR
// or LF put in double quotes with its quotes doubled. A text field a spreadsheet would run as a formula (CSV
// injection: one that starts with =, +, -, @, tab or CR) gets a leading apostrophe, so spreadsheets show it as text
// and never evaluate it. Spreadsheets set to Spanish (es-CO) split a CSV at semicolons, and such a reader honours a
// quote only at the start of a piece, so a line break inside a quoted field ends its row too: every piece that
// begins after a semicolon or a line break is protected the same way. Spaces and quotes before the sign count as
// nothing, since a reader may trim the one and take the other as the piece's quoting.

const FORMULA_SIGN = '[=+\\-@\\t\\r]';
/** The start of the field, or of a piece after ; CR or LF, followed (past spaces and quotes) by a formula sign. */
const PIECE_FORMULA = new RegExp(`(^|[;\\r\\n])(?=[ "]*${FORMULA_SIGN})`, 'g');
const NEEDS_QUOTES = /[",;\r\n]/;

/** A text field as written: protected from formulas, then quoted when RFC 4180 (or a ; reader) requires it. */
export function csvText(value: string): string {
  const safe = value.replace(PIECE_FORMULA, "$1'");
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
