import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newToken, sameSecret, tokenHash } from './tokens.ts';

const ZERO_TOKEN = Buffer.alloc(32).toString('base64url');

test('tokens are 256 random bits in base64url, never repeated across many refills of the pool', () => {
  const tokens = new Set<string>();
  for (let i = 0; i < 1000; i++) {
    const token = newToken();
    assert.match(token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(Buffer.from(token, 'base64url').length, 32);
    assert.notEqual(token, ZERO_TOKEN, 'a token is read before its bytes are cleared, never after');
    tokens.add(token);
  }
  assert.equal(tokens.size, 1000);
});

test('a token is stored as its hash and compared in constant time', () => {
  const token = newToken();
  assert.notEqual(tokenHash(token), token);
  assert.equal(tokenHash(token), tokenHash(token));
  assert.ok(sameSecret(token, token));
  assert.ok(!sameSecret(token, newToken()));
  assert.ok(!sameSecret(token, token.slice(1)));
});
