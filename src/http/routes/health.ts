// GET /healthz (the process is alive) and /readyz (the database answers and the search index is built).
import type { FastifyInstance } from 'fastify';
import type { Context } from '../../context.ts';
import { healthRoute, readyRoute } from '../../contract/routes/health.ts';
import type { Database } from '../../db/database.ts';
import { detail } from '../../errors.ts';
import { apiRoute } from '../define-route.ts';
import { sendError } from '../plugins/error-handler.ts';

export function healthRoutes(app: FastifyInstance, database: Database, search: Context['search']): void {
  apiRoute(app, healthRoute, {}, async () => ({ status: 'ok' }));
  apiRoute(app, readyRoute, {}, async (_input, request, reply) => {
    try {
      await database.ping();
    } catch (err) {
      request.log.warn({ err }, 'database not ready');
      return sendError(request, reply, 'service_unavailable', [
        detail('database', 'database_unavailable', { value: database.dialect }),
      ]);
    }
    // Until the index is built every search would wait for it: a balancer sends no traffic here yet. Asking
    // starts the build again if the one at start-up failed.
    if (!search.built) {
      search.warm().catch((err) => request.log.error({ err }, 'search index build failed'));
      return sendError(request, reply, 'service_unavailable', [detail('searchIndex', 'building')]);
    }
    return { status: 'ready', database: database.dialect };
  });
}
