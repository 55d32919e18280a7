// Submissions waiting for the person's own confirmation, keyed by the hash of their token.
import type { ConsentDraftsTable, Db } from '../db/types.ts';
import type { HelpSubmission } from '../schemas/submission.ts';

export type ConsentDraftRow = ConsentDraftsTable;
export type ConsentAnswer = NonNullable<ConsentDraftRow['answer']>;

/** What the person is asked to confirm: the validated submission, and the edit token of a revision. */
export interface ConsentPayload {
  submission: HelpSubmission;
  editToken?: string;
}

export function payloadOf(row: ConsentDraftRow): ConsentPayload {
  return JSON.parse(row.payload) as ConsentPayload;
}

export async function insertConsentDraft(db: Db, row: ConsentDraftRow): Promise<void> {
  await db.insertInto('consent_drafts').values(row).execute();
}

/** The draft, while it has not expired. */
export function findConsentDraft(db: Db, tokenHash: string, now: string): Promise<ConsentDraftRow | undefined> {
  return db
    .selectFrom('consent_drafts')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * The first answer of the session that was asked counts; a later one, another session's, or one after expiry
 * changes nothing. False when nothing was recorded.
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
