import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { sendError } from '../plugins/error-handler.ts';

export function healthRoutes(app: FastifyInstance, database: Database): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    try {
      await database.ping();
      return { status: 'ready', database: database.dialect };
    } catch (err) {
      request.log.warn({ err }, 'database not ready');
      return sendError(request, reply, 'service_unavailable', { database: database.dialect });
    }
  });
}
