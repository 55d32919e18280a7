import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fold, prefixUpperBound, searchTerms } from './text.ts';

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

test('prefix upper bound sorts after every extension of the prefix', () => {
  const upper = prefixUpperBound('medic');
  assert.equal(upper, 'medid');
  for (const word of ['medic', 'medicamentos', 'medicz', 'medic9']) assert.ok(word >= 'medic' && word < upper);
  assert.ok(!('medida' < upper && 'medida' >= 'medic'));
});
