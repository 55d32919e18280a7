// A published record is confirmed as still current ("sigue vigente"), or closed because it no longer is ("ya me
// ayudaron", "ya no necesito"): by its sender with the receipt code, or by a leader (after a phone call). Every
// confirmation starts the clock again; a closing one completes the record.
import type { Actor, Context } from '../../context.ts';
import { confirmedNow } from '../../domain/confirmation.ts';
import { normalizeReceiptCode } from '../../domain/receipt-code.ts';
import { AppError, detail } from '../../errors.ts';
import { findByReceiptCode, type HelpRow } from '../../repositories/help-records/records.ts';
import { changeRecord, logDecision, saveRecord } from '../record-change.ts';

/** current: sigue vigente; helped: ya me ayudaron; not_needed: ya no necesito (or, for an offer, no longer offered). */
export const confirmationOutcomes = ['current', 'helped', 'not_needed'] as const;
export type ConfirmationOutcome = (typeof confirmationOutcomes)[number];

export const SUBMITTER_ACTOR = 'submitter';

const closingNotes: Record<Exclude<ConfirmationOutcome, 'current'>, string> = {
  helped: 'Quien la publicó confirmó que ya recibió ayuda.',
  not_needed: 'Quien la publicó confirmó que ya no la necesita.',
};

export async function confirmRecord(
  ctx: Context,
  id: string,
  outcome: ConfirmationOutcome,
  actor: Actor,
): Promise<HelpRow> {
  return changeRecord(ctx, id, async (step) => {
    const { record } = step;
    if (record.review_status !== 'approved' || record.status === 'completed') {
      throw new AppError('invalid_state', [detail('id', 'not_confirmable', { value: id })]);
    }
    if (outcome === 'current') {
      const saved = await saveRecord(ctx, step, confirmedNow(step.now));
      await logDecision(step, actor, {
        // Private: the public sees confirmation.confirmedAt move; a history line every few days would bury the rest.
        kind: 'confirmed',
        isPublic: false,
        details: { outcome, previous: record.confirmation_state },
      });
      return saved;
    }
    const note = actor === SUBMITTER_ACTOR ? closingNotes[outcome] : null;
    const saved = await saveRecord(ctx, step, { status: 'completed', status_note: note, ...confirmedNow(step.now) });
    await logDecision(step, actor, {
      kind: 'status_changed',
      isPublic: true,
      note,
      status: 'completed',
      details: { from: record.status, to: 'completed', outcome },
    });
    return saved;
  });
}

/** The sender's confirmation, proven by the receipt code; any other code is not found (as on /estado). */
export async function confirmWithReceipt(
  ctx: Context,
  typedCode: string,
  outcome: ConfirmationOutcome,
): Promise<HelpRow> {
  const code = normalizeReceiptCode(typedCode);
  const record = code === undefined ? undefined : await findByReceiptCode(ctx.db, code);
  if (record?.review_status !== 'approved') {
    throw new AppError('not_found', [detail('codigo', 'not_found')]);
  }
  return confirmRecord(ctx, record.id, outcome, SUBMITTER_ACTOR);
}
