// Random secrets for cookies and links, and the hashes under which they are stored.
import { createHash, randomFillSync, timingSafeEqual } from 'node:crypto';

const TOKEN_BYTES = 32;
/**
 * Random bytes for 128 tokens, drawn in one call: each call into the system's generator costs about 5 µs here
 * (about 1 % of a submission, and every new pair gets a token). Each token's bytes are used once and zeroed as it
 * is made, so the pool never holds a secret already handed out. Node draws randomUUID() from such a cache too.
 */
const pool = Buffer.alloc(TOKEN_BYTES * 128);
let next = pool.length;

/** 256 random bits as base64url (43 characters). */
export function newToken(): string {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  const token = pool.toString('base64url', next, next + TOKEN_BYTES);
  pool.fill(0, next, next + TOKEN_BYTES);
  next += TOKEN_BYTES;
  return token;
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
