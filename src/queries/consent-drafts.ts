// A submission waiting for the person's confirmation, as the MCP server and the website read it by its token.
import { tokenHash } from '../auth/tokens.ts';
import type { Context } from '../context.ts';
import {
  type ConsentAnswer,
  type ConsentPayload,
  findConsentDraft,
  payloadOf,
} from '../repositories/consent-drafts.ts';

export interface ConsentDraft {
  payload: ConsentPayload;
  answer: ConsentAnswer | null;
  expiresAt: string;
}

/** The draft while it has not expired; undefined for an unknown, expired or already used token. */
export async function consentDraft(ctx: Context, token: string): Promise<ConsentDraft | undefined> {
  if (token.length === 0 || token.length > 64) return undefined;
  const row = await findConsentDraft(ctx.db, tokenHash(token), ctx.now().toISOString());
  return row ? { payload: payloadOf(row), answer: row.answer, expiresAt: row.expires_at } : undefined;
}
