// A receipt code at rest: its hash, which finds the record it belongs to, and a sealed copy that only the secret its
// sender holds can open (the web form's send token, the pair's editToken or the registered source's key), so a
// repeat that proves itself is given its code again while the database never holds one in clear.
//
// The sealed copy is the code's bytes XORed with SHA-256("ayuda-receipt-seal" + secret + record id): a pad used once,
// since a record seals one code under a secret (a renewed code is not sealed), that nobody without the secret (256
// random bits) can compute. Opening it with another secret gives bytes whose hash is not the record's, so the stored
// hash is the check. One-shot hashes cost a few µs where a cipher object cost some 50 on the submissions' hot path.
import { hash } from 'node:crypto';
import { RECEIPT_CODE_FORMAT } from './receipt-code.ts';

/** The hash a receipt code (normalised) is stored and looked up under; codes are random, so no salt is needed. */
export function receiptCodeHash(code: string): string {
  return hash('sha256', `ayuda-receipt-code\0${code}`, 'base64url');
}

function pad(recordId: string, secret: string): Buffer {
  return hash('sha256', `ayuda-receipt-seal\0${secret}\0${recordId}`, 'buffer');
}

function xor(bytes: Buffer, key: Buffer): Buffer {
  const out = Buffer.allocUnsafe(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = (bytes[i] ?? 0) ^ (key[i] ?? 0);
  return out;
}

/** The code sealed for one record under `secret` (base64url). */
export function sealReceiptCode(code: string, recordId: string, secret: string): string {
  return xor(Buffer.from(code, 'latin1'), pad(recordId, secret)).toString('base64url');
}

/** The code inside `sealed` when `secret` is the one it was sealed under (its hash is the record's); else undefined. */
export function openReceiptCode(
  row: { id: string; receipt_code_hash: string | null; receipt_code_sealed: string | null },
  secret: string | undefined,
): string | undefined {
  const { receipt_code_sealed: sealed, receipt_code_hash: hash } = row;
  if (sealed === null || hash === null || secret === undefined || secret === '') return undefined;
  const code = xor(Buffer.from(sealed, 'base64url'), pad(row.id, secret)).toString('latin1');
  return RECEIPT_CODE_FORMAT.test(code) && receiptCodeHash(code) === hash ? code : undefined;
}

/** How long the web form's send token opens its code: a resend on a weak network, not a way back days later. */
export const SEND_TOKEN_MINUTES = 60;

/** The columns that keep a new code: its hash, and its copy sealed under `sealedUnder` (until a time, or for good). */
export function receiptCodeColumns(
  code: string,
  recordId: string,
  sealedUnder: { secret: string; until: string | null } | null,
): { receipt_code_hash: string; receipt_code_sealed: string | null; receipt_sealed_until: string | null } {
  return {
    receipt_code_hash: receiptCodeHash(code),
    receipt_code_sealed: sealedUnder === null ? null : sealReceiptCode(code, recordId, sealedUnder.secret),
    receipt_sealed_until: sealedUnder?.until ?? null,
  };
}

export interface SealedReceipt {
  id: string;
  receipt_code_hash: string | null;
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
    const code = openReceiptCode(row, secret);
    if (code !== undefined) return code;
  }
  return undefined;
}
