// Proving the number a web form gave, so its person can be told of the submission like someone who wrote by WhatsApp
// or SMS: a code is sent to the number (after the submission committed, never instead of it) and the right code,
// typed back in time, proves it. One number receives at most PROOF_CODES_PER_DAY codes a day whoever asks, and the
// message holds only the code and fixed words (domain/number-proof.ts).

import { provesSecret, tokenHash } from '../../auth/tokens.ts';
import { type Channel, conversationOf } from '../../channels/adapters.ts';
import type { Context } from '../../context.ts';
import { inTransaction } from '../../db/store.ts';
import {
  newProofCode,
  normalizeProofCode,
  PROOF_CODES_PER_DAY,
  PROOF_DAY_MS,
  PROOF_MINUTES,
  PROOF_THROTTLE,
  parseSends,
  proofCodeText,
  proofCounterKey,
  proofState,
  sendsWithinDay,
} from '../../domain/number-proof.ts';
import { audit } from '../../repositories/audit.ts';
import {
  markNumberProved,
  markProofAsked,
  proofSendsTo,
  spendProofAttempt,
  storeProofCode,
} from '../../repositories/help-records/number-proofs.ts';
import { findById, type HelpRow } from '../../repositories/help-records/records.ts';
import { countAttempt } from '../../repositories/login-attempts.ts';
import { outboundQueued } from './outbound-signal.ts';
import { queueMessages } from './queue.ts';

/** What asking for a code did: sent (the code, for the demo's own use), refused by the cap, or nothing to do. */
export type SendProofOutcome = { kind: 'sent'; code: string } | { kind: 'capped' } | { kind: 'unavailable' };

/** What typing a code did. */
export type ProveOutcome =
  | { kind: 'proved' }
  | { kind: 'wrong'; attemptsLeft: number }
  /** Not six digits: no guess is spent on it. */
  | { kind: 'malformed'; attemptsLeft: number }
  /** Expired or out of guesses: only a new code proves the number. */
  | { kind: 'spent' }
  | { kind: 'none' };

/** The code is hashed with the record's id: the same digits on two records are two different secrets. */
const codeSecret = (id: string, code: string) => `${id}:${code}`;

/** A record whose person may still be told anything: a form's, not withdrawn or rejected, with its number. */
function provable(record: HelpRow | undefined): record is HelpRow {
  return (
    record !== undefined &&
    record.arrived_by === null &&
    record.contact_whatsapp !== '' &&
    record.review_status !== 'withdrawn' &&
    record.review_status !== 'rejected'
  );
}

/**
 * Sends a code to the record's number on `channel`. 'asked': the form was sent with the box ticked (a form sent
 * twice asks once). 'again': the person asks for a new one on the receipt page, only once the last one is spent.
 */
export async function sendProofCode(
  ctx: Context,
  recordId: string,
  channel: Channel,
  reason: 'asked' | 'again',
): Promise<SendProofOutcome> {
  const now = ctx.now();
  const at = now.toISOString();
  const outcome = await inTransaction(ctx, async (trx): Promise<SendProofOutcome> => {
    const found = await findById(trx, recordId);
    if (!provable(found)) return { kind: 'unavailable' };
    // Every record of the number is locked first, in one order, then this one read again: two requests for codes to
    // one number wait for each other instead of deadlocking, and each counts what the other sent.
    const since = new Date(now.getTime() - PROOF_DAY_MS).toISOString();
    const recent = await proofSendsTo(trx, found.contact_whatsapp, since);
    const record = await findById(trx, recordId);
    if (!provable(record) || record.contact_whatsapp !== found.contact_whatsapp) return { kind: 'unavailable' };
    const state = proofState(record, now);
    if (reason === 'asked' ? record.proof_channel !== null : state.kind !== 'spent') return { kind: 'unavailable' };
    const sent = recent.reduce((n, row) => n + sendsWithinDay(parseSends(row.proof_sends), now).length, 0);
    // Counted apart from the records too, so a withdrawn record's codes still count. A channel without its secret is
    // not configured here: its messages go nowhere (the demo's), so there is nothing to count.
    const secret = conversationOf(channel).secret(ctx.config);
    const capped =
      sent >= PROOF_CODES_PER_DAY ||
      (secret !== null &&
        !(await countAttempt(trx.db, proofCounterKey(secret, record.contact_whatsapp), PROOF_THROTTLE, now)).allowed);
    if (capped) {
      // Asked on the form: the receipt then shows the code as spent, and asking again says why nothing came.
      if (reason === 'asked') await markProofAsked(trx.db, record.id, channel);
      return { kind: 'capped' };
    }
    const code = newProofCode();
    const sends = [...sendsWithinDay(parseSends(record.proof_sends), now), at].slice(-PROOF_CODES_PER_DAY);
    await storeProofCode(trx.db, record.id, {
      channel,
      hash: tokenHash(codeSecret(record.id, code)),
      expiresAt: new Date(now.getTime() + PROOF_MINUTES * 60_000).toISOString(),
      sentAt: at,
      sends,
    });
    await queueMessages(
      trx.db,
      { channel, address: record.contact_whatsapp, kind: 'notice', helpId: record.id, now: at },
      [{ text: proofCodeText(code) }],
    );
    await audit(trx.db, {
      actor: 'site',
      action: 'number_proof_sent',
      targetType: 'help_record',
      targetId: record.id,
      details: { channel },
      at,
    });
    return { kind: 'sent', code };
  });
  if (outcome.kind === 'sent') outboundQueued();
  return outcome;
}

/**
 * The person types the code. Each guess takes one attempt by compare-and-set before it is checked, so two guesses
 * at once cannot share one; the right code proves the number (and is spent).
 */
export async function proveNumber(ctx: Context, recordId: string, typed: string): Promise<ProveOutcome> {
  for (;;) {
    const record = await findById(ctx, recordId);
    if (!provable(record)) return { kind: 'none' };
    const now = ctx.now();
    const state = proofState(record, now);
    if (state.kind === 'none' || state.kind === 'spent') return { kind: state.kind };
    if (state.kind === 'proved') return { kind: 'proved' };
    const code = normalizeProofCode(typed);
    if (code === undefined) return { kind: 'malformed', attemptsLeft: state.attemptsLeft };
    const hash = record.proof_code_hash as string;
    // Lost to a guess at the same moment: read the record again and take the next attempt, if any is left.
    if (!(await spendProofAttempt(ctx.db, record.id, hash, record.proof_attempts))) continue;
    if (!provesSecret(codeSecret(record.id, code), hash)) {
      const attemptsLeft = state.attemptsLeft - 1;
      return attemptsLeft > 0 ? { kind: 'wrong', attemptsLeft } : { kind: 'spent' };
    }
    const at = now.toISOString();
    const proved = await inTransaction(ctx, async (trx) => {
      if (!(await markNumberProved(trx.db, record.id, hash, at))) return false;
      await audit(trx.db, {
        actor: 'submitter',
        action: 'number_proved',
        targetType: 'help_record',
        targetId: record.id,
        details: { channel: record.proof_channel },
        at,
      });
      return true;
    });
    if (proved) return { kind: 'proved' };
  }
}
