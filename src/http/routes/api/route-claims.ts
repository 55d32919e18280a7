// POST /api/logistics-operations/{id}/claims and the volunteer's progress with the claim's code.
import type { FastifyInstance } from 'fastify';
import { claimRoute } from '../../../commands/route-claims/claim-route.ts';
import { progressByCode } from '../../../commands/route-claims/decide-claim.ts';
import type { Context } from '../../../context.ts';
import { routeClaimRoute, routeProgressRoute } from '../../../contract/routes/route-claims.ts';
import { clientScope } from '../../../domain/client-address.ts';
import { apiRoute } from '../../define-route.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';

export function routeClaimRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  apiRoute(app, routeClaimRoute, { onRequest: limiters.submissions }, async ({ params, body }, request, reply) =>
    reply.code(202).send(await claimRoute(ctx, params.id, body, clientScope(request.ip))),
  );
  // A code is a credential: under the same per-address limit as /estado, and never part of a URL.
  apiRoute(app, routeProgressRoute, { onRequest: limiters.statusLookups }, async ({ body }, _request, reply) =>
    reply.send(await progressByCode(ctx, body.code, body.status, body.quantity)),
  );
}
