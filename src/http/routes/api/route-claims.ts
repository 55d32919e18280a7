// POST /api/logistics-operations/{id}/claims and the volunteer's progress with the claim's code.
import type { FastifyInstance } from 'fastify';
import { claimRouteOnce } from '../../../commands/route-claims/claim-route.ts';
import { progressByCode } from '../../../commands/route-claims/decide-claim.ts';
import type { Context } from '../../../context.ts';
import { routeClaimRoute, routeProgressRoute } from '../../../contract/routes/route-claims.ts';
import { clientScope } from '../../../domain/client-address.ts';
import { AppError } from '../../../errors.ts';
import { apiRoute } from '../../define-route.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';

export function routeClaimRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  apiRoute(app, routeClaimRoute, { onRequest: limiters.submissions }, async ({ params, body }, request, reply) => {
    const answer = await claimRouteOnce(ctx, params.id, body, {
      scope: clientScope(request.ip),
      clientIp: request.ip,
      idempotencyKey: request.headers['idempotency-key'],
      body: request.body,
      log: request.log,
    }).catch((err: unknown) => {
      // 409 idempotency_key_in_flight says when to try again.
      if (err instanceof AppError && 'retryAfter' in err) reply.header('retry-after', String(err.retryAfter));
      throw err;
    });
    if (answer.kind === 'fresh') return reply.code(202).send(answer.value);
    return reply
      .code(answer.status)
      .header('idempotent-replayed', 'true')
      .header('content-type', 'application/json; charset=utf-8')
      .send(answer.body);
  });
  // A code is a credential: under the same per-address limit as /estado, and never part of a URL.
  apiRoute(app, routeProgressRoute, { onRequest: limiters.statusLookups }, async ({ body }, _request, reply) =>
    reply.send(await progressByCode(ctx, body.code, body.status, body.quantity)),
  );
}
