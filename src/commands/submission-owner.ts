// Who may change a source + externalId pair: the one rule behind the API, the MCP tools and the website forms.
//
// - A registered source (`ayuda source add`) must always present its key; with it, it changes any of its pairs.
// - Anyone else (web, mcp, an unregistered source) proves a pair is theirs with the editToken its first 202 gave.
// - Without proof only an identical repeat is answered (same id, nothing written); a change is source_conflict.
// - Records from before edit tokens existed have none: only the leaders change them.
// Ownership is decided before the emergency check, so a stranger learns nothing about a pair beyond the conflict;
// only a proven owner hears that a revision cannot move the record to another emergency.
import { sameSecret, tokenHash } from '../auth/tokens.ts';
import type { Db } from '../db/types.ts';
import { AppError, detail } from '../errors.ts';
import type { HelpRow } from '../repositories/help-records/records.ts';
import { findSource } from '../repositories/sources.ts';

/** What the client presented (Authorization: Bearer, or the MCP tools' editToken): an editToken or a source key. */
export type Credential = string | undefined;

/** The submitter as far as the source goes: `registered` means the source's key was presented and is right. */
export interface Submitter {
  registered: boolean;
  credential: Credential;
  /** The key was proved and its administrator trusts it now: the submission goes to the leaders' trusted lane. */
  trusted: boolean;
}

function matches(secret: Credential, hash: string | null): boolean {
  return secret !== undefined && hash !== null && sameSecret(tokenHash(secret), hash);
}

/** Registered source: its key or 401 source_key_required. Any other source: anonymous, the credential kept. */
export async function identifySubmitter(db: Db, source: string, credential: Credential): Promise<Submitter> {
  const registered = await findSource(db, source);
  if (!registered) return { registered: false, credential, trusted: false };
  if (!matches(credential, registered.key_hash)) throw new AppError('source_key_required');
  return { registered: true, credential, trusted: registered.trusted_at !== null };
}

export type Ownership = 'new' | 'repeat' | 'owner';

/**
 * new: the pair does not exist; repeat: the same content again (changes nothing); owner: a proven change.
 * Throws 409 source_conflict for an unproven change and 400 emergency_change_not_allowed for a proven one that
 * names another emergency; in both cases nothing has been written.
 */
export function decideOwnership(
  existing: HelpRow | undefined,
  submission: { hash: string; emergencyId: string },
  submitter: Submitter,
): Ownership {
  if (!existing) return 'new';
  const sameAsCurrent = existing.pending_revision === null && existing.content_hash === submission.hash;
  const sameAsWaiting = existing.pending_revision !== null && existing.revision_hash === submission.hash;
  if (sameAsCurrent || sameAsWaiting) return 'repeat';
  const proven = submitter.registered || matches(submitter.credential, existing.edit_token_hash);
  if (!proven) throw new AppError('source_conflict');
  if (existing.emergency_id !== submission.emergencyId) {
    throw new AppError('emergency_change_not_allowed', [detail('emergencySlug', 'emergency_change_not_allowed')]);
  }
  return 'owner';
}
