import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError } from '../config.ts';
import { openTotpSecret, sealTotpSecret, totpKeyBytes } from './totp-seal.ts';

const HEX = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

test('TOTP_KEY is 32 bytes as hex or base64; anything else stops the start', () => {
  const key = totpKeyBytes(HEX);
  assert.equal(key?.length, 32);
  const b64 = (key as Buffer).toString('base64');
  assert.deepEqual(totpKeyBytes(b64), key);
  assert.deepEqual(totpKeyBytes(b64.replace(/=$/, '')), key);
  assert.deepEqual(totpKeyBytes((key as Buffer).toString('base64url')), key);
  assert.equal(totpKeyBytes(null), null);
  for (const bad of ['', 'corta', HEX.slice(2), `${HEX}00`, Buffer.alloc(16).toString('base64'), 'x'.repeat(44)]) {
    assert.throws(() => totpKeyBytes(bad), ConfigError, bad);
  }
});

test('a sealed secret opens only under its key and for its own account', () => {
  const key = totpKeyBytes(HEX) as Buffer;
  const other = Buffer.alloc(32, 7);
  const sealed = sealTotpSecret(key, 'cuenta-1', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
  assert.equal(sealed.includes('JBSWY3DP'), false);
  assert.notEqual(sealTotpSecret(key, 'cuenta-1', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'), sealed, 'a fresh iv each time');
  assert.equal(openTotpSecret(key, 'cuenta-1', sealed), 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
  assert.equal(openTotpSecret(key, 'cuenta-2', sealed), null);
  assert.equal(openTotpSecret(other, 'cuenta-1', sealed), null);
  assert.equal(openTotpSecret(key, 'cuenta-1', 'roto'), null);
});
