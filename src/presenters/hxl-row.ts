// PublicHelp -> HXL (schemas/hxl.ts): the JSON object keyed by hashtags, or a CSV line, with the table's columns and
// nothing else; and a whole export as text, a page of records at a time.
import { type HxlColumn, type HxlRow, type HxlValue, hxlColumns } from '../schemas/hxl.ts';
import type { PublicHelp } from '../schemas/public-help.ts';
import { type CsvDialect, csvLine, csvNumber, csvText } from './csv-text.ts';

/** HXL JSON's object form: one key per column, its full hashtag. */
export function hxlObject(item: PublicHelp): HxlRow {
  const row: HxlRow = {};
  for (const column of hxlColumns) row[column.tag] = column.value(item);
  return row;
}

function csvField(column: HxlColumn, value: HxlValue, dialect: CsvDialect): string {
  if (value === null) return '';
  return column.kind === 'number' && typeof value === 'number' ? csvNumber(value, dialect) : csvText(String(value));
}

export function hxlCsvLine(item: PublicHelp, dialect: CsvDialect): string {
  const fields = hxlColumns.map((column) => csvField(column, column.value(item), dialect));
  return csvLine(fields, dialect);
}

/**
 * The dialect's BOM, the Spanish headers for people, then the hashtag row HXL tools read (RFC 4180 allows any number
 * of rows).
 */
export function hxlCsvHead(dialect: CsvDialect): string {
  const headers = hxlColumns.map((column) => csvText(column.header));
  const tags = hxlColumns.map((column) => column.tag);
  return dialect.bom + csvLine(headers, dialect) + csvLine(tags, dialect);
}

/** The CSV export in a dialect: the two head rows, then one line per record, a page per chunk. */
export async function* hxlCsv(pages: AsyncIterable<PublicHelp[]>, dialect: CsvDialect): AsyncGenerator<string> {
  yield hxlCsvHead(dialect);
  for await (const page of pages) {
    if (page.length > 0) yield page.map((item) => hxlCsvLine(item, dialect)).join('');
  }
}

/** The JSON export: `[`, the records' objects joined by commas, `]`; a page per chunk. */
export async function* hxlJson(pages: AsyncIterable<PublicHelp[]>): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const page of pages) {
    if (page.length === 0) continue;
    const objects = page.map((item) => JSON.stringify(hxlObject(item))).join(',');
    yield first ? objects : `,${objects}`;
    first = false;
  }
  yield ']';
}
