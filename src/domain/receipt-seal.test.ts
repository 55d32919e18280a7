import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import test from 'node:test';
import { tokenHash } from '../auth/tokens.ts';
import { HIDDEN_CODE, withoutCodes } from './outbound-body.ts';
import { newReceiptCode } from './receipt-code.ts';
import {
  openedReceiptCode,
  openReceiptCode,
  receiptCodeColumns,
  receiptCodeHash,
  sealReceiptCode,
} from './receipt-seal.ts';

const SECRET = 'a-send-token-of-the-form-0123456789abcdefgh';
const ID = '01a2209c-168f-7823-a3f3-5f5387122e83';

test('a sealed code opens with its secret and its record only; nothing else the row keeps gives it away', () => {
  const code = newReceiptCode();
  const row = { id: ID, ...receiptCodeColumns(code, ID, { secret: SECRET, until: null }) };
  assert.equal(openReceiptCode(row, SECRET), code);
  assert.equal(openReceiptCode(row, `${SECRET}x`), undefined);
  assert.equal(openReceiptCode(row, undefined), undefined);
  assert.equal(openReceiptCode(row, ''), undefined);
  assert.equal(
    openReceiptCode({ ...row, id: '01a2209c-168f-7823-a3f3-5f5387122e84' }, SECRET),
    undefined,
    'another record',
  );
  assert.equal(openReceiptCode({ ...row, receipt_code_sealed: null }, SECRET), undefined);
  assert.ok(!JSON.stringify(row).includes(code));
  // Tampered: one character of the sealed copy changed.
  const sealed = row.receipt_code_sealed ?? '';
  const last = sealed.at(-1) === 'A' ? 'B' : 'A';
  assert.equal(openReceiptCode({ ...row, receipt_code_sealed: `${sealed.slice(0, -1)}${last}` }, SECRET), undefined);
  // A renewed code (another hash) is not what the old copy opens to.
  assert.equal(openReceiptCode({ ...row, receipt_code_hash: receiptCodeHash(newReceiptCode()) }, SECRET), undefined);
  assert.notEqual(receiptCodeHash(code), createHash('sha256').update(code).digest('base64url'));
  assert.notEqual(sealReceiptCode(code, ID, SECRET), sealReceiptCode(code, ID, `${SECRET}x`));
  assert.notEqual(
    tokenHash(SECRET),
    createHash('sha256').update(`ayuda-receipt-seal\0${SECRET}\0${ID}`).digest('base64url'),
  );
});

test('a copy sealed until a time opens until then and not a moment later', () => {
  const code = newReceiptCode();
  const columns = { id: ID, ...receiptCodeColumns(code, ID, { secret: SECRET, until: '2026-05-10T13:00:00.000Z' }) };
  assert.equal(columns.receipt_code_hash, receiptCodeHash(code));
  assert.equal(openedReceiptCode(columns, [undefined, SECRET], new Date('2026-05-10T12:59:59.000Z')), code);
  assert.equal(openedReceiptCode(columns, [SECRET], new Date('2026-05-10T13:00:00.001Z')), undefined);
  const forGood = { id: ID, ...receiptCodeColumns(code, ID, { secret: SECRET, until: null }) };
  assert.equal(openedReceiptCode(forGood, [SECRET], new Date('2099-01-01T00:00:00.000Z')), code);
  const unsealed = { id: ID, ...receiptCodeColumns(code, ID, null) };
  assert.equal(openedReceiptCode(unsealed, [SECRET], new Date()), undefined);
});
test('a message once gone keeps no code: receipts, pledge codes and links lose them, other text stays', () => {
  const code = newReceiptCode();
  const json = JSON.stringify({ text: `Su código es ${code}. Consulte https://x.example/estado?codigo=${code}` });
  const hidden = withoutCodes(json);
  assert.ok(hidden);
  assert.doesNotMatch(hidden, new RegExp(code));
  assert.equal(
    JSON.parse(hidden).text,
    `Su código es ${HIDDEN_CODE}. Consulte https://x.example/estado?codigo=${HIDDEN_CODE}`,
  );
  assert.equal(withoutCodes(JSON.stringify({ text: 'Recibimos su solicitud: 3 bolsas de 25-kg, ref ABC-123' })), null);
  assert.equal(withoutCodes('not json'), null);
});
