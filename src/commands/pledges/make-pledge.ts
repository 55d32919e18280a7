// Anyone pledges part of what a published request still lacks ("voy a llevar"): checked against what nobody has
// pledged yet on the locked record, so two pledges racing for the last units cannot both be taken.
import type { Context } from '../../context.ts';
import type { Db } from '../../db/types.ts';
import type { HelperClient } from '../../domain/helper-caps.ts';
import { normalizeWhatsapp } from '../../domain/phone.ts';
import {
  MAX_OPEN_PLEDGES_PER_ADDRESS,
  MAX_OPEN_PLEDGES_PER_WHATSAPP,
  pledgeCodeHash,
  pledgerHash,
  pledgeTimes,
  uncommittedQuantity,
} from '../../domain/pledges.ts';
import { newReceiptCode } from '../../domain/receipt-code.ts';
import { isRecordId, newRowId } from '../../domain/record-id.ts';
import { AppError, detail } from '../../errors.ts';
import { presentPledge } from '../../presenters/pledge.ts';
import { findEmergencyById } from '../../repositories/emergencies.ts';
import { insertPledge, openPledgeCounts, type PledgeRow } from '../../repositories/pledges.ts';
import type { HelpPledge, PledgeResult } from '../../schemas/pledge.ts';
import { noticePledgeActivity } from '../channels/notices.ts';
import { checkHelperLimits } from '../helper-limits.ts';
import { type CompleteClaim, type Idempotent, type OnceRequest, runOnce } from '../idempotent.ts';
import { changeRecord } from '../record-change.ts';
import { releaseDuePledges } from './expire-pledges.ts';
import { moveTotals, pledgeEvent } from './pledge-totals.ts';

export const PLEDGE_THANKS =
  'Gracias: su compromiso quedó registrado. Guarde el código para confirmar la entrega o cancelar.';

/** The pledge once per Idempotency-Key: a repeat with the same key and body answers the first answer again. */
export async function pledgeHelpOnce(
  ctx: Context,
  id: string,
  pledge: HelpPledge,
  request: OnceRequest,
): Promise<Idempotent<PledgeResult>> {
  return runOnce(ctx, `pledge:${id.toLowerCase()}`, request, pledge, (complete) =>
    pledgeHelp(ctx, id, pledge, { scope: request.scope, counted: request.counted ?? 'all' }, complete),
  );
}

export async function pledgeHelp(
  ctx: Context,
  id: string,
  pledge: HelpPledge,
  client: HelperClient,
  complete?: CompleteClaim,
): Promise<PledgeResult> {
  const notFound = () => new AppError('help_not_found', [detail('id', 'not_found', { value: id })]);
  if (!isRecordId(id)) throw notFound();
  const whatsapp = normalizeWhatsapp(pledge.contactWhatsapp);
  if (whatsapp === null) {
    throw new AppError('validation_failed', [detail('contactWhatsapp', 'invalid_whatsapp')]);
  }
  const code = newReceiptCode();
  try {
    return await changeRecord(ctx, id.toLowerCase(), async (step) => {
      const { record } = step;
      if (record.review_status !== 'approved') throw notFound();
      const emergency = await findEmergencyById(step.trx.db, record.emergency_id);
      if (record.type !== 'request' || record.status === 'completed' || emergency?.status !== 'active') {
        throw new AppError('not_pledgeable', [detail('id', 'not_pledgeable', { value: id })]);
      }
      // Pledges whose time is up release their quantity first: they must not refuse this one.
      await releaseDuePledges(ctx, step);
      const quantity = checkedQuantity(step.record, pledge.quantity);
      const clientHash = pledgerHash(record.emergency_id, client.scope);
      await checkHelperLimits(ctx, step.trx.db, { emergencyId: record.emergency_id, whatsapp, client });
      await checkOpenPledges(step.trx.db, { emergencyId: record.emergency_id, whatsapp, clientHash, client });
      const times = pledgeTimes(ctx.now(), pledge.deliverWithinHours);
      const row: PledgeRow = {
        id: newRowId(ctx.now().getTime()),
        help_id: record.id,
        emergency_id: record.emergency_id,
        code_hash: pledgeCodeHash(code),
        quantity,
        delivered_quantity: null,
        // A pledge is made in the request's unit: the form asks "how many {unit}".
        unit: record.unit,
        converted_quantity: null,
        deliver_by: times.deliverBy,
        expires_at: times.expiresAt,
        contact_name: pledge.contactName,
        contact_whatsapp: whatsapp,
        client_hash: clientHash,
        status: 'open',
        created_at: step.now,
        updated_at: step.now,
        reported_at: null,
        closed_at: null,
        closed_by: null,
        personal_data_erased_at: null,
      };
      await insertPledge(step.trx.db, row);
      await moveTotals(ctx, step, { committed: quantity ?? 0, open: 1 });
      await pledgeEvent(step, 'pledged', 'public', { pledge: row.id, status: 'open', quantity });
      await noticePledgeActivity(ctx, step, 'pledged', quantity);
      const result: PledgeResult = {
        ok: true,
        code,
        pledge: presentPledge(row, record, ctx.config.baseUrl),
        message: PLEDGE_THANKS,
      };
      await complete?.(step.trx.db, 202, result);
      return result;
    });
  } catch (err) {
    // changeRecord's own "not found" is the API's help_not_found, as for view=detail.
    if (err instanceof AppError && err.code === 'not_found') throw notFound();
    throw err;
  }
}

/** Open pledges one number, and one address, may hold in an emergency; an integration's or a centre's are not held. */
async function checkOpenPledges(
  db: Db,
  input: { emergencyId: string; whatsapp: string; clientHash: string; client: HelperClient },
): Promise<void> {
  const { counted } = input.client;
  if (counted === 'none') return;
  const open = await openPledgeCounts(db, input.emergencyId, input.whatsapp, input.clientHash);
  const byNumber = open.whatsapp >= MAX_OPEN_PLEDGES_PER_WHATSAPP;
  if (!byNumber && (counted !== 'all' || open.address < MAX_OPEN_PLEDGES_PER_ADDRESS)) return;
  const limit = byNumber ? MAX_OPEN_PLEDGES_PER_WHATSAPP : MAX_OPEN_PLEDGES_PER_ADDRESS;
  throw new AppError('too_many_open_pledges', [
    detail(byNumber ? 'contactWhatsapp' : 'client', 'open_pledges', {
      code: byNumber ? 'open_pledges_per_whatsapp' : 'open_pledges_per_address',
      limit,
    }),
  ]);
}

/** The pledged quantity as the request takes it: required with a quantity, refused without one, never over. */
function checkedQuantity(
  record: {
    quantity_required: number | null;
    quantity_pending: number | null;
    quantity_committed: number;
    unit: string | null;
  },
  quantity: number | undefined,
): number | null {
  if (record.quantity_required === null) {
    if (quantity !== undefined) {
      throw new AppError('validation_failed', [detail('quantity', 'no_quantity_required', { value: quantity })]);
    }
    return null;
  }
  if (quantity === undefined) {
    throw new AppError('validation_failed', [detail('quantity', 'required')]);
  }
  const open = uncommittedQuantity(record.quantity_pending, record.quantity_committed) ?? 0;
  if (quantity > open) {
    throw new AppError('pledge_exceeds_pending', [
      detail('quantity', 'exceeds_uncommitted', { value: quantity, uncommitted: open, unit: record.unit }),
    ]);
  }
  return quantity;
}
