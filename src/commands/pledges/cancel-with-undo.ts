// A leader's "Cancelar" on a pledge, with ten minutes to undo it. The quantity frees at once, as a cancellation
// always did (nobody is kept from bringing what is still needed), so the public counts and the change feed move at
// once; what announces the cancellation waits for the window to close: the public history's "pledge released" line
// (from which the requester's hourly summary is made) and the requester's notice. "Deshacer" within the window puts
// the pledge back exactly as it was, only while the request's uncommitted quantity still covers it.
import type { Actor, Context } from '../../context.ts';
import { newRowId } from '../../domain/record-id.ts';
import { AppError, detail } from '../../errors.ts';
import { audit } from '../../repositories/audit.ts';
import { findPledge, type PledgeRow, setPledgeState } from '../../repositories/pledges.ts';
import {
  closeUndoWindow,
  dueUndoWindows,
  openUndoWindow,
  openWindowOf,
  type UndoWindowRow,
} from '../../repositories/undo-windows.ts';
import { noticePledgeActivity } from '../channels/notices.ts';
import { type ChangeStep, changeRecord } from '../record-change.ts';
import { releaseDuePledges } from './expire-pledges.ts';
import { countsToward, moveTotals, pledgeEvent } from './pledge-totals.ts';

/** How long a leader's cancellation can be undone, and its notices wait. */
export const UNDO_MINUTES = 10;
const UNDO_MS = UNDO_MINUTES * 60_000;
/** Windows settled per pass: a long backlog is taken a record at a time. */
const SEND_BATCH = 200;

