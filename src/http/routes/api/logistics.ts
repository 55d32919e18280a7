// GET /api/logistics-operations?emergencia=S (SPEC 4.5): available routes of one emergency, canManage false.
import type { FastifyInstance } from 'fastify';
import type { Context } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { listLogistics } from '../../../queries/list-logistics.ts';
import { issuesToDetails, repeatedParameters } from '../../../schemas/issues.ts';
import { logisticsQuery } from '../../../schemas/logistics-operation.ts';
import { preferredLanguage } from '../../language.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';
import type { ResponseCache } from '../../response-cache.ts';
import { sendJson } from './help.ts';

export const LOGISTICS_PATH = '/api/logistics-operations';

export function logisticsRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters, cache: ResponseCache): void {
  app.get(LOGISTICS_PATH, { onRequest: limiters.reads }, async (request, reply) => {
    const known = cache.peek(request.url);
    if (known) return sendJson(request, reply, known);
    const lang = preferredLanguage(request.headers['accept-language']);
    const repeated = repeatedParameters(request.query as Record<string, unknown>, lang);
    if (repeated.length > 0) throw new AppError('invalid_query', repeated);
    const parsed = logisticsQuery.safeParse(request.query);
    if (!parsed.success) throw new AppError('invalid_query', issuesToDetails(parsed.error.issues, lang, request.query));
    return sendJson(request, reply, await cache.get(request.url, () => listLogistics(ctx, parsed.data.emergencia)));
  });
}
