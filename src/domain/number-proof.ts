// Proving the number a form gave: a six-digit code goes to it, and only the person holding that phone can type it
// back. The code is short to type, so it is limited instead: it lasts PROOF_MINUTES, takes PROOF_ATTEMPTS guesses,
// and one number receives at most PROOF_CODES_PER_DAY codes in any 24 hours, whoever asks, so the form cannot be
// used to text a stranger. The message carries nothing a submitter typed: only the code and fixed words.
import { createHmac } from 'node:crypto';
import { fillRandom } from './random-pool.ts';

export const PROOF_DIGITS = 6;
export const PROOF_MINUTES = 15;
export const PROOF_ATTEMPTS = 5;
export const PROOF_CODES_PER_DAY = 3;
export const PROOF_DAY_MS = 24 * 3_600_000;

const CODES = 10 ** PROOF_DIGITS;
/** The largest multiple of CODES a 32-bit draw can reach: draws at or above it are drawn again, so every code is as likely. */
const UNBIASED = Math.floor(2 ** 32 / CODES) * CODES;

/** A fresh code, "042917": six digits from the system's generator, leading zeros kept. */
export function newProofCode(): string {
  const bytes = Buffer.alloc(4);
  for (;;) {
    fillRandom(bytes, 0, 4);
    const drawn = bytes.readUInt32BE(0);
    if (drawn < UNBIASED) return String(drawn % CODES).padStart(PROOF_DIGITS, '0');
  }
}

/** A code as typed (spaces, dashes, full-width digits) as six digits; undefined when it cannot be one. */
export function normalizeProofCode(typed: string): string | undefined {
  if (typed.length > 32) return undefined;
  const digits = typed.normalize('NFKC').replace(/[\s\p{Pd}.]+/gu, '');
  return new RegExp(`^\\d{${PROOF_DIGITS}}$`).test(digits) ? digits : undefined;
}

/**
 * The message that carries the code: fixed words, so nobody can make it say anything else to anyone; and a warning,
 * since whoever reads the code out to a caller lets that caller's submission text them.
 */
export function proofCodeText(code: string): string {
  return (
    `Ayuda Directa: su código para recibir avisos es ${code}. Vence en ${PROOF_MINUTES} minutos. ` +
    'No lo comparta con nadie. Si usted no lo pidió, ignore este mensaje.'
  );
}

/** The times in `sends` (ISO, oldest first) that are still within a day of `now`. */
export function sendsWithinDay(sends: readonly string[], now: Date): string[] {
  return sends.filter((at) => now.getTime() - Date.parse(at) < PROOF_DAY_MS);
}

/** A record's list of send times as stored (JSON); anything else reads as none. */
export function parseSends(stored: string | null): string[] {
  if (stored === null) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Where a record's proof stands. */
export type ProofState =
  /** No code was asked for (or the number's data is gone). */
  | { kind: 'none' }
  | { kind: 'proved'; at: string }
  /** A code is waiting to be typed: how many guesses are left, and until when. */
  | { kind: 'waiting'; attemptsLeft: number; expiresAt: string }
  /** The code ran out of time or of guesses (or none could be sent): only a new one proves the number. */
  | { kind: 'spent' };

export interface ProofColumns {
  proof_channel: string | null;
  proof_code_hash: string | null;
  proof_attempts: number;
  proof_expires_at: string | null;
  number_proved_at: string | null;
  contact_whatsapp: string;
}

export function proofState(row: ProofColumns, now: Date): ProofState {
  if (row.proof_channel === null || row.contact_whatsapp === '') return { kind: 'none' };
  if (row.number_proved_at !== null) return { kind: 'proved', at: row.number_proved_at };
  const attemptsLeft = PROOF_ATTEMPTS - row.proof_attempts;
  if (row.proof_code_hash === null || row.proof_expires_at === null || attemptsLeft <= 0) return { kind: 'spent' };
  if (now.getTime() >= Date.parse(row.proof_expires_at)) return { kind: 'spent' };
  return { kind: 'waiting', attemptsLeft, expiresAt: row.proof_expires_at };
}

/** A new record's proof columns: no code asked for, nothing proved. */
export const NO_PROOF = {
  proof_channel: null,
  proof_code_hash: null,
  proof_attempts: 0,
  proof_expires_at: null,
  proof_sent_at: null,
  proof_sends: null,
  number_proved_at: null,
} as const;

/**
 * The codes one number may receive, counted apart from its records (repositories/login-attempts.ts): a record
 * withdrawn or erased takes its number with it, so without this count a stranger could send the form, withdraw it and
 * send it again, and text a number without end. Three let through, then none until a day after the third.
 */
export const PROOF_THROTTLE = {
  free: PROOF_CODES_PER_DAY,
  firstDelayMs: PROOF_DAY_MS,
  maxDelayMs: PROOF_DAY_MS,
  windowMs: PROOF_DAY_MS,
} as const;

/**
 * The key that counts a number's codes: keyed with the channel's secret, so the count holds no number anyone could
 * read back (a plain hash of a phone number is undone by trying them all); dropped a day after its last code.
 */
export function proofCounterKey(secret: string, number: string): string {
  return `number-proof:${createHmac('sha256', secret).update(`ayuda-number-proof\0${number}`).digest('base64url')}`;
}
