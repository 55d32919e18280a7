// How much of a published request is covered so far.
import type { Actor, Context } from '../context.ts';
import { bounds } from '../domain/bounds.ts';
import { AppError, detail } from '../errors.ts';
import type { HelpRow } from '../repositories/help-records/records.ts';
import { changeRecord, logDecision, saveRecord } from './record-change.ts';

export async function setCoveredQuantity(
  ctx: Context,
  id: string,
  quantity: number,
  actor: Actor,
  note?: string | null,
): Promise<HelpRow> {
  if (!Number.isFinite(quantity) || quantity < 0 || quantity > bounds.quantityRequired.max) {
    throw new AppError('validation_failed', [
      {
        field: 'quantity',
        code: 'out_of_range',
        message: `Debe estar entre 0 y ${bounds.quantityRequired.max}.`,
        value: quantity,
        max: bounds.quantityRequired.max,
      },
    ]);
  }
  return changeRecord(ctx, id, async (step) => {
    const { record } = step;
    if (record.review_status !== 'approved' || record.type !== 'request') {
      throw new AppError('invalid_state', [detail('id', 'not_a_published_request')]);
    }
    const saved = await saveRecord(ctx, step, { quantity_covered: quantity });
    await logDecision(step, actor, {
      kind: 'coverage_updated',
      isPublic: true,
      note,
      details: { from: record.quantity_covered, to: quantity, note },
    });
    return saved;
  });
}
