// GET /api/public/v1/map-points: a map's points, answered from the response cache like the list.
import type { FastifyInstance } from 'fastify';
import type { Context } from '../../../context.ts';
import { mapPointsRoute } from '../../../contract/routes/map-points.ts';
import { mapPoints } from '../../../queries/map-points.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';
import type { ResponseCache } from '../../response-cache.ts';
import { cachedRead } from './cached-read.ts';

export function mapPointsRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters, cache: ResponseCache): void {
  cachedRead(app, mapPointsRoute, { limiters, cache }, (query) => mapPoints(ctx, query));
}
