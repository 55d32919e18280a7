// What every pledge change does to its request: the open pledges' total and count, and, for a delivery, the
// covered quantity; then the public event and the audit line. Called inside changeRecord, on the locked record.
import type { Actor, Context } from '../../context.ts';
import type { PledgeStatus } from '../../db/types.ts';
import { roundQuantity } from '../../domain/coverage.ts';
import { sameUnit } from '../../domain/units.ts';
import type { HelpRow } from '../../repositories/help-records/records.ts';
import { type PledgeRow, setPledgeState } from '../../repositories/pledges.ts';
import { noticePledgeActivity, noticeSubmitter } from '../channels/notices.ts';
import { type ChangeStep, logDecision, saveRecord } from '../record-change.ts';

/** Public timeline kinds of pledges; their labels say how much, never who. */
export type PledgeEventKind =
  | 'pledged'
  | 'pledge_reported'
  | 'pledge_delivered'
  | 'pledge_released'
  | 'pledge_disputed';

/**
 * Whether a pledge's quantities add to its request's totals: only in the request's unit. A delivery in another unit
 * (a route's "15 cajas" to a request in kilos) reserves nothing and covers nothing until a leader converts it.
 */
export function countsToward(pledge: Pick<PledgeRow, 'unit'>, record: Pick<HelpRow, 'unit'>): boolean {
  return sameUnit(pledge.unit, record.unit);
}

/** The unit a public event names beside its quantity: the pledge's, only when it is not the request's. */
function eventUnit(pledge: Pick<PledgeRow, 'unit'>, record: Pick<HelpRow, 'unit'>): string | null {
  return countsToward(pledge, record) ? null : pledge.unit;
}

/** Adds to (or takes from) the request's open total and count and its covered quantity. */
export async function moveTotals(
  ctx: Context,
  step: ChangeStep,
  delta: { committed: number; open: number; covered?: number },
): Promise<HelpRow> {
  const { record } = step;
  const patch: Partial<HelpRow> = {
    quantity_committed: Math.max(0, roundQuantity(record.quantity_committed + delta.committed)),
    pledges_open: Math.max(0, record.pledges_open + delta.open),
  };
  if (delta.covered) patch.quantity_covered = Math.max(0, roundQuantity(record.quantity_covered + delta.covered));
  const saved = await saveRecord(ctx, step, patch);
  step.record = saved;
  return saved;
}

/** Closes an open pledge (delivered, cancelled or expired): its quantity leaves the open total. */
export async function closeOpenPledge(
  ctx: Context,
  step: ChangeStep,
  pledge: PledgeRow,
  outcome: {
    status: Exclude<PledgeStatus, 'open' | 'reported' | 'disputed'>;
    delivered: number | null;
    actor: Actor;
    /** Tell the requester of a delivery (not when they confirmed it themselves). */
    notify?: boolean;
  },
): Promise<PledgeRow> {
  const counts = countsToward(pledge, step.record);
  const pledged = counts ? (pledge.quantity ?? 0) : 0;
  const delivered = counts ? (outcome.delivered ?? 0) : 0;
  await moveTotals(ctx, step, { committed: -pledged, open: -1, covered: delivered });
  const closed: PledgeRow = {
    ...pledge,
    status: outcome.status,
    delivered_quantity: outcome.status === 'delivered' ? outcome.delivered : null,
    closed_at: step.now,
    closed_by: outcome.actor,
    updated_at: step.now,
  };
  await setPledgeState(step.trx.db, pledge.id, {
    status: closed.status,
    delivered_quantity: closed.delivered_quantity,
    closed_at: closed.closed_at,
    closed_by: closed.closed_by,
    updated_at: closed.updated_at,
  });
  await pledgeEvent(step, outcome.status === 'delivered' ? 'pledge_delivered' : 'pledge_released', outcome.actor, {
    pledge: pledge.id,
    status: outcome.status,
    quantity: outcome.status === 'delivered' ? outcome.delivered : pledge.quantity,
    unit: eventUnit(pledge, step.record),
  });
  if (outcome.status === 'delivered' && outcome.notify !== false) {
    await noticeSubmitter(ctx, step, 'delivered', outcome.delivered);
  }
  // A cancelled or expired pledge had been announced: its person hears it did not come (paced like the pledges).
  if (outcome.status === 'cancelled' || outcome.status === 'expired') {
    await noticePledgeActivity(ctx, step, 'released', pledge.quantity);
  }
  return closed;
}

