// A leader's "No aceptar" on a volunteer's offer, with ten minutes to undo it. The offer stays waiting meanwhile (the
// volunteer, who reads its answer with their code, sees nothing new), and the refusal is applied, as decideClaim
// always did, once the minutes pass without "Deshacer". Undone, nothing of the offer ever changed.
import type { Actor, Context } from '../../context.ts';
import { inTransaction } from '../../db/store.ts';
import { newRowId } from '../../domain/record-id.ts';
import { AppError, detail } from '../../errors.ts';
import { audit } from '../../repositories/audit.ts';
import { findRouteClaim, type RouteClaimRow } from '../../repositories/route-claims.ts';
import {
  closeUndoWindow,
  dueUndoWindows,
  openUndoWindow,
  openWindowOf,
  type UndoWindowRow,
} from '../../repositories/undo-windows.ts';
import { UNDO_MINUTES, UndoRefused } from '../pledges/cancel-with-undo.ts';
import { decideClaim } from './decide-claim.ts';

const UNDO_MS = UNDO_MINUTES * 60_000;
const APPLY_BATCH = 200;

const notFound = () => new AppError('route_claim_not_found', [detail('code', 'not_found')]);

async function claimOfEmergency(ctx: Context, id: string, emergencyId: string | null): Promise<RouteClaimRow> {
  const found = await findRouteClaim({ db: ctx.db, dialect: ctx.dialect }, id);
  if (!found || (emergencyId !== null && found.emergency_id !== emergencyId)) throw notFound();
  return found;
}

/** Decides "No aceptar" on a waiting offer; it applies after `UNDO_MINUTES`. Audited as route_claim_decline_pending. */
export async function declineClaimWithUndo(
  ctx: Context,
  claimId: string,
  emergencyId: string | null,
  actor: Actor,
): Promise<{ operationId: string; until: string }> {
  const found = await claimOfEmergency(ctx, claimId, emergencyId);
  return inTransaction(ctx, async (trx) => {
    const claim = await findRouteClaim(trx, found.id, true);
    if (!claim) throw notFound();
    if (claim.status !== 'pending' || (await openWindowOf(trx.db, claim.id))) {
      throw new AppError('route_claim_closed', [
        detail('status', 'route_claim_closed', { code: claim.status, value: 'decline' }),
      ]);
    }
    const now = ctx.now().toISOString();
    const until = new Date(Date.parse(now) + UNDO_MS).toISOString();
    await openUndoWindow(trx.db, {
      id: newRowId(Date.parse(now)),
      target_type: 'route_claim',
      target_id: claim.id,
      emergency_id: claim.emergency_id,
      help_id: null,
      actor,
      before_state: JSON.stringify({ status: claim.status }),
      created_at: now,
      until,
      closed_at: null,
      outcome: null,
    });
    await audit(trx.db, {
      actor,
      action: 'route_claim_decline_pending',
      targetType: 'logistics_operation',
      targetId: claim.operation_id,
      details: { claim: claim.id, until },
      at: now,
    });
    return { operationId: claim.operation_id, until };
  });
}

/** "Deshacer" within the minutes: the refusal is dropped and the offer waits as before. UndoRefused after them. */
export async function undoClaimDecline(
  ctx: Context,
  claimId: string,
  emergencyId: string | null,
  actor: Actor,
): Promise<{ operationId: string }> {
  const found = await claimOfEmergency(ctx, claimId, emergencyId);
  return inTransaction(ctx, async (trx) => {
    const now = ctx.now().toISOString();
    const window = await openWindowOf(trx.db, found.id);
    if (
      window?.target_type !== 'route_claim' ||
      window.until <= now ||
      !(await closeUndoWindow(trx.db, window.id, 'undone', now))
    ) {
      throw new UndoRefused(
        'window_closed',
        `Ya no se puede deshacer: pasaron los ${UNDO_MINUTES} minutos y el ofrecimiento quedó como no aceptado.`,
      );
    }
    await audit(trx.db, {
      actor,
      action: 'route_claim_decline_undone',
      targetType: 'logistics_operation',
      targetId: found.operation_id,
      details: { claim: found.id },
      at: now,
    });
    return { operationId: found.operation_id };
  });
}

/**
 * The refusals whose minutes ran out: each offer still waiting is declined now (decideClaim, audited as
 * route_claim_declined); one accepted or withdrawn meanwhile is left as it is. Returns how many were declined.
 */
export async function applyDueDeclines(ctx: Context): Promise<number> {
  let declined = 0;
  for (;;) {
    const due = await dueUndoWindows(ctx.db, 'route_claim', ctx.now().toISOString(), APPLY_BATCH);
    for (const window of due) if (await applyOne(ctx, window)) declined++;
    if (due.length < APPLY_BATCH) return declined;
  }
}

async function applyOne(ctx: Context, window: UndoWindowRow): Promise<boolean> {
  // Closed first: an undo racing it, or another instance's pass, finds it closed.
  if (!(await closeUndoWindow(ctx.db, window.id, 'sent', ctx.now().toISOString()))) return false;
  try {
    await decideClaim(ctx, window.target_id, null, 'decline', window.actor);
    return true;
  } catch (err) {
    if (err instanceof AppError && (err.code === 'route_claim_closed' || err.code === 'route_claim_not_found')) {
      return false;
    }
    throw err;
  }
}
