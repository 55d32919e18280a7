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

test('a sealed code opens with its secret only; the hash is not the code and not the secret’s hash', () => {
  const code = newReceiptCode();
  const sealed = sealReceiptCode(code, SECRET);
  assert.equal(openReceiptCode(sealed, SECRET), code);
  assert.equal(openReceiptCode(sealed, `${SECRET}x`), undefined);
  assert.equal(openReceiptCode(sealed, undefined), undefined);
  assert.equal(openReceiptCode(sealed, ''), undefined);
  assert.equal(openReceiptCode(null, SECRET), undefined);
  assert.doesNotMatch(sealed, new RegExp(code));
  // Tampered: one character of the ciphertext changed.
  const last = sealed.at(-1) === 'A' ? 'B' : 'A';
  assert.equal(openReceiptCode(`${sealed.slice(0, -1)}${last}`, SECRET), undefined);
  assert.notEqual(receiptCodeHash(code), createHash('sha256').update(code).digest('base64url'));
  // The key a copy is sealed under is not what the record keeps of the secret.
  const key = createHash('sha256').update(`ayuda-receipt-seal\0${SECRET}`).digest('base64url');
  assert.notEqual(key, tokenHash(SECRET));
});

test('a copy sealed until a time opens until then and not a moment later', () => {
  const code = newReceiptCode();
  const columns = receiptCodeColumns(code, { secret: SECRET, until: '2026-05-10T13:00:00.000Z' });
  assert.equal(columns.receipt_code_hash, receiptCodeHash(code));
  assert.equal(openedReceiptCode(columns, [undefined, SECRET], new Date('2026-05-10T12:59:59.000Z')), code);
  assert.equal(openedReceiptCode(columns, [SECRET], new Date('2026-05-10T13:00:00.001Z')), undefined);
  const forGood = receiptCodeColumns(code, { secret: SECRET, until: null });
  assert.equal(openedReceiptCode(forGood, [SECRET], new Date('2099-01-01T00:00:00.000Z')), code);
  assert.equal(openedReceiptCode(receiptCodeColumns(code, null), [SECRET], new Date()), undefined);
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
