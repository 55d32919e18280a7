import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decimalPoint } from './decimal.ts';

test('one comma between digits is the decimal mark; anything else is left for validation to judge', () => {
  assert.equal(decimalPoint('1,1495'), '1.1495');
  assert.equal(decimalPoint(' -76,6475 '), '-76.6475');
  assert.equal(decimalPoint('+4,5'), '+4.5');
  assert.equal(decimalPoint('1.5'), '1.5');
  assert.equal(decimalPoint('25'), '25');
  assert.equal(decimalPoint('1,000,5'), '1,000,5');
  assert.equal(decimalPoint('1,'), '1,');
  assert.equal(decimalPoint(',5'), ',5');
  assert.equal(decimalPoint('norte'), 'norte');
});
