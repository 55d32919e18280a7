import assert from 'node:assert/strict';
import { test } from 'node:test';
import { maskToken, provesMaskedToken, unmaskToken } from './csrf-mask.ts';
import { newToken } from './tokens.ts';

test('each masking of a token differs, and every one unmasks to the token', () => {
  const token = newToken();
  const masks = new Set<string>();
  for (let i = 0; i < 200; i++) {
    const masked = maskToken(token);
    assert.match(masked, /^[A-Za-z0-9_-]+$/);
    assert.equal(Buffer.from(masked, 'base64url').length, 2 * token.length);
    assert.ok(!masked.includes(token), 'the token never shows in its masking');
    assert.equal(unmaskToken(masked), token);
    assert.ok(provesMaskedToken(masked, token));
    masks.add(masked);
  }
  assert.equal(masks.size, 200);
});

test('the bare token, a tampered masking or another token’s masking prove nothing', () => {
  const token = newToken();
  const masked = maskToken(token);
  assert.ok(!provesMaskedToken(token, token), 'the unmasked token is not accepted');
  const flipped = Buffer.from(masked, 'base64url');
  flipped[flipped.length - 1] = (flipped[flipped.length - 1] as number) ^ 1;
  assert.ok(!provesMaskedToken(flipped.toString('base64url'), token));
  assert.ok(!provesMaskedToken(maskToken(newToken()), token));
  assert.ok(!provesMaskedToken(masked.slice(0, -1), token));
  assert.ok(!provesMaskedToken(`${masked}AA`, token));
});

test('malformed sendings are refused without throwing', () => {
  const token = newToken();
  for (const sent of [undefined, '', '====', 'a b', 'é', 'A', 'x'.repeat(10_000), maskToken('')]) {
    assert.ok(!provesMaskedToken(sent, token), `refused: ${String(sent).slice(0, 20)}`);
  }
  assert.ok(!provesMaskedToken(maskToken(token), ''), 'a session without a token proves nothing');
});
