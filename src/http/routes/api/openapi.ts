// GET /api/public/openapi.json: the document, built once per instance and served with its ETag.
import type { FastifyInstance } from 'fastify';
import type { Context } from '../../../context.ts';
import { etagOf } from '../../../contract/cache-rules.ts';
import { buildOpenApi } from '../../../contract/openapi.ts';
import { openApiDocumentRoute } from '../../../contract/routes/openapi-document.ts';
import { apiRoute } from '../../define-route.ts';
import { sendJson } from './cached-read.ts';

export function openApiRoutes(app: FastifyInstance, ctx: Context): void {
  let cached: { body: Buffer; etag: string } | null = null;
  apiRoute(app, openApiDocumentRoute, {}, async (_input, request, reply) => {
    if (!cached) {
      const body = Buffer.from(JSON.stringify(buildOpenApi(ctx.config.baseUrl, ctx.config)));
      cached = { body, etag: etagOf(body) };
    }
    return sendJson(request, reply, cached);
  });
}
