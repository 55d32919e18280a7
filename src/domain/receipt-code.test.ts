import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  newReceiptCode,
  normalizeReceiptCode,
  RECEIPT_CODE_ALPHABET,
  RECEIPT_CODE_FORMAT,
  RECEIPT_CODE_LENGTH,
} from './receipt-code.ts';

test('the alphabet has no symbol that can be taken for another', () => {
  // Of each group of look-alikes at most one member is used.
  for (const group of ['0O', '1IL', '2Z', '5S', '6G', '8B', 'UV']) {
    const used = [...group].filter((c) => RECEIPT_CODE_ALPHABET.includes(c));
    assert.ok(used.length <= 1, `${group}: ${used.join('')}`);
  }
  for (const never of ['0', 'O', '1', 'I', 'L', 'Z', 'S', 'G', 'B', 'V']) {
    assert.ok(!RECEIPT_CODE_ALPHABET.includes(never), `${never} is not used`);
  }
  assert.equal(new Set(RECEIPT_CODE_ALPHABET).size, RECEIPT_CODE_ALPHABET.length, 'no symbol twice');
  assert.match(RECEIPT_CODE_ALPHABET, /^[2-9A-Z]+$/, 'digits and capital letters only');
});

test('the code has enough entropy that guessing is hopeless', () => {
  const bits = RECEIPT_CODE_LENGTH * Math.log2(RECEIPT_CODE_ALPHABET.length);
  assert.ok(bits > 56, `${bits.toFixed(1)} bits`);
  // 20 lookups a minute for a year from one address, against a million codes in use.
  const chance = (20 * 60 * 24 * 365 * 1e6) / RECEIPT_CODE_ALPHABET.length ** RECEIPT_CODE_LENGTH;
  assert.ok(chance < 2e-4, String(chance));
});

test('a new code is four groups of three symbols of the alphabet', () => {
  for (let i = 0; i < 200; i++) {
    const code = newReceiptCode();
    assert.match(code, RECEIPT_CODE_FORMAT);
    assert.match(code, /^[^-]{3}-[^-]{3}-[^-]{3}-[^-]{3}$/);
    assert.equal(normalizeReceiptCode(code), code, 'a code is already in its stored form');
  }
});

test('many generated codes are all different and use every symbol', () => {
  const codes = new Set<string>();
  for (let i = 0; i < 50_000; i++) codes.add(newReceiptCode());
  assert.equal(codes.size, 50_000);
  const seen = new Set([...codes].join('').replace(/-/g, ''));
  assert.equal(seen.size, RECEIPT_CODE_ALPHABET.length);
});

test('what people type is read as the code: case, spaces, missing or other dashes, look-alikes', () => {
  const code = 'K7P-42Q-X9M-D3R';
  for (const typed of [
    'K7P-42Q-X9M-D3R',
    'k7p-42q-x9m-d3r',
    'k7p 42q x9m d3r',
    '  K7P42QX9MD3R  ',
    'k7p42q-x9md3r',
    'K7P–42Q—X9M−D3R',
    'K7P.42Q.X9M.D3R',
    'ｋ７ｐ４２ｑｘ９ｍｄ３ｒ',
    'K7P-42O-X9M-D3R', // O read for Q
    'k7p-4zq-x9m-d3r', // Z read for 2
  ]) {
    assert.equal(normalizeReceiptCode(typed), code, typed);
  }
  assert.equal(normalizeReceiptCode('S8G-VUB-ZZZ-OOO'), '586-UU8-222-QQQ', 'every look-alike is mapped');
});

test('anything that cannot be a code is undefined', () => {
  for (const typed of [
    '',
    'K7P-42Q',
    'K7P-42Q-X9M-D3R-A',
    'K7P-42Q-X9M-D31',
    'K7P-42Q-X9M-D3L',
    'K7P-42Q-X9M-D3Ñ',
    '0000-0000-0000',
    "'; drop table help_records; --",
    'K'.repeat(1000),
  ]) {
    assert.equal(normalizeReceiptCode(typed), undefined, typed);
  }
});
