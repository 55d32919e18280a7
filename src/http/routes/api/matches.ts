// GET /api/public/v1/help/{id}/matches: suggestions for a published record, from the response cache.
import type { FastifyInstance } from 'fastify';
import type { Context } from '../../../context.ts';
import { helpMatchesRoute } from '../../../contract/routes/matches.ts';
import { helpMatches } from '../../../queries/help-matches.ts';
import { apiRoute } from '../../define-route.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';
import type { ResponseCache } from '../../response-cache.ts';
import { sendJson } from './cached-read.ts';

export function matchesRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters, cache: ResponseCache): void {
  // Keyed by its URL and sent as plain JSON: a repeat is answered by the fast path until public data changes.
  apiRoute(app, helpMatchesRoute, { onRequest: limiters.reads }, async ({ params }, request, reply) =>
    sendJson(request, reply, await cache.get(request.url, () => helpMatches(ctx, params.id), true)),
  );
}
