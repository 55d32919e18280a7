// A submission's receipt code (K7P-42Q-X9M-D3R): what a person keeps to ask how the submission stands. It is a
// credential, so it is random (node:crypto), long enough that guessing is hopeless, and easy to read and type.
//
// 26 symbols, none that can be taken for another: no 0/O, 1/I/L, 2/Z, 5/S, 6/G, 8/B, U/V. 12 of them is
// 26^12 ≈ 9.5e16 codes (56.4 bits). /estado answers STATUS_LOOKUPS_PER_MINUTE (20) lookups a minute per client
// address, about 1.05e7 a year; even with a million codes in use, one address guessing for a whole year finds one
// with probability 1.05e7 × 1e6 / 9.5e16 ≈ 1.1e-4 (about 1 in 9,000).
import { randomInt } from 'node:crypto';

export const RECEIPT_CODE_ALPHABET = '23456789ACDEFHJKMNPQRTUWXY';
const GROUPS = 4;
const GROUP_LENGTH = 3;
export const RECEIPT_CODE_LENGTH = GROUPS * GROUP_LENGTH;
/** K7P-42Q-X9M-D3R: upper case, groups of three joined by '-'. */
export const RECEIPT_CODE_FORMAT = new RegExp(
  `^[${RECEIPT_CODE_ALPHABET}]{${GROUP_LENGTH}}(?:-[${RECEIPT_CODE_ALPHABET}]{${GROUP_LENGTH}}){${GROUPS - 1}}$`,
);

/** The longest text read as a code (typed with spaces, dashes or dots): anything longer is no code. */
export const MAX_TYPED_CODE = 64;

/** What people type for a symbol the code never uses: the one it was read from. */
const CONFUSIONS: Record<string, string> = { B: '8', G: '6', S: '5', Z: '2', V: 'U', O: 'Q' };
/** Spaces, dashes and minus signs of every kind, dots, underscores, slashes: separators, never part of a code. */
const SEPARATORS = /[\s\p{Pd}\u2212._/\\·]+/gu;

function grouped(symbols: string): string {
  const groups: string[] = [];
  for (let i = 0; i < symbols.length; i += GROUP_LENGTH) groups.push(symbols.slice(i, i + GROUP_LENGTH));
  return groups.join('-');
}

/** A fresh code: every symbol drawn uniformly with the operating system's generator. */
export function newReceiptCode(): string {
  let symbols = '';
  for (let i = 0; i < RECEIPT_CODE_LENGTH; i++)
    symbols += RECEIPT_CODE_ALPHABET[randomInt(RECEIPT_CODE_ALPHABET.length)];
  return grouped(symbols);
}

/**
 * A code as typed (lower case, spaces, dashes missing or doubled, full-width, a B for an 8) in its stored form;
 * undefined when it cannot be one, so a malformed code is answered like an unknown one without a query.
 */
export function normalizeReceiptCode(typed: string): string | undefined {
  if (typed.length > MAX_TYPED_CODE) return undefined;
  const symbols = [...typed.normalize('NFKC').toUpperCase().replace(SEPARATORS, '')]
    .map((c) => CONFUSIONS[c] ?? c)
    .join('');
  if (symbols.length !== RECEIPT_CODE_LENGTH) return undefined;
  for (const c of symbols) if (!RECEIPT_CODE_ALPHABET.includes(c)) return undefined;
  return grouped(symbols);
}

/**
 * How long the receipt page shows the code to the browser that sent the form: the life of the HttpOnly cookie the
 * send sets. The page never reads a code from the database, so its address alone shows nobody the code.
 */
export const RECEIPT_CODE_SHOWN_MINUTES = 10;
