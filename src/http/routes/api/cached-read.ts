// A public GET that validates its query with a schema and answers from the response cache.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod';
import { AppError } from '../../../errors.ts';
import { issuesToDetails, repeatedParameters } from '../../../schemas/issues.ts';
import { preferredLanguage } from '../../language.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';
import type { CachedResponse, ResponseCache } from '../../response-cache.ts';

export function sendJson(request: FastifyRequest, reply: FastifyReply, cached: CachedResponse) {
  reply.header('etag', cached.etag).header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send();
  return reply.header('content-type', 'application/json; charset=utf-8').send(cached.body);
}

export interface CachedReadOptions {
  /** The cache key; by default the URL. A response that also depends on the clock adds the time to it. */
  key?: (request: FastifyRequest) => string;
  /** How a cached response is sent; by default as JSON with its ETag. */
  send?: (request: FastifyRequest, reply: FastifyReply, cached: CachedResponse) => FastifyReply;
}

export function cachedRead<S extends z.ZodType>(
  app: FastifyInstance,
  path: string,
  deps: { limiters: Limiters; cache: ResponseCache },
  schema: S,
  compute: (query: z.output<S>, request: FastifyRequest) => Promise<unknown>,
  options: CachedReadOptions = {},
): void {
  const { limiters, cache } = deps;
  const keyOf = options.key ?? ((request: FastifyRequest) => request.url);
  const send = options.send ?? sendJson;
  app.get(path, { onRequest: limiters.reads }, async (request, reply) => {
    // The same key answered before: its URL was valid then and still is, so validation is skipped.
    const key = keyOf(request);
    const known = cache.peek(key);
    if (known) return send(request, reply, known);
    const lang = preferredLanguage(request.headers['accept-language']);
    const repeated = repeatedParameters(request.query as Record<string, unknown>, lang);
    if (repeated.length > 0) throw new AppError('invalid_query', repeated);
    const parsed = schema.safeParse(request.query);
    if (!parsed.success) throw new AppError('invalid_query', issuesToDetails(parsed.error.issues, lang, request.query));
    const query = parsed.data as z.output<S>;
    return send(request, reply, await cache.get(key, () => compute(query, request)));
  });
}
