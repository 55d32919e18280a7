// A session's CSRF token as a page carries it: masked afresh each time (BREACH). A compressed page that also echoes
// something an attacker typed would otherwise leak a fixed token a byte at a time through the response's length.
import { fillRandom } from '../domain/random-pool.ts';
import { sameSecret } from './tokens.ts';

/** Longer than any masking of a token we hand out (a 43-character token masks to 86): more is not worth decoding. */
const MASKED_MAX = 256;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** base64url(pad || (pad XOR token)) with a fresh random pad: the same token never looks the same twice. */
export function maskToken(token: string): string {
  const secret = Buffer.from(token);
  const out = Buffer.allocUnsafe(secret.length * 2);
  // The pad comes from the same system generator as every token (random-pool.ts), without a call into it per form.
  fillRandom(out, 0, secret.length);
  for (let i = 0; i < secret.length; i++) out[secret.length + i] = (out[i] as number) ^ (secret[i] as number);
  return out.toString('base64url');
}

/** The token a masking carries; null for anything that is not one (the bare token included). */
export function unmaskToken(masked: string): string | null {
  if (masked.length === 0 || masked.length > MASKED_MAX || !BASE64URL.test(masked)) return null;
  const bytes = Buffer.from(masked, 'base64url');
  if (bytes.length === 0 || bytes.length % 2 !== 0) return null;
  const half = bytes.length / 2;
  const secret = Buffer.allocUnsafe(half);
  for (let i = 0; i < half; i++) secret[i] = (bytes[i] as number) ^ (bytes[half + i] as number);
  // latin1 keeps one character per byte: a wrong byte can only make the comparison fail, never match.
  return secret.toString('latin1');
}

/** Whether what a form or header sent is a masking of `expected`; compared in constant time. */
export function provesMaskedToken(sent: string | undefined, expected: string): boolean {
  if (sent === undefined || expected === '') return false;
  const token = unmaskToken(sent);
  return token !== null && sameSecret(token, expected);
}
