// GET, POST (and CORS OPTIONS) /api/public/v1/help: SPEC 4.1-4.3; DELETE /api/public/v1/help/{id}: withdrawal.
import type { FastifyInstance } from 'fastify';
import { withdrawWithToken } from '../../../commands/personal-data/withdraw.ts';
import { submitHelpOnce } from '../../../commands/submit-help.ts';
import type { Context } from '../../../context.ts';
import { helpReadRoute, helpSubmitRoute, helpWithdrawRoute } from '../../../contract/routes/help.ts';
import { AppError } from '../../../errors.ts';
import { discovery } from '../../../queries/discovery.ts';
import { getHelp } from '../../../queries/get-help.ts';
import { listHelpJson } from '../../../queries/list-help.ts';
import { panorama } from '../../../queries/panorama.ts';
import type { HelpQuery } from '../../../schemas/help-query.ts';
import { apiRoute } from '../../define-route.ts';
import { sendIdempotent } from '../../idempotent-reply.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';
import { bearer } from '../../request-values.ts';
import type { ResponseCache } from '../../response-cache.ts';
import { cachedRead } from './cached-read.ts';

function compute(ctx: Context, query: HelpQuery): Promise<unknown> {
  switch (query.view) {
    case 'panorama':
      return panorama(ctx, query.emergencySlug);
    case 'list':
      return listHelpJson(ctx, query);
    case 'detail':
      // The query's rules require id with view=detail.
      return getHelp(ctx, query.id ?? '').then((item) => ({ generatedAt: ctx.now().toISOString(), item }));
    default:
      return discovery(ctx);
  }
}

export function helpRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters, cache: ResponseCache): void {
  // A list around a point is one person's search (their place, their radius): kept in the personal budget, for that
  // person's next poll, where it pushes out no response that everybody asks for.
  cachedRead(app, helpReadRoute, { limiters, cache }, (query) => compute(ctx, query), {
    audience: (query) => (query.latitude === undefined ? 'shared' : 'personal'),
  });

  apiRoute(app, helpSubmitRoute, { onRequest: limiters.submissions }, async ({ body }, request, reply) =>
    sendIdempotent(
      reply,
      submitHelpOnce(ctx, body, {
        credential: bearer(request.headers.authorization),
        idempotencyKey: request.headers['idempotency-key'],
        clientIp: request.ip,
        body: request.body,
        log: request.log,
      }),
    ),
  );

  // Only proof of authorship withdraws. Without Authorization there is nothing to prove: the same 404 as a wrong
  // token or an unknown id, so no answer tells whether a record exists.
  apiRoute(app, helpWithdrawRoute, { onRequest: limiters.withdrawals }, async ({ params }, request, reply) => {
    const secret = bearer(request.headers.authorization);
    if (secret === undefined) throw new AppError('help_not_found');
    await withdrawWithToken(ctx, params.id, secret);
    return reply.code(204).send();
  });
}
