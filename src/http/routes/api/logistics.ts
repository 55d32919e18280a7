// GET /api/logistics-operations?emergencia=S (SPEC 4.5): available routes of one emergency, canManage false.
import type { FastifyInstance } from 'fastify';
import type { Context } from '../../../context.ts';
import { logisticsRoute } from '../../../contract/routes/logistics.ts';
import { listLogistics } from '../../../queries/list-logistics.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';
import type { ResponseCache } from '../../response-cache.ts';
import { cachedRead } from './cached-read.ts';

export function logisticsRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters, cache: ResponseCache): void {
  cachedRead(app, logisticsRoute, { limiters, cache }, (query) => listLogistics(ctx, query.emergencia));
}
