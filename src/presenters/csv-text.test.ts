import assert from 'node:assert/strict';
import { test } from 'node:test';
import { csvDialect, csvLine, csvNumber, csvText } from './csv-text.ts';

const standard = csvDialect(false);
const excel = csvDialect(true);

test('RFC 4180: commas, quotes, CR and LF are quoted, quotes doubled, lines end in CRLF', () => {
  assert.equal(csvText('plain'), 'plain');
  assert.equal(csvText('a, b'), '"a, b"');
  assert.equal(csvText('say "hi"'), '"say ""hi"""');
  assert.equal(csvText('two\nlines'), '"two\nlines"');
  assert.equal(csvText('cr\rhere'), '"cr\rhere"');
  assert.equal(csvLine(['a', '"b,c"', ''], standard), 'a,"b,c",\r\n');
});

test('a text field that a spreadsheet would evaluate starts with an apostrophe; numbers stay numbers', () => {
  for (const start of ['=', '+', '-', '@', '\t', '\r']) {
    assert.ok(csvText(`${start}SUM(A1)`).replace(/^"/, '').startsWith(`'${start}`), JSON.stringify(start));
  }
  assert.equal(csvText('=HYPERLINK("http://x.test","clic")'), '"\'=HYPERLINK(""http://x.test"",""clic"")"');
  assert.equal(csvText('Agua = vida'), 'Agua = vida');
  assert.equal(csvNumber(-76.6476, standard), '-76.6476');
  assert.equal(csvNumber(0, standard), '0');
});

test('the spreadsheet dialect: semicolons, a decimal comma and a BOM; the standard one: commas, points, no BOM', () => {
  assert.deepEqual([standard.separator, standard.decimalMark, standard.bom], [',', '.', '']);
  assert.deepEqual(
    [excel.separator, excel.decimalMark, Buffer.from(excel.bom)],
    [';', ',', Buffer.from([0xef, 0xbb, 0xbf])],
  );
  assert.equal(csvNumber(1500.5, excel), '1500,5');
  assert.equal(csvNumber(-76.6476, excel), '-76,6476');
  assert.equal(csvNumber(12, excel), '12');
  assert.equal(csvLine(['a', csvText('b;c'), csvNumber(1.5, excel)], excel), 'a;"b;c";1,5\r\n');
});

/** The cells a spreadsheet set to Spanish makes of written text: split at every ; and line break, quotes ignored. */
function semicolonCells(written: string): string[] {
  return written.split(/[;\r\n]/);
}

test('a semicolon is quoted, and every piece a ; reader makes of a field starts as text', () => {
  assert.equal(csvText('x;=1+1'), `"x;'=1+1"`);
  assert.equal(csvText('agua; arroz'), '"agua; arroz"');
  assert.equal(csvText('agua; -3 litros'), `"agua;' -3 litros"`);
  assert.equal(csvText(' =1+1'), `' =1+1`);
  assert.equal(csvText('a;b'), '"a;b"');
  assert.equal(csvText('uno\n@dos\r\n+tres'), `"uno\n'@dos\r\n'+tres"`);
  // A quote before the sign would open a quoted piece in such a reader (and a space may be trimmed): still protected.
  assert.equal(csvText('x;"=1+1"'), `"x;'""=1+1"""`);
  assert.equal(csvText('"=1+1"'), `"'""=1+1"""`);
  for (const value of [
    'x;=1+1',
    'a;-2+3;@SUM(A1)',
    'x;\t=1',
    'x;"=cmd|\' /C calc\'!A0"',
    'l1\n=1;+2',
    ';=1;;-1',
    'a; "  @x"',
  ]) {
    for (const cell of semicolonCells(csvText(value))) {
      assert.doesNotMatch(
        cell.replace(/^[ "]+/, ''),
        /^[=+\-@\t]/,
        `${JSON.stringify(value)}: ${JSON.stringify(cell)}`,
      );
    }
  }
});
