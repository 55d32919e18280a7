// A public GET, declared in src/contract/routes/, that validates its query and answers from the response cache.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod';
import { etagOf } from '../../../contract/cache-rules.ts';
import type { Declared, RouteDeclaration } from '../../../contract/route-declaration.ts';
import { declaredQuery, fastifyPath, type RawInput, type RawRequest } from '../../define-route.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';
import type { Audience, CachedResponse, ResponseCache } from '../../response-cache.ts';

export function sendJson(request: FastifyRequest, reply: FastifyReply, cached: CachedResponse) {
  reply.header('etag', cached.etag).header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send();
  return reply.header('content-type', 'application/json; charset=utf-8').send(cached.body);
}

/** A JSON body that changes only with the code and the configuration: built on first use, then kept with its ETag. */
export function builtOnce(build: () => unknown): () => CachedResponse {
  let cached: CachedResponse | null = null;
  return () => {
    if (!cached) {
      const body = Buffer.from(JSON.stringify(build()));
      cached = { body, etag: etagOf(body) };
    }
    return cached;
  };
}

export interface CachedReadOptions {
  /** The cache key; by default the URL. A response that also depends on the clock adds the time to it. */
  key?: (request: FastifyRequest) => string;
  /** How a cached response is sent; by default as JSON with its ETag. */
  send?: (request: FastifyRequest, reply: FastifyReply, cached: CachedResponse) => FastifyReply;
}

export function cachedRead<Q extends z.ZodObject>(
  app: FastifyInstance,
  declaration: RouteDeclaration<undefined, Q, undefined>,
  deps: { limiters: Limiters; cache: ResponseCache },
  compute: (query: Declared<Q>, request: RawRequest) => Promise<unknown>,
  options: CachedReadOptions & { audience?: (query: Declared<Q>) => Audience } = {},
): void {
  if (declaration.method !== 'get') throw new Error(`${declaration.path}: only a GET is answered from the cache.`);
  const { limiters, cache } = deps;
  const keyOf = options.key ?? ((request: FastifyRequest) => request.url);
  const send = options.send ?? sendJson;
  // Only a response keyed by its URL and sent as sendJson sends it may be answered by the fast path.
  const byUrl = options.key === undefined && options.send === undefined;
  app.route<RawInput>({
    method: 'GET',
    url: fastifyPath(declaration.path),
    onRequest: limiters.reads,
    handler: async (request, reply) => {
      // The same key answered before: its URL was valid then and still is, so validation is skipped (throughput).
      const key = keyOf(request);
      const known = cache.peek(key);
      if (known) return send(request, reply, known);
      const query = declaredQuery(declaration, request);
      const audience = options.audience?.(query) ?? 'shared';
      return send(request, reply, await cache.get(key, () => compute(query, request), byUrl, audience));
    },
  });
}
