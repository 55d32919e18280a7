// POST /api/public/v1/help/{id}/pledges, and the pledger's confirm and cancel with the pledge's code.
import type { FastifyInstance } from 'fastify';
import { pledgeHelpOnce } from '../../../commands/pledges/make-pledge.ts';
import { settleByCode } from '../../../commands/pledges/settle-pledge.ts';
import type { Context } from '../../../context.ts';
import { pledgeCancelRoute, pledgeConfirmRoute, pledgeRoute } from '../../../contract/routes/pledges.ts';
import { clientScope } from '../../../domain/client-address.ts';
import { AppError } from '../../../errors.ts';
import { apiRoute } from '../../define-route.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';

export function pledgeRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  apiRoute(app, pledgeRoute, { onRequest: limiters.submissions }, async ({ params, body }, request, reply) => {
    const answer = await pledgeHelpOnce(ctx, params.id, body, {
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

  // A code is a credential: looked up under the same per-address limit as /estado, and never part of a URL.
  apiRoute(app, pledgeConfirmRoute, { onRequest: limiters.statusLookups }, async ({ body }, _request, reply) =>
    reply.send(await settleByCode(ctx, body.code, 'deliver', body.quantity)),
  );
  apiRoute(app, pledgeCancelRoute, { onRequest: limiters.statusLookups }, async ({ body }, _request, reply) =>
    reply.send(await settleByCode(ctx, body.code, 'cancel')),
  );
}
