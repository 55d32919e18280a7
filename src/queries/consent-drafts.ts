// A submission waiting for the person's confirmation, as the MCP server and the website read it by its token.
import { tokenHash } from '../auth/tokens.ts';
import type { Context } from '../context.ts';
import {
  type ConsentAnswer,
  type ConsentPayload,
  type DraftOrigin,
  findConsentDraft,
  payloadOf,
} from '../repositories/consent-drafts.ts';

export interface ConsentDraft {
  payload: ConsentPayload;
  answer: ConsentAnswer | null;
  expiresAt: string;
}

/**
 * The draft while it has not expired; undefined for an unknown, expired or already used token, and for a draft
 * another era or session opened, so a replay elsewhere learns no more than a made-up token. The website opens the
 * link either era gave the person: `'website'`.
 */
export async function consentDraft(
  ctx: Context,
  token: string,
  asker: DraftOrigin | 'website',
): Promise<ConsentDraft | undefined> {
  if (token.length === 0 || token.length > 64) return undefined;
  const origin = asker === 'website' ? undefined : asker;
  const row = await findConsentDraft(ctx.db, tokenHash(token), ctx.now().toISOString(), origin);
  return row ? { payload: payloadOf(row), answer: row.answer, expiresAt: row.expires_at } : undefined;
}
