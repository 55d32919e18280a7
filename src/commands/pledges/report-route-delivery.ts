// A volunteer's «entregado» on the route they were given, with how much they brought: a reported delivery to the
// route's destination, held as a pledge the volunteer reported. Like a pledger's report it stays reserved (committed)
// and moves no covered, priority or deficit list until the person helped or a leader confirms it; it is confirmed or
// disputed where every reported delivery is (/estado, the console's pledge lists, the CLI). It is recorded in the
// unit it was brought in: in another unit than the request's it reserves and covers nothing until a leader converts
// it (commands/pledges/convert-delivery.ts).
import type { Actor, Context } from '../../context.ts';
import { pledgeCodeHash } from '../../domain/pledges.ts';
import { newReceiptCode } from '../../domain/receipt-code.ts';
import { newRowId } from '../../domain/record-id.ts';
import { insertPledge } from '../../repositories/pledges.ts';
import { noticePledgeActivity } from '../channels/notices.ts';
import type { ChangeStep } from '../record-change.ts';
import { countsToward, moveTotals, pledgeEvent } from './pledge-totals.ts';

/** Who brought it: the accepted volunteer's private contact and address hash, as their claim holds them. */
export interface RouteVolunteer {
  contact_name: string;
  contact_whatsapp: string;
  client_hash: string;
}

export async function reportRouteDelivery(
  ctx: Context,
  step: ChangeStep,
  volunteer: RouteVolunteer,
  delivered: { quantity: number; unit?: string | null },
  actor: Actor,
): Promise<void> {
  const { record, now } = step;
  const { quantity } = delivered;
  // Without a unit it is the request's, as the form asks it.
  const unit = delivered.unit?.trim() || record.unit;
  const counts = countsToward({ unit }, record);
  const id = newRowId(ctx.now().getTime());
  await insertPledge(step.trx.db, {
    id,
    help_id: record.id,
    emergency_id: record.emergency_id,
    // A code nobody is given: the volunteer acts with their route's code, the others by the pledge's id.
    code_hash: pledgeCodeHash(newReceiptCode()),
    quantity,
    delivered_quantity: quantity,
    unit,
    converted_quantity: null,
    deliver_by: now,
    expires_at: now,
    contact_name: volunteer.contact_name,
    contact_whatsapp: volunteer.contact_whatsapp,
    client_hash: volunteer.client_hash,
    status: 'reported',
    reported_at: now,
    created_at: now,
    updated_at: now,
    closed_at: null,
    closed_by: null,
    personal_data_erased_at: null,
  });
  await moveTotals(ctx, step, { committed: counts ? quantity : 0, open: 1 });
  await pledgeEvent(step, 'pledge_reported', actor, {
    pledge: id,
    status: 'reported',
    quantity,
    unit: counts ? null : unit,
  });
  // The notice speaks in the request's unit: a delivery in another says no amount.
  await noticePledgeActivity(ctx, step, 'reported', counts ? quantity : null);
}
