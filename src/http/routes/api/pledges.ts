// POST /api/public/v1/help/{id}/pledges, the pledger's report and cancel with the pledge's code, and a registered
// integration's confirmation of the deliveries reported to a request it sent.
import type { FastifyInstance } from 'fastify';
import { pledgeHelpOnce } from '../../../commands/pledges/make-pledge.ts';
import { confirmDeliveriesForSource, settleByCode } from '../../../commands/pledges/settle-pledge.ts';
import type { Context } from '../../../context.ts';
import {
  deliveriesConfirmRoute,
  pledgeCancelRoute,
  pledgeConfirmRoute,
  pledgeRoute,
} from '../../../contract/routes/pledges.ts';
import { apiRoute } from '../../define-route.ts';
import { helperRequests } from '../../helper-request.ts';
import { sendIdempotent } from '../../idempotent-reply.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';
import { bearer } from '../../request-values.ts';

export function pledgeRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  const helper = helperRequests(ctx);
  apiRoute(app, pledgeRoute, { onRequest: limiters.submissions }, async ({ params, body }, request, reply) =>
    sendIdempotent(reply, pledgeHelpOnce(ctx, params.id, body, await helper(request))),
  );

  // A code is a credential: looked up under the same per-address limit as /estado, and never part of a URL.
  apiRoute(app, pledgeConfirmRoute, { onRequest: limiters.statusLookups }, async ({ body }, _request, reply) =>
    reply.send(await settleByCode(ctx, body.code, 'deliver', body.quantity)),
  );
  apiRoute(app, pledgeCancelRoute, { onRequest: limiters.statusLookups }, async ({ body }, _request, reply) =>
    reply.send(await settleByCode(ctx, body.code, 'cancel')),
  );
  // A key is a credential: tries are limited per address like a withdrawal's.
  apiRoute(app, deliveriesConfirmRoute, { onRequest: limiters.withdrawals }, async ({ params }, request, reply) =>
    reply.send(await confirmDeliveriesForSource(ctx, params.id, bearer(request.headers.authorization))),
  );
}
