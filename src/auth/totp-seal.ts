// TOTP secrets at rest: AES-256-GCM under TOTP_KEY, bound to the account they belong to (a sealed secret copied
// onto another account's row does not open), stored as base64 of iv (12 bytes), tag (16) and ciphertext.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ConfigError, keyBytes } from '../config.ts';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * TOTP_KEY as 32 bytes: 64 hexadecimal digits or base64 (standard or URL-safe, padding optional); null while
 * unset. Anything else stops the start, because a key that only half works would lock every account out.
 */
export function totpKeyBytes(raw: string | null): Buffer | null {
  if (raw === null) return null;
  // One rule for every 32-byte key the service is given (BACKUP_ENCRYPT_KEY too); an empty one is no key.
  const key = keyBytes({ TOTP_KEY: raw }, 'TOTP_KEY');
  if (key === null) throw new ConfigError('TOTP_KEY está vacía: quítela o dele 32 bytes (openssl rand -base64 32)');
  return key;
}

export function sealTotpSecret(key: Buffer, accountId: string, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(accountId));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The secret, or null when the sealed text was made under another key or for another account. */
export function openTotpSecret(key: Buffer, accountId: string, sealed: string): string | null {
  const bytes = Buffer.from(sealed, 'base64');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(accountId));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
