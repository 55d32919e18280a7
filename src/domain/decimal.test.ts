import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decimalPoint, readAmount, readDecimal } from './decimal.ts';

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

test('amounts: a dot before three digits separates thousands, a comma is the decimal mark', () => {
  const read = (raw: string) => readAmount(raw)?.value;
  assert.equal(read('1.500'), 1500);
  assert.equal(read(' 1.500 '), 1500);
  assert.equal(read('12.345.678'), 12_345_678);
  assert.equal(read('1.500,5'), 1500.5);
  assert.equal(read('1.500,25'), 1500.25);
  assert.equal(read('1,5'), 1.5);
  assert.equal(read('1,500'), 1.5, 'a comma is always the decimal mark');
  assert.equal(read('1500'), 1500);
  assert.equal(read('0'), 0);
  assert.equal(read('-3'), -3, 'read, so validation says it must be at least 0');
  assert.equal(read('-1.500'), -1500);
});

test('amounts: a dot before one or two digits (or a leading zero) can only be a decimal', () => {
  const read = (raw: string) => readAmount(raw)?.value;
  assert.equal(read('1.5'), 1.5);
  assert.equal(read('2.75'), 2.75);
  assert.equal(read('0.125'), 0.125);
  assert.equal(read('1.5000'), 1.5);
  assert.equal(readAmount('1.500')?.thousandsDot, true);
  assert.equal(readAmount('1.5')?.thousandsDot, false);
  assert.equal(readAmount('1,5')?.thousandsDot, false);
});

test('amounts: what is not a number is not read, so validation answers with the text as typed', () => {
  for (const raw of [
    '',
    'mil',
    '1.50.0',
    '1.5000,5',
    '1,500.5',
    '1.500.5',
    '--3',
    '+3',
    '1 500',
    '1.',
    ',5',
    '1,2,3',
    '15 cajas',
  ]) {
    assert.equal(readAmount(raw), undefined, raw);
  }
});

test('coordinates: a comma or a dot is the decimal mark, never thousands', () => {
  assert.equal(readDecimal('4.711'), 4.711);
  assert.equal(readDecimal('-74,072'), -74.072);
  assert.equal(readDecimal('1.95'), 1.95);
  assert.equal(readDecimal('norte'), undefined);
});
