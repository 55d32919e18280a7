// A receipt code at rest: its hash, which finds the record it belongs to, and a sealed copy that only the secret its
// sender holds can open (the web form's send token, the pair's editToken or the registered source's key), so a
// repeat that proves itself is given its code again while the database never holds one in clear.
//
// The sealed copy is AES-256-GCM under sha256("ayuda-receipt-seal\0" + secret): a different input from the token
// hashes the record keeps (sha256 of the secret alone), so neither can be had from the other.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** The hash a receipt code (normalised) is stored and looked up under; codes are random, so no salt is needed. */
export function receiptCodeHash(code: string): string {
  return createHash('sha256').update(`ayuda-receipt-code\0${code}`).digest('base64url');
}

function sealKey(secret: string): Buffer {
  return createHash('sha256').update(`ayuda-receipt-seal\0${secret}`).digest();
}

/** The code sealed under `secret`: "v1.iv.tag.ciphertext", base64url. */
export function sealReceiptCode(code: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), iv);
  const text = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), text]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The code inside `sealed` when `secret` is the one it was sealed under; undefined for any other secret. */
export function openReceiptCode(sealed: string | null, secret: string | undefined): string | undefined {
  if (sealed === null || secret === undefined || secret === '') return undefined;
  const [version, iv, tag, text] = sealed.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || text === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(text, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** How long the web form's send token opens its code: a resend on a weak network, not a way back days later. */
export const SEND_TOKEN_MINUTES = 60;

/** The columns that keep a new code: its hash, and its copy sealed under `sealedUnder` (until a time, or for good). */
export function receiptCodeColumns(
  code: string,
  sealedUnder: { secret: string; until: string | null } | null,
): { receipt_code_hash: string; receipt_code_sealed: string | null; receipt_sealed_until: string | null } {
  return {
    receipt_code_hash: receiptCodeHash(code),
    receipt_code_sealed: sealedUnder === null ? null : sealReceiptCode(code, sealedUnder.secret),
    receipt_sealed_until: sealedUnder?.until ?? null,
  };
}

export interface SealedReceipt {
  receipt_code_sealed: string | null;
  receipt_sealed_until: string | null;
}

/** The code a sender's secrets open (any of them), while its sealed copy still opens; undefined otherwise. */
export function openedReceiptCode(
  row: SealedReceipt,
  secrets: readonly (string | undefined)[],
  now: Date,
): string | undefined {
  if (row.receipt_sealed_until !== null && now.getTime() > Date.parse(row.receipt_sealed_until)) return undefined;
  for (const secret of secrets) {
    const code = openReceiptCode(row.receipt_code_sealed, secret);
    if (code !== undefined) return code;
  }
  return undefined;
}