/** Why an undo was refused, said to the leader in Spanish; nothing changed. */
export class UndoRefused extends Error {
  readonly reason: 'window_closed' | 'changed' | 'no_room';
  constructor(reason: UndoRefused['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}

/** What the pledge was before the cancellation: the columns a cancellation writes. */
type PledgeBefore = Pick<PledgeRow, 'status' | 'delivered_quantity' | 'closed_at' | 'closed_by' | 'updated_at'>;

const notFound = () => new AppError('pledge_not_found', [detail('code', 'not_found')]);

async function pledgeOfEmergency(ctx: Context, id: string, emergencyId: string | null): Promise<PledgeRow> {
  const found = await findPledge({ db: ctx.db, dialect: ctx.dialect }, id);
  if (!found || (emergencyId !== null && found.emergency_id !== emergencyId)) throw notFound();
  return found;
}

/** What a pledge holds of its request's open total (nothing in another unit, nothing without a quantity). */
function held(pledge: PledgeRow, step: ChangeStep): number {
  return countsToward(pledge, step.record) ? (pledge.quantity ?? 0) : 0;
}

/**
 * Cancels an open pledge of the leader's emergency now, with `UNDO_MINUTES` to undo it; returns the pledge's request
 * and until when it can be undone. Audited as pledge_cancel_pending.
 */
export async function cancelPledgeWithUndo(
  ctx: Context,
  pledgeId: string,
  emergencyId: string | null,
  actor: Actor,
): Promise<{ helpId: string; until: string }> {
  const found = await pledgeOfEmergency(ctx, pledgeId, emergencyId);
  return changeRecord(ctx, found.help_id, async (step) => {
    await releaseDuePledges(ctx, step);
    const pledge = await findPledge(step.trx, found.id, true);
    if (!pledge) throw notFound();
    if (pledge.status !== 'open') {
      throw new AppError('pledge_closed', [detail('code', 'pledge_closed', { code: pledge.status })]);
    }
    await moveTotals(ctx, step, { committed: -held(pledge, step), open: -1 });
    await setPledgeState(step.trx.db, pledge.id, {
      status: 'cancelled',
      delivered_quantity: null,
      closed_at: step.now,
      closed_by: actor,
      updated_at: step.now,
    });
    const before: PledgeBefore = {
      status: pledge.status,
      delivered_quantity: pledge.delivered_quantity,
      closed_at: pledge.closed_at,
      closed_by: pledge.closed_by,
      updated_at: pledge.updated_at,
    };
    const until = new Date(Date.parse(step.now) + UNDO_MS).toISOString();
    const window: UndoWindowRow = {
      id: newRowId(Date.parse(step.now)),
      target_type: 'pledge',
      target_id: pledge.id,
      emergency_id: pledge.emergency_id,
      help_id: pledge.help_id,
      actor,
      before_state: JSON.stringify(before),
      created_at: step.now,
      until,
      closed_at: null,
      outcome: null,
    };
    await openUndoWindow(step.trx.db, window);
    await audit(step.trx.db, {
      actor,
      action: 'pledge_cancel_pending',
      targetType: 'help_record',
      targetId: pledge.help_id,
      details: { pledge: pledge.id, quantity: pledge.quantity, until },
      at: step.now,
    });
    return { helpId: pledge.help_id, until };
  });
}

/**
 * "Deshacer": the pledge of the leader's emergency is open again exactly as before its cancellation, holding its
 * quantity again. Refused (UndoRefused, nothing changes) once the window closed, when the pledge moved since, or
 * when the request's uncommitted quantity no longer covers it (another pledge took it).
 */
export async function undoPledgeCancel(
  ctx: Context,
  pledgeId: string,
  emergencyId: string | null,
  actor: Actor,
): Promise<{ helpId: string }> {
  const found = await pledgeOfEmergency(ctx, pledgeId, emergencyId);
  return changeRecord(ctx, found.help_id, async (step) => {
    const window = await openWindowOf(step.trx.db, found.id);
    if (window?.target_type !== 'pledge' || window.until <= step.now) {
      throw new UndoRefused(
        'window_closed',
        `Ya no se puede deshacer: pasaron los ${UNDO_MINUTES} minutos y la cancelación quedó firme.`,
      );
    }
    const pledge = await findPledge(step.trx, found.id, true);
    if (pledge?.status !== 'cancelled' || pledge.closed_at !== window.created_at) {
      throw new UndoRefused('changed', 'El compromiso cambió después de cancelarlo: ya no se puede deshacer.');
    }
    const quantity = held(pledge, step);
    const { record } = step;
    if (record.review_status !== 'approved') {
      throw new UndoRefused('changed', 'La solicitud ya no está publicada: la cancelación no se puede deshacer.');
    }
    if (record.quantity_required !== null && quantity > 0) {
      const free = Math.max(0, (record.quantity_pending ?? 0) - record.quantity_committed);
      if (quantity > free + 1e-9) {
        throw new UndoRefused(
          'no_room',
          'No se puede deshacer: lo que reservaba este compromiso ya lo tomaron otros compromisos, y la solicitud ' +
            'no tiene cantidad libre suficiente. La cancelación sigue en pie.',
        );
      }
    }
    const before = JSON.parse(window.before_state) as PledgeBefore;
    await moveTotals(ctx, step, { committed: quantity, open: 1 });
    await setPledgeState(step.trx.db, pledge.id, before);
    await closeUndoWindow(step.trx.db, window.id, 'undone', step.now);
    await audit(step.trx.db, {
      actor,
      action: 'pledge_cancel_undone',
      targetType: 'help_record',
      targetId: pledge.help_id,
      details: { pledge: pledge.id, quantity: pledge.quantity },
      at: step.now,
    });
    return { helpId: pledge.help_id };
  });
}

/**
 * The windows that closed without an undo: each cancellation is now announced as any cancellation was (the public
 * "pledge released" line and the requester's notice, paced as pledges are), and audited as pledge_cancel_sent.
 * Returns how many were sent. Run by the periodic sweep.
 */
export async function sendDueCancellations(ctx: Context): Promise<number> {
  let sent = 0;
  for (;;) {
    const due = await dueUndoWindows(ctx.db, 'pledge', ctx.now().toISOString(), SEND_BATCH);
    for (const window of due) if (await sendOne(ctx, window)) sent++;
    if (due.length < SEND_BATCH) return sent;
  }
}

async function sendOne(ctx: Context, window: UndoWindowRow): Promise<boolean> {
  if (window.help_id === null) return closeUndoWindow(ctx.db, window.id, 'sent', ctx.now().toISOString());
  return changeRecord(ctx, window.help_id, async (step) => {
    // Closed first, under the record's lock: an undo racing it, or another instance's pass, finds it closed.
    if (!(await closeUndoWindow(step.trx.db, window.id, 'sent', step.now))) return false;
    const pledge = await findPledge(step.trx, window.target_id, true);
    if (pledge?.status !== 'cancelled') return false;
    await pledgeEvent(step, 'pledge_released', window.actor, {
      pledge: pledge.id,
      status: 'cancelled',
      quantity: pledge.quantity,
      unit: countsToward(pledge, step.record) ? null : pledge.unit,
    });
    await noticePledgeActivity(ctx, step, 'released', pledge.quantity);
    await audit(step.trx.db, {
      actor: window.actor,
      action: 'pledge_cancel_sent',
      targetType: 'help_record',
      targetId: pledge.help_id,
      details: { pledge: pledge.id, cancelled_at: window.created_at },
      at: step.now,
    });
    return true;
  });
}
