// A submission waiting for the person's own confirmation of what will be public: opened when an assistant sends
// it, answered by the person (in their MCP client or on the website), submitted at most once, gone after 30 minutes.
import { newToken, tokenHash } from '../auth/tokens.ts';
import type { Context } from '../context.ts';
import {
  answerConsentDraft,
  type ConsentAnswer,
  type ConsentPayload,
  type DraftOrigin,
  deleteConsentDraft,
  insertConsentDraft,
} from '../repositories/consent-drafts.ts';

export type { ConsentPayload, DraftOrigin };

export const CONSENT_DRAFT_MS = 30 * 60_000;

export interface OpenedDraft {
  /** The opaque token: goes to the client (requestState, elicitation id) or into the website link, never stored. */
  token: string;
  expiresAt: string;
}

export async function openConsentDraft(
  ctx: Context,
  payload: ConsentPayload,
  origin: DraftOrigin,
): Promise<OpenedDraft> {
  const token = newToken();
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + CONSENT_DRAFT_MS).toISOString();
  await insertConsentDraft(ctx.db, {
    token_hash: tokenHash(token),
    kind: payload.submission.type,
    payload: JSON.stringify(payload),
    contact_whatsapp: payload.submission.contactWhatsapp,
    session_id: origin.sessionId,
    era: origin.era,
    created_at: now.toISOString(),
    expires_at: expiresAt,
    answer: null,
    answered_at: null,
  });
  return { token, expiresAt };
}

/** The answer of the session that was asked; false when the draft is unknown, expired, answered or not its own. */
export function recordConsentAnswer(
  ctx: Context,
  token: string,
  sessionId: string,
  answer: ConsentAnswer,
): Promise<boolean> {
  return answerConsentDraft(ctx.db, tokenHash(token), sessionId, answer, ctx.now().toISOString());
}

/** The person said no (or the link was used): the draft and its personal data go at once. */
export async function dropConsentDraft(ctx: Context, token: string): Promise<void> {
  await deleteConsentDraft(ctx.db, tokenHash(token));
}
