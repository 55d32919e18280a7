import type { FastifyInstance } from 'fastify';
import type { Context } from '../../../context.ts';
import { etagOf } from '../../../contract/cache-rules.ts';
import { buildOpenApi } from '../../../contract/openapi.ts';
import { sendJson } from './cached-read.ts';

export function openApiRoutes(app: FastifyInstance, ctx: Context): void {
  let cached: { body: Buffer; etag: string } | null = null;
  app.get('/api/public/openapi.json', async (request, reply) => {
    if (!cached) {
      const body = Buffer.from(JSON.stringify(buildOpenApi(ctx.config.baseUrl, ctx.config)));
      cached = { body, etag: etagOf(body) };
    }
    return sendJson(request, reply, cached);
  });
}
