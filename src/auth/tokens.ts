// Random secrets for cookies and links, and the hashes under which they are stored.
import { createHash, timingSafeEqual } from 'node:crypto';
import { fillRandom } from '../domain/random-pool.ts';

/** 256 random bits as base64url (43 characters). */
export function newToken(): string {
  const bytes = Buffer.allocUnsafe(32);
  fillRandom(bytes, 0, 32);
  return bytes.toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A secret someone gave proves a stored hash (an edit token's, a source's key): compared in constant time. */
export function provesSecret(secret: string | undefined, hash: string | null): boolean {
  return hash !== null && secret !== undefined && secret !== '' && sameSecret(tokenHash(secret), hash);
}
