// A leader's decision on a volunteer's offer to take a route: "Aceptar" (the route is assigned to that person, the
// other offers still waiting for it are declined) or "No aceptar". Only offers of the emergency in the path are
// reached: another emergency's offer is not found. The answer is the logistics page again (303 with a message).
import type { FastifyInstance } from 'fastify';
import { decideClaim } from '../../../commands/route-claims/decide-claim.ts';
import type { Context } from '../../../context.ts';
import { AppError, errorMessage } from '../../../errors.ts';
import { consoleActor, emergencyFor } from '../../../queries/console-session.ts';
import { panelPaths } from '../../../views/console/layout.ts';
import { type ClaimVerb, claimFlashKeys, claimVerbs, routeAnchor } from '../../../views/console/route-claim-section.ts';
import { checkForm, currentUser, seeOther, sendPage } from './guard.ts';
import { logisticsRenderer } from './logistics-routes.ts';

type ClaimRoute = { Params: { slug: string; claimId: string } };

export function routeClaimRoutes(app: FastifyInstance, ctx: Context): void {
  const render = logisticsRenderer(ctx);
  for (const verb of Object.keys(claimVerbs) as ClaimVerb[]) {
    const decision = claimVerbs[verb];
    app.post<ClaimRoute>(`/e/:slug/rutas/solicitudes/:claimId/${verb}`, async (request, reply) => {
      const user = currentUser(request);
      const emergency = await emergencyFor(ctx, user, request.params.slug);
      checkForm(ctx, request, user.csrf);
      const { claimId } = request.params;
      let routeId: string;
      try {
        const result = await decideClaim(ctx, claimId, emergency.id, decision, consoleActor(user));
        routeId = result.claim.operationId;
      } catch (err) {
        // Decided meanwhile by another leader, or the route was given out another way: said beside the offer.
        if (!(err instanceof AppError) || (err.code !== 'route_claim_closed' && err.code !== 'route_not_available')) {
          throw err;
        }
        const page = await render(request, emergency, { claimErrors: { [claimId]: errorMessage(err.code, 'es') } });
        return sendPage(reply, page, err.status);
      }
      return seeOther(
        reply,
        `${panelPaths.logistics(emergency.slug)}?hecho=${claimFlashKeys[decision]}#${routeAnchor(routeId)}`,
      );
    });
  }
}
