// Recovery codes of a second factor: ten per account, shown once, stored as hashes, each good once. Ten letters and
// digits from an alphabet without look-alikes (no 0/o, 1/l/i), written in two groups of five.
import { createHash, randomInt } from 'node:crypto';

export const RECOVERY_CODES = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 10;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    let code = '';
    for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** What a person typed, as a code: lower case, without spaces or dashes; null when it cannot be one. */
export function normalizedRecoveryCode(typed: string): string | null {
  const code = typed.toLowerCase().replace(/[\s-]/g, '');
  return code.length === LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

/** The stored form: sha256 under a prefix of its own, so the hash matches no other kind of code in the database. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256')
    .update(`ayuda-recovery-code\0${normalizedRecoveryCode(code) ?? code}`)
    .digest('base64url');
}
