// POST /api/public/v1/help/:id/reports: anyone reports a published record to its emergency's leaders.
import type { FastifyInstance } from 'fastify';
import { reportRecord } from '../../../commands/report-record.ts';
import type { Context } from '../../../context.ts';
import { clientScope } from '../../../domain/client-address.ts';
import { AppError } from '../../../errors.ts';
import { issuesToDetails } from '../../../schemas/issues.ts';
import { helpReport } from '../../../schemas/report.ts';
import { preferredLanguage } from '../../language.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';

export const REPORTS_ROUTE = '/api/public/v1/help/:id/reports';

export function reportRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  app.post(REPORTS_ROUTE, { onRequest: limiters.submissions }, async (request, reply) => {
    const parsed = helpReport.safeParse(request.body);
    if (!parsed.success) {
      const lang = preferredLanguage(request.headers['accept-language']);
      throw new AppError('validation_failed', issuesToDetails(parsed.error.issues, lang, request.body));
    }
    const { id } = request.params as { id: string };
    const { result } = await reportRecord(ctx, id, parsed.data, clientScope(request.ip));
    return reply.code(202).send(result);
  });
}
