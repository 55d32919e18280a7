// A submission's receipt: where it stands, field by field; never its contact data or identity document, and its
// receipt code only right after sending.

import type { Context } from '../context.ts';
import type { PlacePromise } from '../domain/public-promise.ts';
import { receiptShowsCode } from '../domain/receipt-code.ts';
import { isRecordId } from '../domain/record-id.ts';
import { rowPlacePromise } from '../presenters/place-promise.ts';
import { findEmergencyById } from '../repositories/emergencies.ts';
import { findById } from '../repositories/help-records/records.ts';

export interface SubmissionReceipt {
  id: string;
  type: 'request' | 'offer';
  title: string;
  emergencyName: string;
  reviewStatus: 'pending_review' | 'approved' | 'rejected' | 'withdrawn';
  /** Published, with changes waiting for review. */
  revisionPending: boolean;
  submittedAt: string;
  /**
   * The receipt code, only right after sending and while never published (domain/receipt-code.ts); null for
   * records from before receipt codes, and afterwards.
   */
  receiptCode: string | null;
  /** The instance's address, for the /estado link the code is shared with. */
  baseUrl: string;
  /** What its approval publishes of the place, and what never, in each language the site speaks. */
  place: { es: PlacePromise; en: PlacePromise };
}

/** Any submission, reviewed or not (its id is the proof of having sent it); undefined when there is none. */
export async function submissionReceipt(ctx: Context, id: string): Promise<SubmissionReceipt | undefined> {
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
    submittedAt: row.created_at,
    receiptCode: receiptShowsCode(row.created_at, row.published_at, ctx.now()) ? row.receipt_code : null,
    baseUrl: ctx.config.baseUrl,
    // The address itself is not repeated on a page anyone holding its link may open: only that it is shown.
    place: {
      es: rowPlacePromise({ ...row, address: row.address && 'su dirección' }, 'es'),
      en: rowPlacePromise({ ...row, address: row.address && 'your address' }, 'en'),
    },
  };
}
