// A leader says what a delivery made in another unit is worth in the request's unit ("15 cajas" = 300 kg): only
// then does it add to covered. Saying it again corrects it (covered moves by the difference); a disputed delivery
// no longer counts, so there is nothing to convert.
import type { Actor, Context } from '../../context.ts';
import { bounds } from '../../domain/bounds.ts';
import { roundQuantity } from '../../domain/coverage.ts';
import { formatAmount } from '../../domain/number-format.ts';
import { AppError, detail } from '../../errors.ts';
import { findPledge, type PledgeRow, setPledgeState } from '../../repositories/pledges.ts';
import { changeRecord, logDecision } from '../record-change.ts';
import { countsToward, moveTotals } from './pledge-totals.ts';

const notFound = () => new AppError('pledge_not_found', [detail('id', 'not_found')]);

/**
 * `quantity`: what the delivery is worth in the request's unit. Refused for a pledge of another emergency (when
 * `emergencyId` is given), one not delivered, or one already in the request's unit.
 */
export async function convertDelivery(
  ctx: Context,
  pledgeId: string,
  emergencyId: string | null,
  quantity: number,
  actor: Actor,
): Promise<PledgeRow> {
  if (!Number.isFinite(quantity) || quantity <= 0 || quantity > bounds.quantityRequired.max) {
    throw new AppError('validation_failed', [
      {
        field: 'quantity',
        code: 'out_of_range',
        message: {
          es: `Escriba un número mayor que 0 y de hasta ${formatAmount(bounds.quantityRequired.max, null, 'es')}.`,
          en: `Type a number greater than 0 and at most ${formatAmount(bounds.quantityRequired.max, null, 'en')}.`,
        },
        value: quantity,
        max: bounds.quantityRequired.max,
      },
    ]);
  }
  const found = await findPledge({ db: ctx.db, dialect: ctx.dialect }, pledgeId);
  if (!found || (emergencyId !== null && found.emergency_id !== emergencyId)) throw notFound();
  return changeRecord(ctx, found.help_id, async (step) => {
    const pledge = await findPledge(step.trx, found.id, true);
    if (!pledge) throw notFound();
    if (pledge.status !== 'delivered' || countsToward(pledge, step.record)) {
      throw new AppError('pledge_closed', [detail('id', 'pledge_closed', { code: pledge.status })]);
    }
    const before = pledge.converted_quantity ?? 0;
    const converted = roundQuantity(quantity);
    await moveTotals(ctx, step, { committed: 0, open: 0, covered: converted - before });
    await setPledgeState(step.trx.db, pledge.id, { converted_quantity: converted, updated_at: step.now });
    // The public history says what came and what it counted as, never who brought it.
    const note = `Una entrega de ${formatAmount(pledge.delivered_quantity ?? 0, pledge.unit)} cuenta como ${formatAmount(converted, step.record.unit)}.`;
    await logDecision(step, actor, {
      kind: 'coverage_updated',
      isPublic: true,
      note,
      details: {
        from: step.record.quantity_covered - (converted - before),
        to: step.record.quantity_covered,
        note,
        pledge: pledge.id,
        converted: { quantity: pledge.delivered_quantity, unit: pledge.unit, to: converted },
      },
    });
    return { ...pledge, converted_quantity: converted, updated_at: step.now };
  });
}
