// POST /api/public/v1/help/{id}/pledges, and the pledger's confirm and cancel with the pledge's code.
import type { FastifyInstance } from 'fastify';
import { pledgeHelpOnce } from '../../../commands/pledges/make-pledge.ts';
import { settleByCode } from '../../../commands/pledges/settle-pledge.ts';
import type { Context } from '../../../context.ts';
import { pledgeCancelRoute, pledgeConfirmRoute, pledgeRoute } from '../../../contract/routes/pledges.ts';
import { apiRoute } from '../../define-route.ts';
import { onceRequest, sendIdempotent } from '../../idempotent-reply.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';

export function pledgeRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  apiRoute(app, pledgeRoute, { onRequest: limiters.submissions }, async ({ params, body }, request, reply) =>
    sendIdempotent(reply, pledgeHelpOnce(ctx, params.id, body, onceRequest(request))),
  );

  // A code is a credential: looked up under the same per-address limit as /estado, and never part of a URL.
  apiRoute(app, pledgeConfirmRoute, { onRequest: limiters.statusLookups }, async ({ body }, _request, reply) =>
    reply.send(await settleByCode(ctx, body.code, 'deliver', body.quantity)),
  );
  apiRoute(app, pledgeCancelRoute, { onRequest: limiters.statusLookups }, async ({ body }, _request, reply) =>
    reply.send(await settleByCode(ctx, body.code, 'cancel')),
  );
}
