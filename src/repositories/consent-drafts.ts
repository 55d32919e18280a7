// Submissions waiting for the person's own confirmation, keyed by the hash of their token.
import type { ConsentDraftsTable, Db, DraftEra } from '../db/types.ts';
import type { HelpSubmission } from '../schemas/submission.ts';

export type ConsentDraftRow = ConsentDraftsTable;
export type ConsentAnswer = NonNullable<ConsentDraftRow['answer']>;

/** What the person is asked to confirm: the validated submission, and the edit token of a revision. */
export interface ConsentPayload {
  submission: HelpSubmission;
  editToken?: string;
}

/** Who opened a draft: the protocol era, and the 2025-era session (null in 2026-07-28, which has none). */
export interface DraftOrigin {
  era: DraftEra;
  sessionId: string | null;
}

export function payloadOf(row: ConsentDraftRow): ConsentPayload {
  return JSON.parse(row.payload) as ConsentPayload;
}

export async function insertConsentDraft(db: Db, row: ConsentDraftRow): Promise<void> {
  await db.insertInto('consent_drafts').values(row).execute();
}

/**
 * The draft, while it has not expired; with an origin, only a draft that era and session opened (the website's
 * link, which either era may give the person, passes none).
 */
export function findConsentDraft(
  db: Db,
  tokenHash: string,
  now: string,
  origin?: DraftOrigin,
): Promise<ConsentDraftRow | undefined> {
  let query = db
    .selectFrom('consent_drafts')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now);
  if (origin) {
    query = query.where('era', '=', origin.era);
    query =
      origin.sessionId === null
        ? query.where('session_id', 'is', null)
        : query.where('session_id', '=', origin.sessionId);
  }
  return query.executeTakeFirst();
}

/**
 * The first answer of the 2025-era session that was asked counts; a later one, another session's, an answer to a
 * 2026-07-28 draft, or one after expiry changes nothing. False when nothing was recorded.
 */
export async function answerConsentDraft(
  db: Db,
  tokenHash: string,
  sessionId: string,
  answer: ConsentAnswer,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('consent_drafts')
    .set({ answer, answered_at: now })
    .where('token_hash', '=', tokenHash)
    .where('era', '=', '2025-11-25')
    .where('session_id', '=', sessionId)
    .where('answer', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes the draft; true only for the one caller that removed it, so a draft is submitted at most once. */
export async function deleteConsentDraft(db: Db, tokenHash: string): Promise<boolean> {
  const result = await db.deleteFrom('consent_drafts').where('token_hash', '=', tokenHash).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function purgeConsentDrafts(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('consent_drafts').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function consentDraftsOf(db: Db, numbers: string[]): Promise<ConsentDraftRow[]> {
  if (numbers.length === 0) return Promise.resolve([]);
  return db.selectFrom('consent_drafts').selectAll().where('contact_whatsapp', 'in', numbers).execute();
}

export async function deleteConsentDrafts(db: Db, tokenHashes: string[]): Promise<void> {
  if (tokenHashes.length === 0) return;
  await db.deleteFrom('consent_drafts').where('token_hash', 'in', tokenHashes).execute();
}
