// Receipt codes in tests: the database keeps only their hash, so a test takes a code from where a person gets it:
// the answer to the submission, the message that carried it, or a leader's "Generar código nuevo".
import { renewReceiptCode } from '../../src/commands/renew-receipt-code.ts';
import type { Context } from '../../src/context.ts';
import { RECEIPT_CODE_ALPHABET } from '../../src/domain/receipt-code.ts';

const CODE = new RegExp(`[${RECEIPT_CODE_ALPHABET}]{3}(?:-[${RECEIPT_CODE_ALPHABET}]{3}){3}`);

/** A new code for the record, as a leader gives one to a person who lost theirs (the old one stops working). */
export async function leaderCodeFor(ctx: Context, id: string): Promise<string> {
  return (await renewReceiptCode(ctx, id, 'leader@test', { send: false })).code;
}

/** The receipt code a message carries; throws when it has none. */
export function codeIn(text: string): string {
  const found = CODE.exec(text)?.[0];
  if (found === undefined) throw new Error(`no receipt code in: ${text}`);
  return found;
}
