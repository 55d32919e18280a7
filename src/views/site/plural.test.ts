import assert from 'node:assert/strict';
import { test } from 'node:test';
import { catalogue } from './catalogue.ts';
import { isPluralForms, plural } from './plural.ts';

const lines = { es: { one: '{n} línea', other: '{n} líneas' }, en: { one: '{n} line', other: '{n} lines' } };

test('Spanish: one for exactly 1, other for 0, 2 and 1.000 (with the thousands separator the pages use)', () => {
  assert.equal(plural(0, lines.es, 'es'), '0 líneas');
  assert.equal(plural(1, lines.es, 'es'), '1 línea');
  assert.equal(plural(2, lines.es, 'es'), '2 líneas');
  assert.equal(plural(1000, lines.es, 'es'), '1.000 líneas');
});

test('English: the same rule, with a comma for thousands', () => {
  assert.equal(plural(0, lines.en, 'en'), '0 lines');
  assert.equal(plural(1, lines.en, 'en'), '1 line');
  assert.equal(plural(2, lines.en, 'en'), '2 lines');
  assert.equal(plural(1000, lines.en, 'en'), '1,000 lines');
});

test('other placeholders are filled too, and a fraction is never singular', () => {
  assert.equal(plural(1.5, lines.es, 'es'), '1,5 líneas');
  const forms = { one: '{n} centro en {place}', other: '{n} centros en {place}' };
  assert.equal(plural(1, forms, 'es', { place: 'Mocoa' }), '1 centro en Mocoa');
});

test('catalogue entries in use: 1 centro, 1 ruta, 1 registro, 1 línea, hace 1 hora', () => {
  assert.equal(plural(1, catalogue.centres.centresCount.es, 'es'), '1 centro publicado.');
  assert.equal(plural(3, catalogue.centres.centresCount.es, 'es'), '3 centros publicados.');
  assert.equal(plural(1, catalogue.centres.lines.es, 'es'), '1 línea');
  assert.equal(plural(0, catalogue.centres.lines.es, 'es'), '0 líneas');
  assert.equal(plural(1, catalogue.routes.count.es, 'es'), '1 ruta disponible.');
  assert.equal(plural(1, catalogue.emergency.foundCount.en, 'en'), '1 record found');
  assert.equal(plural(1, catalogue.centres.ageHours.es, 'es'), 'hace 1 hora');
  assert.equal(plural(2, catalogue.routes.ageDays.en, 'en'), '2 days ago');
});

// Placeholders that stand for a count. A plain string must not put one before a word ("{n} líneas" prints
// "1 líneas"): such a string is a plural entry. Unit symbols after a number do not change with it.
const COUNT_BEFORE_WORD = /\{(n|total|returned|count|hours)\}\s*(\p{L}+)/gu;
const SYMBOLS = new Set(['kg', 'km', 'h']);

test('every string of the catalogue that takes a count is a plural entry, in both languages', () => {
  const offenders: string[] = [];
  let pluralEntries = 0;
  for (const [sectionName, section] of Object.entries(catalogue)) {
    for (const [key, entry] of Object.entries(section)) {
      for (const lang of ['es', 'en'] as const) {
        const value: unknown = entry[lang];
        const where = `${sectionName}.${key}.${lang}`;
        if (isPluralForms(value)) {
          pluralEntries++;
          // The "other" form is the one that shows the number; "one" may spell it out.
          if (!value.other.includes('{n}')) offenders.push(`${where}: "other" without {n}`);
          if (value.one.includes('{n}') && value.one === value.other) offenders.push(`${where}: one form only`);
          continue;
        }
        if (typeof value !== 'string') {
          offenders.push(`${where}: neither a string nor plural forms`);
          continue;
        }
        for (const match of value.matchAll(COUNT_BEFORE_WORD)) {
          if (!SYMBOLS.has(match[2] ?? '')) offenders.push(`${where}: "${match[0]}" in a plain string`);
        }
      }
    }
  }
  assert.deepEqual(offenders, []);
  assert.ok(pluralEntries >= 20, `plural entries found: ${pluralEntries}`);
});
