// POST /api/public/v1/help/:id/reports: anyone reports a published record to its emergency's leaders.
import type { FastifyInstance } from 'fastify';
import { reportRecord } from '../../../commands/report-record.ts';
import type { Context } from '../../../context.ts';
import { reportRoute } from '../../../contract/routes/reports.ts';
import { clientScope } from '../../../domain/client-address.ts';
import { apiRoute } from '../../define-route.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';

export function reportRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  apiRoute(app, reportRoute, { onRequest: limiters.submissions }, async ({ params, body }, request, reply) => {
    const { result } = await reportRecord(ctx, params.id, body, clientScope(request.ip));
    return reply.code(202).send(result);
  });
}
