// GET /.well-known/mcp/server-card.json: the MCP server card, built once per instance (it changes only with the
// code and BASE_URL) and served with its ETag.
import type { FastifyInstance } from 'fastify';
import type { Context } from '../../../context.ts';
import { mcpServerCardRoute } from '../../../contract/routes/mcp.ts';
import { serverCard } from '../../../mcp/server-card.ts';
import { apiRoute } from '../../define-route.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';
import { builtOnce, sendJson } from './cached-read.ts';

export function serverCardRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  const card = builtOnce(() => serverCard(ctx.config));
  apiRoute(app, mcpServerCardRoute, { onRequest: limiters.reads }, async (_input, request, reply) =>
    sendJson(request, reply, card()),
  );
}
