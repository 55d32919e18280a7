// RFC 4180 text: fields joined by the dialect's separator, every line ended by CRLF, a field holding a comma, a
// semicolon, a quote, CR or LF put in double quotes with its quotes doubled. A text field a spreadsheet would run as a formula (CSV
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

/**
 * How a CSV is written for its reader, decided here alone: the standard dialect (commas, decimal points, no BOM) that
 * HXL tools read, or the one a spreadsheet set to Spanish (es-CO) opens as columns with its accents: a BOM that says
 * UTF-8, semicolons between fields and a decimal comma. Text is written the same in both.
 */
export interface CsvDialect {
  separator: ',' | ';';
  decimalMark: '.' | ',';
  /** Written before the first row: U+FEFF, so a spreadsheet reads the file as UTF-8. */
  bom: '' | '\uFEFF';
  /** Added to the file name before its extension. */
  fileSuffix: '' | '-excel';
}

const STANDARD: CsvDialect = { separator: ',', decimalMark: '.', bom: '', fileSuffix: '' };
const EXCEL: CsvDialect = { separator: ';', decimalMark: ',', bom: '\uFEFF', fileSuffix: '-excel' };

/** The dialect of a CSV: for a spreadsheet set to Spanish when `excel`, else the standard one. */
export function csvDialect(excel: boolean): CsvDialect {
  return excel ? EXCEL : STANDARD;
}

/** A number field: its plain decimal form with the dialect's mark, never quoted or protected (-76,64 stays a number). */
export function csvNumber(value: number, dialect: CsvDialect): string {
  return String(value).replace('.', dialect.decimalMark);
}

/** One record: fields already written, joined by the dialect's separator, with the line's CRLF. */
export function csvLine(fields: string[], dialect: CsvDialect): string {
  return `${fields.join(dialect.separator)}\r\n`;
}
