// GET /llms.txt (llmstxt.org): what the service is and where its pages and machine-readable parts are; the same
// text as the MCP resource at that address, rebuilt only when public data changes.
import type { FastifyInstance } from 'fastify';
import type { Context } from '../../context.ts';
import { aboutDocument } from '../../mcp/resources.ts';
import type { Limiters } from '../plugins/rate-limit.ts';

export function llmsTxtRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  app.get('/llms.txt', { onRequest: limiters.reads }, async (request, reply) => {
    const { text, etag } = await aboutDocument(ctx);
    // Short-lived: the list of active emergencies in it changes when one opens or closes.
    reply
      .header('content-type', 'text/markdown; charset=utf-8')
      .header('cache-control', 'public, max-age=60')
      .header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(text);
  });
}
