// A submission's receipt: where it stands, field by field; never its contact data or identity document, and its
// receipt code only right after sending.

import { channelLabel, proofChannel } from '../channels/adapters.ts';
import type { Context } from '../context.ts';
import { type ProofState, proofState } from '../domain/number-proof.ts';
import type { PlacePromise } from '../domain/public-promise.ts';
import { normalizeReceiptCode } from '../domain/receipt-code.ts';
import { receiptCodeHash } from '../domain/receipt-seal.ts';
import { isRecordId } from '../domain/record-id.ts';
import { rowPlacePromise } from '../presenters/place-promise.ts';
import { findEmergencyById } from '../repositories/emergencies.ts';
import { findById, type HelpRow } from '../repositories/help-records/records.ts';

export interface SubmissionReceipt {
  id: string;
  type: 'request' | 'offer';
  title: string;
  emergencyName: string;
  reviewStatus: 'pending_review' | 'approved' | 'rejected' | 'withdrawn' | 'joined';
  /** The published record a leader joined it to (reviewStatus 'joined'), for its link; null otherwise. */
  joinedTo: string | null;
  /** Published, with changes waiting for review. */
  revisionPending: boolean;
  /** How much a request asks for, as it was read from what the person typed; null when it asks no quantity. */
  quantity: { required: number; unit: string | null } | null;
  submittedAt: string;
  /**
   * The receipt code, only to the browser that sent the form, from the cookie its send set (and only while it is
   * still this record's code); null otherwise.
   */
  receiptCode: string | null;
  /** The instance's address, for the /estado link the code is shared with. */
  baseUrl: string;
  /** What its approval publishes of the place, and what never, in each language the site speaks. */
  place: { es: PlacePromise; en: PlacePromise };
  /** Where proving its number stands, when the form asked for notices; never the number itself. */
  proof: ReceiptProof | null;
}

export interface ReceiptProof {
  state: Exclude<ProofState, { kind: 'none' }>;
  /** The channel the code goes by, as people read it ("SMS"). */
  channel: string;
  /** A new code can be sent now (a channel can reach the number). */
  canSend: boolean;
}

/** The proof of a submission that can still be told anything: not for a rejected or withdrawn one. */
function receiptProof(ctx: Context, row: HelpRow): ReceiptProof | null {
  if (['rejected', 'withdrawn', 'joined'].includes(row.review_status) || row.proof_channel === null) return null;
  const state = proofState(row, ctx.now());
  if (state.kind === 'none') return null;
  const available = proofChannel(ctx.config);
  // The code sent went by the record's channel; a new one goes by the one that can reach the number now.
  const channel = state.kind === 'spent' && available !== null ? available : row.proof_channel;
  return { state, channel: channelLabel(channel), canSend: available !== null };
}

/** The code the sender's browser holds, when it is this record's current code. */
function shownCode(row: HelpRow, held: string | undefined): string | null {
  const code = held === undefined ? undefined : normalizeReceiptCode(held);
  return code !== undefined && row.receipt_code_hash === receiptCodeHash(code) ? code : null;
}

/**
 * Any submission, reviewed or not (its id is the proof of having sent it); undefined when there is none. `held`:
 * the code the sender's browser keeps for a few minutes after sending.
 */
export async function submissionReceipt(
  ctx: Context,
  id: string,
  held?: string,
): Promise<SubmissionReceipt | undefined> {
  const row = isRecordId(id) ? await findById(ctx, id.toLowerCase()) : undefined;
  const emergency = row ? await findEmergencyById(ctx.db, row.emergency_id) : undefined;
  if (!row || !emergency) return undefined;
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    emergencyName: emergency.name,
    reviewStatus: row.review_status,
    revisionPending: row.pending_revision !== null,
    joinedTo: row.review_status === 'joined' ? row.duplicate_of : null,
    quantity: row.quantity_required === null ? null : { required: row.quantity_required, unit: row.unit },
    submittedAt: row.created_at,
    receiptCode: shownCode(row, held),
    baseUrl: ctx.config.baseUrl,
    // The address itself is not repeated on a page anyone holding its link may open: only that it is shown.
    place: {
      es: rowPlacePromise({ ...row, address: row.address && 'su dirección' }, 'es'),
      en: rowPlacePromise({ ...row, address: row.address && 'your address' }, 'en'),
    },
    proof: receiptProof(ctx, row),
  };
}
