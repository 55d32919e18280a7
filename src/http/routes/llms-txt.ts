// GET /llms.txt (llmstxt.org): what the service is and where its machine-readable parts are.
import type { FastifyInstance } from 'fastify';
import type { Context } from '../../context.ts';
import { aboutText } from '../../mcp/resources.ts';
import type { Limiters } from '../plugins/rate-limit.ts';

export function llmsTxtRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  const text = aboutText(ctx.config);
  app.get('/llms.txt', { onRequest: limiters.reads }, async (_request, reply) =>
    reply
      .header('content-type', 'text/markdown; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(text),
  );
}
