// A number kept only as a keyed hash: HMAC-SHA256 under a key outside the database (NUMBER_HASH_KEY), so two
// submissions from one number can be matched while whoever reads the table cannot get the number back (a plain hash
// of a phone number is undone by trying them all; without the key, there is nothing to try against).
import { createHmac } from 'node:crypto';

/** The hash of a rejected submission's number (E.164, as records store it). */
export function rejectedNumberHash(key: Buffer, number: string): string {
  return createHmac('sha256', key).update(`ayuda-rejected-number\0${number}`).digest('base64url');
}
