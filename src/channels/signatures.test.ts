import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hubSignature, hubSignatureMatches, smsGatewaySignature, smsGatewaySignatureMatches } from './signatures.ts';

const BODY = Buffer.from('{"mensaje":"Necesito agua"}');
const NOW = new Date('2026-05-10T12:00:00Z');
const STAMP = String(NOW.getTime() / 1000);

test('a hub signature matches only at its exact length', () => {
  const valid = hubSignature('secreto', BODY);
  assert.ok(hubSignatureMatches('secreto', BODY, valid));
  assert.ok(hubSignatureMatches('secreto', BODY, valid.toUpperCase().replace('SHA256=', 'sha256=')), 'hex in capitals');
  for (const extra of ['0', 'f', '00', ' ']) {
    assert.equal(hubSignatureMatches('secreto', BODY, `${valid}${extra}`), false, `one more: "${extra}"`);
  }
  assert.equal(hubSignatureMatches('secreto', BODY, valid.slice(0, -1)), false, 'one character short');
  assert.equal(hubSignatureMatches('secreto', BODY, `${valid.slice(0, -1)}g`), false, 'not hex');
  assert.equal(hubSignatureMatches('secreto', BODY, 'sha256='), false);
});

test("android-sms-gateway's signature matches only at its exact length", () => {
  const valid = smsGatewaySignature('clave', BODY, STAMP);
  assert.ok(smsGatewaySignatureMatches('clave', BODY, valid, STAMP, NOW));
  assert.equal(smsGatewaySignatureMatches('clave', BODY, `${valid}a`, STAMP, NOW), false, 'one hex digit more');
  assert.equal(smsGatewaySignatureMatches('clave', BODY, `${valid}ab`, STAMP, NOW), false, 'one byte more');
  assert.equal(smsGatewaySignatureMatches('clave', BODY, valid.slice(0, -1), STAMP, NOW), false);
});
