// What happens to a pledge after it is made: the pledger, with the code, reports the delivery (it stays reserved,
// and covered does not move) or cancels; the requester or a leader confirms a delivery (covered grows) or disputes
// it, and a leader may cancel. Every change locks the request first, then the pledge, in the same order as a new
// pledge, so no two changes interleave.

import { provesSecret } from '../../auth/tokens.ts';
import type { Actor, Context } from '../../context.ts';
import { normalizeReceiptCode } from '../../domain/receipt-code.ts';
import { isRecordId } from '../../domain/record-id.ts';
import { AppError, detail } from '../../errors.ts';
import { presentPledge } from '../../presenters/pledge.ts';
import { markDeliveryAsked } from '../../repositories/help-records/delivery-questions.ts';
import { findById, findByReceiptCode, type HelpRow } from '../../repositories/help-records/records.ts';
import {
  findPledge,
  findPledgeByCode,
  type PledgeRow,
  pledgesOfRecord,
  setPledgeState,
} from '../../repositories/pledges.ts';
import { findSource } from '../../repositories/sources.ts';
import type { DeliveriesConfirmed, PledgeActionResult } from '../../schemas/pledge.ts';
import { type ChangeStep, changeRecord } from '../record-change.ts';
import { releaseDuePledges } from './expire-pledges.ts';
import {
  closeOpenPledge,
  countsToward,
  moveTotals,
  pledgeEvent,
  reportDelivery,
  settleReported,
} from './pledge-totals.ts';

export const PLEDGER_ACTOR = 'pledger';

export type PledgeAction = 'deliver' | 'cancel' | 'dispute';

/** Who acts: the pledger (with the code) reports; the requester and the leaders confirm. */
type Party = 'pledger' | 'requester' | 'leader';

const messages: Record<PledgeAction | 'report', string> = {
  report:
    'Gracias: la entrega quedó registrada. Suma a lo cubierto cuando quien pidió la ayuda o un líder de la ' +
    'emergencia confirme que llegó.',
  deliver: 'Gracias: la entrega quedó confirmada y suma a lo cubierto de la solicitud.',
  cancel: 'El compromiso quedó cancelado: lo que había comprometido vuelve a estar disponible para otros.',
  dispute: 'La entrega quedó marcada como no recibida: no suma a lo cubierto.',
};

const notFound = () => new AppError('pledge_not_found', [detail('code', 'not_found')]);

/**
 * The actions on a pledge named by its code: report the delivery (optionally less) or cancel. From the website, the
 * API and MCP it is the pledger (`actor` 'pledger'), whose delivery is only reported. The CLI's operator, who runs
 * the service, acts as a leader and names themselves: their delivery is confirmed.
 */
export async function settleByCode(
  ctx: Context,
  typed: string,
  action: 'deliver' | 'cancel',
  quantity?: number,
  by: { party: 'pledger' | 'leader'; actor: Actor } = { party: 'pledger', actor: PLEDGER_ACTOR },
): Promise<PledgeActionResult> {
  const found = await findPledgeByCode(ctx.db, typed);
  if (!found) throw notFound();
  return settle(ctx, found, action, by, quantity);
}

export const REQUESTER_ACTOR = 'requester';

/**
 * The requester's actions on the pledges to their own request, proven by the receipt code: confirm that a pledge
 * arrived, or say that a confirmed one did not. Any other pledge, or a code of another record, is not found.
 */
export async function settleForRequester(
  ctx: Context,
  typedReceiptCode: string,
  pledgeId: string,
  action: 'deliver' | 'dispute',
): Promise<PledgeActionResult> {
  const code = normalizeReceiptCode(typedReceiptCode);
  const record = code === undefined ? undefined : await findByReceiptCode(ctx.db, code);
  const found = record ? await findPledge({ db: ctx.db, dialect: ctx.dialect }, pledgeId) : undefined;
  if (!record || !found || found.help_id !== record.id) throw notFound();
  return settle(ctx, found, action, { party: 'requester', actor: REQUESTER_ACTOR });
}

/** A leader's action on a pledge of their emergency (the console checks the emergency; the CLI names it). */
export async function settleById(
  ctx: Context,
  id: string,
  emergencyId: string | null,
  action: PledgeAction,
  actor: Actor,
  quantity?: number,
): Promise<PledgeActionResult> {
  const found = await findPledge({ db: ctx.db, dialect: ctx.dialect }, id);
  if (!found || (emergencyId !== null && found.emergency_id !== emergencyId)) throw notFound();
  return settle(ctx, found, action, { party: 'leader', actor }, quantity);
}

async function settle(
  ctx: Context,
  found: PledgeRow,
  action: PledgeAction,
  by: { party: Party; actor: Actor },
  quantity?: number,
): Promise<PledgeActionResult> {
  return changeRecord(ctx, found.help_id, async (step) => {
    // A pledge whose time is up expires first: confirming it afterwards is refused like any closed pledge.
    await releaseDuePledges(ctx, step);
    const pledge = await findPledge(step.trx, found.id, true);
    if (!pledge) throw notFound();
    const after = await apply(ctx, step, pledge, action, by, quantity);
    return {
      ok: true,
      pledge: presentPledge(after, step.record, ctx.config.baseUrl),
      message: messages[after.status === 'reported' ? 'report' : action],
    };
  });
}

