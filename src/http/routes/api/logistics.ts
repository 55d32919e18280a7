// GET /api/logistics-operations?emergencia=S (SPEC 4.5): available routes of one emergency, canManage false.
import type { FastifyInstance } from 'fastify';
import type { Context } from '../../../context.ts';
import { listLogistics } from '../../../queries/list-logistics.ts';
import { logisticsQuery } from '../../../schemas/logistics-operation.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';
import type { ResponseCache } from '../../response-cache.ts';
import { cachedRead } from './cached-read.ts';

export const LOGISTICS_PATH = '/api/logistics-operations';

export function logisticsRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters, cache: ResponseCache): void {
  cachedRead(app, LOGISTICS_PATH, { limiters, cache }, logisticsQuery, (query) => listLogistics(ctx, query.emergencia));
}
