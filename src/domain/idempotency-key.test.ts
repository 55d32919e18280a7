import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fingerprintOf, IDEMPOTENCY_KEY, idempotencyScope, storedKey } from './idempotency-key.ts';

test('a body has one fingerprint whatever the order of its keys; any other value or order of items changes it', () => {
  const body = { a: 1, b: { c: [1, 2], d: 'x' } };
  assert.equal(fingerprintOf(body), fingerprintOf({ b: { d: 'x', c: [1, 2] }, a: 1 }));
  assert.notEqual(fingerprintOf(body), fingerprintOf({ a: 1, b: { c: [2, 1], d: 'x' } }));
  assert.notEqual(fingerprintOf(body), fingerprintOf({ a: '1', b: { c: [1, 2], d: 'x' } }));
  assert.notEqual(fingerprintOf({ a: null }), fingerprintOf({}));
});

test('keys are 1 to 255 visible ASCII characters', () => {
  assert.ok(IDEMPOTENCY_KEY.test('k-0001'));
  assert.ok(IDEMPOTENCY_KEY.test('x'.repeat(255)));
  for (const bad of ['', 'con espacio', 'x'.repeat(256), 'ñ', 'tab\t']) assert.ok(!IDEMPOTENCY_KEY.test(bad), bad);
});

test('a registered source owns its keys; anyone else owns them per address, IPv6 per /64', () => {
  assert.equal(idempotencyScope('app-huila', '203.0.113.1'), 'source:app-huila');
  assert.equal(idempotencyScope(null, '203.0.113.1'), 'client:203.0.113.1');
  assert.equal(idempotencyScope(null, '2001:db8:1:2::10'), idempotencyScope(null, '2001:db8:1:2:ffff::1'));
  assert.equal(storedKey('help', 'client:203.0.113.1', 'k-1'), 'help:client:203.0.113.1 k-1');
  assert.notEqual(storedKey('help', 'source:a', 'k'), storedKey('report', 'source:a', 'k'));
});