/**
 * The pledger says they delivered (all, or `reported` when less): the pledge waits for confirmation. What they
 * say they brought stays reserved, so nobody brings it again; what they did not bring is open again. Covered,
 * pending and priority do not move: a stranger's word does not make a need look met.
 */
export async function reportDelivery(
  ctx: Context,
  step: ChangeStep,
  pledge: PledgeRow,
  reported: number | null,
  actor: Actor,
): Promise<PledgeRow> {
  const notBrought = countsToward(pledge, step.record) ? (pledge.quantity ?? 0) - (reported ?? 0) : 0;
  await moveTotals(ctx, step, { committed: -notBrought, open: 0 });
  const after: PledgeRow = {
    ...pledge,
    status: 'reported',
    delivered_quantity: reported,
    reported_at: step.now,
    updated_at: step.now,
  };
  await setPledgeState(step.trx.db, pledge.id, {
    status: after.status,
    delivered_quantity: after.delivered_quantity,
    reported_at: after.reported_at,
    updated_at: after.updated_at,
  });
  const unit = eventUnit(pledge, step.record);
  await pledgeEvent(step, 'pledge_reported', actor, {
    pledge: pledge.id,
    status: 'reported',
    quantity: reported,
    unit,
  });
  // The notice speaks in the request's unit: a delivery in another says no amount.
  await noticePledgeActivity(ctx, step, 'reported', unit === null ? reported : null);
  return after;
}

/**
 * A reported delivery is confirmed (by the requester, a leader or a registered integration) or disputed: either
 * way it leaves the reserved total; confirmed, what was brought (`confirmed`, at most what was pledged) becomes
 * covered.
 */
export async function settleReported(
  ctx: Context,
  step: ChangeStep,
  pledge: PledgeRow,
  outcome: { status: 'delivered' | 'disputed'; confirmed: number | null; actor: Actor; notify: boolean },
): Promise<PledgeRow> {
  const counts = countsToward(pledge, step.record);
  const held = counts ? (pledge.delivered_quantity ?? 0) : 0;
  const covered = outcome.status === 'delivered' && counts ? (outcome.confirmed ?? 0) : 0;
  await moveTotals(ctx, step, { committed: -held, open: -1, covered });
  const after: PledgeRow = {
    ...pledge,
    status: outcome.status,
    delivered_quantity: outcome.status === 'delivered' ? outcome.confirmed : pledge.delivered_quantity,
    closed_at: step.now,
    closed_by: outcome.actor,
    updated_at: step.now,
  };
  await setPledgeState(step.trx.db, pledge.id, {
    status: after.status,
    delivered_quantity: after.delivered_quantity,
    closed_at: after.closed_at,
    closed_by: after.closed_by,
    updated_at: after.updated_at,
  });
  const kind = outcome.status === 'delivered' ? 'pledge_delivered' : 'pledge_disputed';
  await pledgeEvent(step, kind, outcome.actor, {
    pledge: pledge.id,
    status: outcome.status,
    quantity: after.delivered_quantity,
    unit: eventUnit(pledge, step.record),
  });
  if (outcome.status === 'delivered' && outcome.notify) await noticeSubmitter(ctx, step, 'delivered', covered);
  return after;
}

/** The public event (how much, never who) and the audit line (the pledge's id, never its contact). */
export async function pledgeEvent(
  step: ChangeStep,
  kind: PledgeEventKind,
  actor: Actor,
  details: { pledge: string; status: PledgeStatus; quantity: number | null; unit?: string | null },
): Promise<void> {
  await logDecision(step, actor, { kind, isPublic: true, quantity: details.quantity, unit: details.unit, details });
}
