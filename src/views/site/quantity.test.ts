import assert from 'node:assert/strict';
import { test } from 'node:test';
import { quantityText } from './quantity.ts';

test('what is missing out of what was asked for, while something is', () => {
  const q = { required: 204, covered: 0, pending: 204, unit: 'cobijas' };
  assert.equal(quantityText(q, 'es'), 'Faltan 204 de 204 cobijas');
  assert.equal(quantityText(q, 'en'), '204 of 204 cobijas still needed');
  assert.equal(
    quantityText({ required: 1500, covered: 500, pending: 1000, unit: null }, 'es'),
    'Faltan 1.000 de 1.500',
  );
});

test('all covered, said once; no quantity asked for, nothing said', () => {
  assert.equal(
    quantityText({ required: 204, covered: 204, pending: 0, unit: 'cobijas' }, 'es'),
    'Cubierto: 204 cobijas',
  );
  assert.equal(quantityText({ required: 3, covered: 5, pending: null, unit: 'kits' }, 'en'), 'Covered: 3 kits');
  assert.equal(quantityText({ required: null, covered: 2, pending: null, unit: null }, 'es'), null);
  assert.equal(quantityText(null, 'es'), null);
});
