import assert from 'node:assert/strict';
import { test } from 'node:test';
import { csvLine, csvNumber, csvText } from './csv-text.ts';

test('RFC 4180: commas, quotes, CR and LF are quoted, quotes doubled, lines end in CRLF', () => {
  assert.equal(csvText('plain'), 'plain');
  assert.equal(csvText('a, b'), '"a, b"');
  assert.equal(csvText('say "hi"'), '"say ""hi"""');
  assert.equal(csvText('two\nlines'), '"two\nlines"');
  assert.equal(csvText('cr\rhere'), '"cr\rhere"');
  assert.equal(csvLine(['a', '"b,c"', '']), 'a,"b,c",\r\n');
});

test('a text field that a spreadsheet would evaluate starts with an apostrophe; numbers stay numbers', () => {
  for (const start of ['=', '+', '-', '@', '\t', '\r']) {
    assert.ok(csvText(`${start}SUM(A1)`).replace(/^"/, '').startsWith(`'${start}`), JSON.stringify(start));
  }
  assert.equal(csvText('=HYPERLINK("http://x.test","clic")'), '"\'=HYPERLINK(""http://x.test"",""clic"")"');
  assert.equal(csvText('Agua = vida'), 'Agua = vida');
  assert.equal(csvNumber(-76.6476), '-76.6476');
  assert.equal(csvNumber(0), '0');
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
