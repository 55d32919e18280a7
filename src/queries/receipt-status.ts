// /estado: how a submission stands, found by its receipt code. Only the state, the kind, the emergency's name and,
// once published, the record's id and who pledged to bring help (the requester's to coordinate with): never its
// content or anything the person typed.
import type { Context } from '../context.ts';
import type { ConfirmationState, PledgeStatus } from '../db/types.ts';
import { normalizeReceiptCode } from '../domain/receipt-code.ts';
import { sameUnit } from '../domain/units.ts';
import { findEmergencyById } from '../repositories/emergencies.ts';
import { findByReceiptCode } from '../repositories/help-records/records.ts';
import { pledgesOfRecord } from '../repositories/pledges.ts';

export type ReceiptState = 'pending_review' | 'published' | 'not_published';

export interface ReceiptStatus {
  state: ReceiptState;
  type: 'request' | 'offer';
  emergencyName: string;
  /** Published with changes waiting for review. */
  revisionPending: boolean;
  /** The published record's id, for its link; null otherwise. */
  recordId: string | null;
  /** Who pledged to bring what to this published request: the requester holds the code, so sees their contacts. */
  pledges: RequesterPledge[];
  /** Whether it is still current, for a published record not completed; null otherwise (nothing to confirm). */
  confirmation: { state: ConfirmationState; confirmedAt: string | null } | null;
}

export interface RequesterPledge {
  id: string;
  name: string;
  whatsapp: string;
  quantity: number | null;
  deliveredQuantity: number | null;
  /** The unit the pledge and its delivery are in. */
  unit: string | null;
  /** In another unit than the request's, not converted by a leader yet: it adds nothing to covered. */
  unconverted: boolean;
  status: PledgeStatus;
  deliverBy: string;
}

// A withdrawn record has no receipt code any more, so it is never found here; were it found, it is not published.
const states = {
  pending_review: 'pending_review',
  approved: 'published',
  rejected: 'not_published',
  withdrawn: 'not_published',
  // Joined by a leader to a published record of the same need: its person follows that one (recordId).
  joined: 'published',
} as const;

/** The submission the typed code names, or undefined: an unknown code and a malformed one are told apart nowhere. */
export async function receiptStatus(ctx: Context, typed: string): Promise<ReceiptStatus | undefined> {
  const code = normalizeReceiptCode(typed);
  const row = code === undefined ? undefined : await findByReceiptCode(ctx.db, code);
  const emergency = row ? await findEmergencyById(ctx.db, row.emergency_id) : undefined;
  if (!row || !emergency) return undefined;
  const state = states[row.review_status];
  // Only its own published record shows pledges and confirmation: never the kept one's pledgers to a joined person.
  const own = row.review_status === 'approved';
  return {
    state,
    type: row.type,
    emergencyName: emergency.name,
    revisionPending: own && row.pending_revision !== null,
    // duplicate_of only while joined: a joined pair sent again with changes goes back to review on its own.
    recordId: state !== 'published' ? null : row.review_status === 'joined' ? row.duplicate_of : row.id,
    confirmation:
      own && row.status !== 'completed' ? { state: row.confirmation_state, confirmedAt: row.confirmed_at } : null,
    pledges:
      own && row.type === 'request'
        ? (await pledgesOfRecord(ctx.db, row.id, 50)).map((p) => ({
            id: p.id,
            name: p.contact_name,
            whatsapp: p.contact_whatsapp,
            quantity: p.quantity,
            deliveredQuantity: p.delivered_quantity,
            unit: p.unit ?? row.unit,
            unconverted: !sameUnit(p.unit, row.unit) && p.converted_quantity === null,
            status: p.status,
            deliverBy: p.deliver_by,
          }))
        : [],
  };
}
