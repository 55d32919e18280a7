// The rule of test data (test/helpers/test-data-lint.ts): no test turns the clock or chance into a phone, a
// document, a code or an address itself; test/helpers/samples.ts makes those, valid for every reading.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { checkSource, checkTestData, readTestFiles, SAMPLES_FILE } from './helpers/test-data-lint.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'test-data-lint');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');
/** The findings in one fixture file, as `line: message`. */
const lines = (name: string) => checkSource('test/x.test.ts', fixture(name)).map((f) => `${f.line}: ${f.message}`);

describe('test data lint', () => {
  test('no test or helper builds text from the clock or chance outside the samples helper', () => {
    const files = readTestFiles(path.resolve(import.meta.dirname, '..'));
    assert.ok(files.size > 100, `read ${files.size} files`);
    assert.ok(files.has(SAMPLES_FILE) && files.has('src/domain/phone.test.ts'), 'test/ and the tests in src/');
    assert.deepEqual(
      checkTestData(files).map((f) => `${f.file}:${f.line}: ${f.message}`),
      [],
    );
  });

  test('the canary that failed by the hour, and every other way of writing a reading into text, are reported', () => {
    assert.deepEqual(lines('into-text.txt'), [
      '1: Date.now put into a template literal: take the value from test/helpers/samples.ts',
      '2: Math.random joined to a string: take the value from test/helpers/samples.ts',
      '3: Date.now turned into text by .toString(): take the value from test/helpers/samples.ts',
      '4: performance.now turned into text by String(): take the value from test/helpers/samples.ts',
      '5: randomInt joined to a string: take the value from test/helpers/samples.ts',
      '6: Math.random turned into text by .toFixed(): take the value from test/helpers/samples.ts',
    ]);
  });

  test('a reading kept in a variable (or two) first is followed to where it becomes text', () => {
    assert.deepEqual(lines('through-variables.txt'), [
      '4: tail (from Date.now) put into a template literal: take the value from test/helpers/samples.ts',
    ]);
  });

  test('a phone or a document is never built from chance, a random UUID included', () => {
    assert.deepEqual(lines('personal-from-chance.txt'), [
      '1: identityDocument is built from randomUUID: take it from test/helpers/samples.ts',
      '2: contactWhatsapp is built from randomBytes: take it from test/helpers/samples.ts',
    ]);
  });

  test('timing, dates from the clock, failure messages and look-alikes in strings, comments and regexes pass', () => {
    assert.deepEqual(lines('allowed.txt'), []);
  });

  test('only the samples helper may turn a reading into a value', () => {
    const source = fixture('helper.txt');
    const files = new Map([
      [SAMPLES_FILE, source],
      ['test/helpers/other.ts', source],
    ]);
    assert.deepEqual(
      checkTestData(files).map((f) => f.file),
      ['test/helpers/other.ts'],
    );
  });
});
