// GET /healthz (the process is alive) and /readyz (the database answers).
import type { FastifyInstance } from 'fastify';
import { healthRoute, readyRoute } from '../../contract/routes/health.ts';
import type { Database } from '../../db/database.ts';
import { apiRoute } from '../define-route.ts';
import { sendError } from '../plugins/error-handler.ts';

export function healthRoutes(app: FastifyInstance, database: Database): void {
  apiRoute(app, healthRoute, {}, async () => ({ status: 'ok' }));
  apiRoute(app, readyRoute, {}, async (_input, request, reply) => {
    try {
      await database.ping();
      return { status: 'ready', database: database.dialect };
    } catch (err) {
      request.log.warn({ err }, 'database not ready');
      return sendError(request, reply, 'service_unavailable', { database: database.dialect });
    }
  });
}
