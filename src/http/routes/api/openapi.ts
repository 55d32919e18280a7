// GET /api/public/openapi.json: the document, built once per instance and served with its ETag.
import type { FastifyInstance } from 'fastify';
import type { Context } from '../../../context.ts';
import { buildOpenApi } from '../../../contract/openapi.ts';
import { openApiDocumentRoute } from '../../../contract/routes/openapi-document.ts';
import { apiRoute } from '../../define-route.ts';
import { builtOnce, sendJson } from './cached-read.ts';

export function openApiRoutes(app: FastifyInstance, ctx: Context): void {
  const document = builtOnce(() => buildOpenApi(ctx.config.baseUrl, ctx.config));
  apiRoute(app, openApiDocumentRoute, {}, async (_input, request, reply) => sendJson(request, reply, document()));
}
