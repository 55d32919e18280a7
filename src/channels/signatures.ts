// Signatures of the messaging providers' webhooks, checked over the body exactly as it arrived (re-serialised JSON
// would change accents, emoji and spacing) and compared in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sameSecret, tokenHash } from '../auth/tokens.ts';

/** How far an android-sms-gateway timestamp may be from now. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Only a signature of exactly the expected length is compared: reading hex drops a trailing odd digit, so a valid
 * signature with a character added would otherwise decode to the same bytes and pass.
 */
function sameHex(expected: string, given: string): boolean {
  if (given.length !== expected.length || !/^[0-9a-f]+$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}

/** WhatsApp (Meta): X-Hub-Signature-256 = "sha256=" + hex HMAC-SHA256 of the raw body, keyed with the app secret. */
export function hubSignatureMatches(appSecret: string, raw: Buffer, header: unknown): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', appSecret).update(raw).digest('hex');
  return sameHex(expected, header.slice('sha256='.length));
}

export function hubSignature(appSecret: string, raw: Buffer | string): string {
  return `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;
}

/** android-sms-gateway: X-Signature = hex HMAC-SHA256 of the raw body followed by X-Timestamp (unix seconds). */
export function smsGatewaySignatureMatches(
  key: string,
  raw: Buffer,
  signature: unknown,
  timestamp: unknown,
  now: Date,
): boolean {
  if (typeof signature !== 'string' || typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', key).update(raw).update(timestamp).digest('hex');
  return sameHex(expected, signature);
}

export function smsGatewaySignature(key: string, raw: Buffer | string, timestamp: string): string {
  return createHmac('sha256', key).update(raw).update(timestamp).digest('hex');
}

/** A shared secret sent as a header. */
export function sharedSecretMatches(secret: string, given: unknown): boolean {
  return typeof given === 'string' && sameSecret(tokenHash(given), tokenHash(secret));
}