async function apply(
  ctx: Context,
  step: ChangeStep,
  pledge: PledgeRow,
  action: PledgeAction,
  by: { party: Party; actor: Actor },
  quantity: number | undefined,
): Promise<PledgeRow> {
  const { actor } = by;
  if (action === 'dispute') {
    if (pledge.status === 'reported') {
      return settleReported(ctx, step, pledge, { status: 'disputed', confirmed: null, actor, notify: false });
    }
    if (pledge.status !== 'delivered') throw closed(pledge);
    const delivered = pledge.delivered_quantity ?? 0;
    // What it added to covered: itself in the request's unit, what a leader converted it to in another.
    const added = countsToward(pledge, step.record) ? delivered : (pledge.converted_quantity ?? 0);
    await moveTotals(ctx, step, { committed: 0, open: 0, covered: -added });
    await setPledgeState(step.trx.db, pledge.id, { status: 'disputed', updated_at: step.now });
    await pledgeEvent(step, 'pledge_disputed', actor, {
      pledge: pledge.id,
      status: 'disputed',
      quantity: delivered,
      unit: countsToward(pledge, step.record) ? null : pledge.unit,
    });
    return { ...pledge, status: 'disputed', updated_at: step.now };
  }
  if (action === 'cancel') {
    if (pledge.status !== 'open') throw closed(pledge);
    return closeOpenPledge(ctx, step, pledge, { status: 'cancelled', delivered: null, actor });
  }
  // The pledger's word is a report; the requester's or a leader's is a confirmation.
  if (by.party === 'pledger') {
    if (pledge.status !== 'open') throw closed(pledge);
    return reportDelivery(ctx, step, pledge, deliveredQuantity(pledge, quantity), actor);
  }
  const notify = by.party !== 'requester';
  if (pledge.status === 'reported') {
    const confirmed = quantity === undefined ? pledge.delivered_quantity : deliveredQuantity(pledge, quantity);
    return settleReported(ctx, step, pledge, { status: 'delivered', confirmed, actor, notify });
  }
  if (pledge.status !== 'open') throw closed(pledge);
  return closeOpenPledge(ctx, step, pledge, {
    status: 'delivered',
    delivered: deliveredQuantity(pledge, quantity),
    actor,
    notify,
  });
}

/** What a delivery adds to covered: the pledged quantity, or less when the pledger says so; never more. */
function deliveredQuantity(pledge: PledgeRow, quantity: number | undefined): number | null {
  if (pledge.quantity === null) {
    if (quantity !== undefined) {
      throw new AppError('validation_failed', [detail('quantity', 'no_quantity_required', { value: quantity })]);
    }
    return null;
  }
  if (quantity === undefined) return pledge.quantity;
  if (!(quantity > 0) || quantity > pledge.quantity) {
    throw new AppError('validation_failed', [
      detail('quantity', 'out_of_range', { value: quantity, max: pledge.quantity }),
    ]);
  }
  return quantity;
}

function closed(pledge: PledgeRow): AppError {
  return new AppError('pledge_closed', [detail('code', 'pledge_closed', { code: pledge.status })]);
}

const INTEGRATION_ACTOR_PREFIX = 'integration:';

/**
 * A registered integration confirms, with its key, that the deliveries reported to a request it sent arrived: each
 * reported pledge becomes delivered (covered grows by what was reported). Any other key, a record of another source,
 * an unknown id or a withdrawn record: the same 404, so the answer says nothing about the record.
 */
export async function confirmDeliveriesForSource(
  ctx: Context,
  helpId: string,
  key: string | undefined,
): Promise<DeliveriesConfirmed> {
  const record = isRecordId(helpId) ? await findById(ctx, helpId.toLowerCase()) : undefined;
  const source = record && key !== undefined ? await findSource(ctx.db, record.source) : undefined;
  if (!record || !source || record.review_status === 'withdrawn' || !provesSecret(key, source.key_hash)) {
    throw new AppError('help_not_found');
  }
  const actor: Actor = `${INTEGRATION_ACTOR_PREFIX}${source.name}`;
  return changeRecord(ctx, record.id, async (step) => {
    let confirmed = 0;
    let quantity = 0;
    for (const pledge of await pledgesOfRecord(step.trx.db, record.id)) {
      if (pledge.status !== 'reported') continue;
      const locked = await findPledge(step.trx, pledge.id, true);
      if (locked?.status !== 'reported') continue;
      await settleReported(ctx, step, locked, {
        status: 'delivered',
        confirmed: locked.delivered_quantity,
        actor,
        notify: true,
      });
      confirmed++;
      quantity += locked.delivered_quantity ?? 0;
    }
    return { ok: true, confirmed, quantity, covered: step.record.quantity_covered };
  });
}

/**
 * The requester answers, from the number their notices go to, whether the deliveries they were asked about arrived
 * (RECIBIDO or NO LLEGÓ): each delivery reported by `askedAt` is confirmed (covered grows by what was reported) or
 * disputed. One reported after the question was not asked about, and waits for its own.
 */
export async function answerReportedDeliveries(
  ctx: Context,
  helpId: string,
  askedAt: string,
  answer: 'received' | 'not_received',
): Promise<{ count: number; quantity: number | null; record: HelpRow }> {
  return changeRecord(ctx, helpId, async (step) => {
    let count = 0;
    let quantity: number | null = null;
    for (const pledge of await pledgesOfRecord(step.trx.db, helpId)) {
      if (pledge.status !== 'reported' || pledge.reported_at === null || pledge.reported_at > askedAt) continue;
      const locked = await findPledge(step.trx, pledge.id, true);
      if (locked?.status !== 'reported') continue;
      await settleReported(ctx, step, locked, {
        status: answer === 'received' ? 'delivered' : 'disputed',
        confirmed: answer === 'received' ? locked.delivered_quantity : null,
        actor: REQUESTER_ACTOR,
        notify: false,
      });
      count++;
      if (locked.delivered_quantity !== null) quantity = (quantity ?? 0) + locked.delivered_quantity;
    }
    // Answered: a second RECIBIDO finds no question.
    await markDeliveryAsked(step.trx.db, helpId, null);
    return { count, quantity, record: step.record };
  });
}
