import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import {
  fold,
  foldedTerms,
  hasC1Controls,
  hasInvisibleCharacters,
  prefixUpperBound,
  searchTerms,
  stripInvisibleCharacters,
} from './text.ts';

test('folding removes case and accents, including ñ', () => {
  assert.equal(fold('Medicaméntos PAÑALES Ñandú'), 'medicamentos panales nandu');
});

test('search terms are distinct folded words', () => {
  assert.deepEqual(searchTerms('Agua potable, ¡AGUA! barrio El Porvenir-2'), [
    'agua',
    'potable',
    'barrio',
    'el',
    'porvenir',
    '2',
  ]);
});

test('search terms read one character at a time equal the whole text folded, whatever the text', () => {
  // Spanish letters, other Latin ones, separators, combining accents (a decomposed "é"), Greek, emoji, surrogates.
  const pieces = ['a', 'Ñ', 'é', 'e\u0301', 'İ', 'ß', 'ǅ', 'Ω', 'ς', '😀', '\ud800', '-', ' ', '¡', '9', '²', 'ª', 'Ⅻ'];
  const character = fc.oneof(
    fc.constantFrom(...pieces),
    fc.integer({ min: 0, max: 0x24f }).map((code) => String.fromCharCode(code)),
    fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  );
  fc.assert(
    fc.property(fc.array(character, { maxLength: 40 }), (chars) => {
      const text = chars.join('');
      assert.deepEqual(searchTerms(text), foldedTerms(text));
    }),
    { numRuns: 5000, seed: 20261123 },
  );
  assert.deepEqual(searchTerms(`${'x'.repeat(70)} Niño`), ['x'.repeat(64), 'nino'], 'words stop at 64 characters');
});

test('prefix upper bound sorts after every extension of the prefix', () => {
  const upper = prefixUpperBound('medic');
  assert.equal(upper, 'medid');
  for (const word of ['medic', 'medicamentos', 'medicz', 'medic9']) assert.ok(word >= 'medic' && word < upper);
  assert.ok(!('medida' < upper && 'medida' >= 'medic'));
});

const ZWJ = '\u200d';
const refused = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(0x80 + i)),
  ...['\u200b', '\u200c', '\u200d', '\u200e', '\u200f'],
  ...['\u202a', '\u202b', '\u202c', '\u202d', '\u202e'],
  ...['\u2066', '\u2067', '\u2068', '\u2069', '\u2028', '\u2029'],
  ...['\u061c', '\u2060', '\u2064', '\ufeff'],
];

test('one-line texts: every invisible, bidi or C1 character is found, anywhere', () => {
  for (const ch of refused) {
    const hex = ch.codePointAt(0)?.toString(16);
    for (const text of [`${ch}abc`, `ab${ch}c`, `abc${ch}`]) assert.equal(hasInvisibleCharacters(text), true, hex);
  }
});

test('one-line texts: emoji joined by U+200D, flags, skin tones, accents and other scripts pass', () => {
  for (const text of [
    `bomberos 👩${ZWJ}🚒`,
    `👩🏽${ZWJ}🚒`,
    `🏳️${ZWJ}🌈`,
    `❤️${ZWJ}🔥`,
    `👨${ZWJ}👩${ZWJ}👧${ZWJ}👦 familia`,
    '🇨🇴 Mocoa, Putumayo',
    'Ñandú, São Paulo, Straße, Ωmega, 中文, e\u0301',
    'sin\u00a0romper',
  ]) {
    assert.equal(hasInvisibleCharacters(text), false, text);
  }
  for (const stray of [`a${ZWJ}b`, `${ZWJ}👩`, `👩${ZWJ}`, `👩${ZWJ} 🚒`, `1${ZWJ}2`]) {
    assert.equal(hasInvisibleCharacters(stray), true, JSON.stringify(stray));
  }
});

test('multi-line texts: zero-width and bidi characters are stripped, emoji joiners kept, separators are line breaks', () => {
  assert.equal(
    stripInvisibleCharacters(`uno\u2028dos\u2029tres \u202egpj.exe\u202c a\u200bb c\u200cd e${ZWJ}f 👩${ZWJ}🚒\ufeff`),
    `uno\ndos\ntres gpj.exe ab cd ef 👩${ZWJ}🚒`,
  );
  assert.equal(stripInvisibleCharacters('\u2066aislado\u2069 \u061c\u200e\u200f'), 'aislado ');
  const clean = 'Texto normal\ncon línea 🌊 y ñ';
  assert.equal(stripInvisibleCharacters(clean), clean);
  // What is left after stripping passes the one-line check (line breaks aside).
  for (const ch of refused.filter((c) => !hasC1Controls(c))) {
    assert.equal(hasInvisibleCharacters(stripInvisibleCharacters(`a${ch}b`).replace('\n', ' ')), false);
  }
});

test('C1 controls are found; the printable Latin-1 range next to them is not', () => {
  assert.equal(hasC1Controls('a\u0085b'), true);
  assert.equal(hasC1Controls('a\u009fb'), true);
  assert.equal(hasC1Controls('\u00a0ñá¿¡'), false);
});
