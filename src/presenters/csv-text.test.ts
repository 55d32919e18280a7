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
