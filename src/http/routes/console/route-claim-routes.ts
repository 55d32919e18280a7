// A leader's decision on a volunteer's offer to take a route: "Aceptar" (the route is assigned to that person, the
// other offers still waiting for it are declined) or "No aceptar", which asks first and then waits ten minutes, in
// which "Deshacer" drops it, before the offer is declined. Only offers of the emergency in the path are reached:
// another emergency's offer is not found. The answer is the logistics page again (303 with a message).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UNDO_MINUTES, UndoRefused } from '../../../commands/pledges/cancel-with-undo.ts';
import { decideClaim } from '../../../commands/route-claims/decide-claim.ts';
import { declineClaimWithUndo, undoClaimDecline } from '../../../commands/route-claims/decline-with-undo.ts';
import type { Context } from '../../../context.ts';
import { AppError, detail, errorMessage } from '../../../errors.ts';
import { consoleActor, emergencyFor } from '../../../queries/console-session.ts';
import type { EmergencyRow } from '../../../queries/emergencies.ts';
import { leaderRouteClaims } from '../../../queries/leader-route-claims.ts';
import { panelPaths } from '../../../views/console/layout.ts';
import { claimDeclinePage, claimFlashKeys, routeAnchor } from '../../../views/console/route-claim-section.ts';
import { checkForm, currentUser, frameFor, seeOther, sendPage } from './guard.ts';
import { logisticsRenderer } from './logistics-routes.ts';

type ClaimRoute = { Params: { slug: string; claimId: string } };

export function routeClaimRoutes(app: FastifyInstance, ctx: Context): void {
  const render = logisticsRenderer(ctx);
  const scope = async (request: FastifyRequest<ClaimRoute>) => {
    const user = currentUser(request);
    const emergency = await emergencyFor(ctx, user, request.params.slug);
    return { user, emergency };
  };
  const done = (reply: FastifyReply, emergency: EmergencyRow, flash: string, routeId: string) =>
    seeOther(reply, `${panelPaths.logistics(emergency.slug)}?hecho=${flash}#${routeAnchor(routeId)}`);
  /** A refused step, said beside the offer on the logistics page. */
  const refused = async (
    request: FastifyRequest,
    reply: FastifyReply,
    emergency: EmergencyRow,
    claimId: string,
    message: string,
    status: number,
  ) => sendPage(reply, await render(request, emergency, { claimErrors: { [claimId]: message } }), status);

  app.post<ClaimRoute>('/e/:slug/rutas/solicitudes/:claimId/aceptar', async (request, reply) => {
    const { user, emergency } = await scope(request);
    checkForm(ctx, request, user.csrf);
    const { claimId } = request.params;
    try {
      const result = await decideClaim(ctx, claimId, emergency.id, 'accept', consoleActor(user));
      return done(reply, emergency, claimFlashKeys.accept, result.claim.operationId);
    } catch (err) {
      // Decided meanwhile by another leader, or the route was given out another way: said beside the offer.
      if (!(err instanceof AppError) || (err.code !== 'route_claim_closed' && err.code !== 'route_not_available')) {
        throw err;
      }
      return refused(request, reply, emergency, claimId, errorMessage(err.code, 'es'), err.status);
    }
  });

  // "No aceptar" asks first: who offered, for which route (a page, no JavaScript needed).
  app.get<ClaimRoute>('/e/:slug/rutas/solicitudes/:claimId/rechazar', async (request, reply) => {
    const { user, emergency } = await scope(request);
    const claim = (await leaderRouteClaims(ctx, emergency.id)).find((c) => c.id === request.params.claimId);
    if (!claim) throw new AppError('route_claim_not_found', [detail('code', 'not_found')]);
    if (claim.status !== 'pending') {
      return refused(request, reply, emergency, claim.id, errorMessage('route_claim_closed', 'es'), 409);
    }
    const frame = await frameFor(ctx, user, emergency, null);
    return sendPage(reply, claimDeclinePage(frame, claim, UNDO_MINUTES));
  });

  app.post<ClaimRoute>('/e/:slug/rutas/solicitudes/:claimId/rechazar', async (request, reply) => {
    const { user, emergency } = await scope(request);
    checkForm(ctx, request, user.csrf);
    const { claimId } = request.params;
    try {
      const result = await declineClaimWithUndo(ctx, claimId, emergency.id, consoleActor(user));
      return done(reply, emergency, claimFlashKeys.decline, result.operationId);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'route_claim_closed') throw err;
      return refused(request, reply, emergency, claimId, errorMessage(err.code, 'es'), err.status);
    }
  });

  app.post<ClaimRoute>('/e/:slug/rutas/solicitudes/:claimId/deshacer', async (request, reply) => {
    const { user, emergency } = await scope(request);
    checkForm(ctx, request, user.csrf);
    const { claimId } = request.params;
    try {
      const result = await undoClaimDecline(ctx, claimId, emergency.id, consoleActor(user));
      return done(reply, emergency, claimFlashKeys.undo, result.operationId);
    } catch (err) {
      if (!(err instanceof UndoRefused)) throw err;
      return refused(request, reply, emergency, claimId, err.message, 409);
    }
  });
}
