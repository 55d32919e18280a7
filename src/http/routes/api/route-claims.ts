// POST /api/logistics-operations/{id}/claims and the volunteer's progress with the claim's code.
import type { FastifyInstance } from 'fastify';
import { claimRouteOnce } from '../../../commands/route-claims/claim-route.ts';
import { progressByCode } from '../../../commands/route-claims/decide-claim.ts';
import type { Context } from '../../../context.ts';
import { routeClaimRoute, routeProgressRoute } from '../../../contract/routes/route-claims.ts';
import { apiRoute } from '../../define-route.ts';
import { helperRequests } from '../../helper-request.ts';
import { sendIdempotent } from '../../idempotent-reply.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';

export function routeClaimRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  const helper = helperRequests(ctx);
  apiRoute(app, routeClaimRoute, { onRequest: limiters.submissions }, async ({ params, body }, request, reply) =>
    sendIdempotent(reply, claimRouteOnce(ctx, params.id, body, await helper(request))),
  );
  // A code is a credential: under the same per-address limit as /estado, and never part of a URL.
  apiRoute(app, routeProgressRoute, { onRequest: limiters.statusLookups }, async ({ body }, _request, reply) =>
    reply.send(await progressByCode(ctx, body.code, body.status, body.quantity, body.unit)),
  );
}
