// A leader accepts a volunteer's offer (the route is assigned to them, their contact kept private as every
// volunteer's; other waiting offers for it are declined) or declines it. The volunteer, with the code, then says
// "en camino" and "entregado" (how much they delivered is a reported delivery to the destination, which counts as
// covered once the person helped or a leader confirms it).
import type { Actor, Context } from '../../context.ts';
import { groupedPhone } from '../../domain/phone.ts';
import type { VolunteerMove } from '../../domain/route-claims.ts';
import { AppError, detail } from '../../errors.ts';
import { presentRouteClaim } from '../../presenters/route-claim.ts';
import { audit } from '../../repositories/audit.ts';
import { updateRecord } from '../../repositories/help-records/records.ts';
import { assignVolunteer, findLogisticsOperation } from '../../repositories/logistics.ts';
import {
  declineOtherClaims,
  findRouteClaim,
  findRouteClaimByCode,
  type RouteClaimRow,
  setRouteClaimState,
} from '../../repositories/route-claims.ts';
import type { RouteClaimActionResult } from '../../schemas/route-claim.ts';
import { setLogisticsStatus } from '../set-logistics-status.ts';
import { writePublic } from '../write-public.ts';

export const VOLUNTEER_ACTOR = 'volunteer';

const notFound = () => new AppError('route_claim_not_found', [detail('code', 'not_found')]);
const closed = (claim: RouteClaimRow, step: string) =>
  new AppError('route_claim_closed', [detail('status', 'route_claim_closed', { code: claim.status, value: step })]);

/** The route's private volunteer contact, as the console shows it: name, number, vehicle. */
function volunteerContact(claim: RouteClaimRow): string {
  return [claim.contact_name, groupedPhone(claim.contact_whatsapp), claim.vehicle].filter(Boolean).join(' · ');
}

/** A leader's decision on a claim of their emergency (emergencyId null: the CLI, any emergency). */
export async function decideClaim(
  ctx: Context,
  claimId: string,
  emergencyId: string | null,
  decision: 'accept' | 'decline',
  actor: Actor,
): Promise<RouteClaimActionResult> {
  const found = await findRouteClaim({ db: ctx.db, dialect: ctx.dialect }, claimId);
  if (!found || (emergencyId !== null && found.emergency_id !== emergencyId)) throw notFound();
  return writePublic(ctx, async (trx) => {
    // Route first, then the claim: the order of every writer of routes.
    const route = await findLogisticsOperation(trx, found.operation_id, true);
    const claim = await findRouteClaim(trx, found.id, true);
    if (!route || !claim) throw notFound();
    if (claim.status !== 'pending') throw closed(claim, decision);
    const now = ctx.now().toISOString();
    if (decision === 'accept') {
      if (!(await assignVolunteer(trx.db, route.id, volunteerContact(claim), now))) {
        throw new AppError('route_not_available', [detail('id', 'route_not_available', { code: route.status })]);
      }
      await declineOtherClaims(trx.db, route.id, claim.id, now, actor);
      // The destination's public record counts its available routes: a new change number drops cached copies.
      await updateRecord(trx, route.destination_help_id, { updated_at: now });
    }
    const status = decision === 'accept' ? 'accepted' : 'declined';
    await setRouteClaimState(trx.db, claim.id, { status, decided_at: now, decided_by: actor, updated_at: now });
    await audit(trx.db, {
      actor,
      action: decision === 'accept' ? 'route_claim_accepted' : 'route_claim_declined',
      targetType: 'logistics_operation',
      targetId: route.id,
      details: { claim: claim.id },
      at: now,
    });
    const after = { ...claim, status, decided_at: now, decided_by: actor, updated_at: now } as RouteClaimRow;
    const routeStatus = decision === 'accept' ? 'assigned' : route.status;
    return {
      ok: true,
      claim: presentRouteClaim(after, { title: route.title, status: routeStatus }),
      message: decision === 'accept' ? 'La ruta quedó asignada a esta persona.' : 'El ofrecimiento no se aceptó.',
    };
  });
}

/** What the volunteer's code shows: the claim and its route; undefined for an unknown code. */
export async function claimByCode(ctx: Context, typed: string) {
  const claim = await findRouteClaimByCode(ctx.db, typed);
  if (!claim) return undefined;
  const route = await findLogisticsOperation({ db: ctx.db, dialect: ctx.dialect }, claim.operation_id);
  return route ? { claim, route } : undefined;
}

/** The volunteer, with the code, moves the route that is theirs: "en camino", then "entregado" (and how much). */
export async function progressByCode(
  ctx: Context,
  typed: string,
  move: VolunteerMove,
  quantity?: number,
  unit?: string,
): Promise<RouteClaimActionResult> {
  const found = await claimByCode(ctx, typed);
  if (!found) throw notFound();
  const { claim, route } = found;
  if (claim.status !== 'accepted') throw closed(claim, move);
  const expected = move === 'in_transit' ? 'assigned' : 'in_transit';
  if (route.status !== expected) throw closed(claim, `${route.status} -> ${move}`);
  const moved = await setLogisticsStatus(ctx, route.id, move, VOLUNTEER_ACTOR, {
    ...(move === 'delivered' && quantity !== undefined
      ? { addCovered: quantity, reportedBy: claim, ...(unit ? { unit } : {}) }
      : {}),
  });
  return {
    ok: true,
    claim: presentRouteClaim(claim, moved),
    message:
      move === 'in_transit'
        ? 'Quedó marcado: va en camino. Cuando entregue, márquelo aquí.'
        : quantity === undefined
          ? 'Gracias: la entrega quedó registrada.'
          : 'Gracias: la entrega quedó registrada. Suma a lo cubierto cuando quien pidió la ayuda o un líder confirme que llegó.',
  };
}
