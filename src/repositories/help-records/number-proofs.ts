// A record's number proof: the code sent, the guesses spent, the proof itself, and the codes one number received in
// the last day. Not public changes: nothing any reader sees moves, so the record's change number stays.
import type { Channel } from '../../channels/adapters.ts';
import type { Store } from '../../db/store.ts';
import type { Db } from '../../db/types.ts';

/**
 * The records of one number that were sent a code since `since`, with their send times. Every record of the number
 * is locked on PostgreSQL (SQLite writers are serialised), so two requests for codes to one number are counted one
 * after the other and the cap holds.
 */
export async function proofSendsTo({ db, dialect }: Store, number: string, since: string) {
  let query = db
    .selectFrom('help_records')
    .select(['id', 'proof_sent_at', 'proof_sends'])
    .where('contact_whatsapp', '=', number)
    .orderBy('id');
  if (dialect === 'postgres') query = query.forUpdate();
  const rows = await query.execute();
  return rows.filter((r) => r.proof_sent_at !== null && r.proof_sent_at > since);
}

/** A new code for the record: its hash, its expiry, and when codes went to its number; its guesses start again. */
export async function storeProofCode(
  db: Db,
  id: string,
  code: { channel: Channel; hash: string; expiresAt: string; sentAt: string; sends: readonly string[] },
): Promise<void> {
  await db
    .updateTable('help_records')
    .set({
      proof_channel: code.channel,
      proof_code_hash: code.hash,
      proof_attempts: 0,
      proof_expires_at: code.expiresAt,
      proof_sent_at: code.sentAt,
      proof_sends: JSON.stringify(code.sends),
    })
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Notices were asked for on `channel` but no code could go (the number's cap): none is outstanding. */
export async function markProofAsked(db: Db, id: string, channel: Channel): Promise<void> {
  await db.updateTable('help_records').set({ proof_channel: channel }).where('id', '=', id).executeTakeFirst();
}

/**
 * Takes one guess of the outstanding code, moving its attempts from `attempts`; false when another guess (or a new
 * code) took that attempt first, so two guesses at once never share one.
 */
export async function spendProofAttempt(db: Db, id: string, hash: string, attempts: number): Promise<boolean> {
  const result = await db
    .updateTable('help_records')
    .set({ proof_attempts: attempts + 1 })
    .where('id', '=', id)
    .where('proof_code_hash', '=', hash)
    .where('proof_attempts', '=', attempts)
    .where('number_proved_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The number is proved by the code whose hash is `hash`, which then proves nothing more; false when it was not outstanding. */
export async function markNumberProved(db: Db, id: string, hash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('help_records')
    .set({ number_proved_at: now, proof_code_hash: null, proof_expires_at: null })
    .where('id', '=', id)
    .where('proof_code_hash', '=', hash)
    .where('number_proved_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
