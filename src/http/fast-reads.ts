// Cached public reads answered before the framework: a GET whose URL the response cache holds as plain JSON is
// counted against the reads limit and sent with the exact headers the route would send (CORS, nosniff, HSTS,
// RateLimit-*, ETag, Cache-Control), or 304 for a matching If-None-Match. Anything else (another method, a URL not
// cached, a client past its limit, a closing server) goes to Fastify, carrying its count so it is not counted twice.
// The cached detail and list are most of what a flood's readers ask for: this path costs about half of the
// framework's per-request work (bench/run.ts compares both with bare node:http).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { CORS_EXPOSED_HEADERS } from '../contract/cors-policy.ts';
import type { ClientAddress } from './client-address.ts';
import type { Count, RateLimit } from './plugins/rate-limit.ts';
import { REQUEST_ID_LOG_LABEL, requestIdOf } from './request-id.ts';
import type { CachedResponse, ResponseCache } from './response-cache.ts';

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export interface FastReadsOptions {
  cache: ResponseCache;
  reads: RateLimit;
  /** The Strict-Transport-Security value when the public address is https. */
  hsts: string | null;
  /** True once the server is closing: Fastify answers 503 then. */
  closing: () => boolean;
  /** The service's logger: a request answered here is logged as one "request completed" line at info. */
  log: FastifyBaseLogger;
  address: ClientAddress;
}

/** Headers every public API response carries before its own (the order Fastify's hooks add them in). */
function leadingHeaders(hsts: string | null): string[] {
  return [
    'access-control-allow-origin',
    '*',
    'access-control-expose-headers',
    CORS_EXPOSED_HEADERS.join(', '),
    'x-content-type-options',
    'nosniff',
    ...(hsts === null ? [] : ['strict-transport-security', hsts]),
  ];
}

/** Wraps Fastify's request listener with the fast path. */
export function withFastReads(options: FastReadsOptions, framework: RequestListener): RequestListener {
  const { cache, reads, closing, log, address } = options;
  const leading = leadingHeaders(options.hsts);

  // The fields of the framework's request lines (the logger's serializers redact them the same way).
  const logged = (req: IncomingMessage, statusCode: number, started: number) => {
    // pino's own check; a disabled logger (logger: false) has none and logs nothing.
    if ((log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info') !== true) return;
    const request = { method: req.method, url: req.url, host: req.headers.host, ip: address(req), socket: req.socket };
    // The request's id under the label of Fastify's request lines (the server's listener gave it, src/http/app.ts).
    const id = requestIdOf(req);
    const responseTime = performance.now() - started;
    log.info({ [REQUEST_ID_LOG_LABEL]: id, req: request, res: { statusCode }, responseTime }, 'request completed');
  };

  const limit = String(reads.max);
  const send = (
    req: IncomingMessage,
    res: ServerResponse,
    cached: CachedResponse,
    count: Count | null,
    started: number,
  ) => {
    const headers = leading.concat(
      'ratelimit-limit',
      limit,
      'ratelimit-remaining',
      String(reads.remaining(count)),
      'ratelimit-reset',
      String(reads.resetSeconds(count)),
      'etag',
      cached.etag,
      'cache-control',
      'no-cache',
    );
    if (req.headers['if-none-match'] === cached.etag) {
      res.writeHead(304, headers).end();
      logged(req, 304, started);
      return;
    }
    headers.push('content-type', 'application/json; charset=utf-8', 'content-length', String(cached.body.length));
    res.writeHead(200, headers).end(cached.body);
    logged(req, 200, started);
  };

  // After a count that took a trip to Redis: still cached and within the limit, or the framework answers.
  const answer = (req: IncomingMessage, res: ServerResponse, count: Count | null, started: number) => {
    const cached = reads.exceeded(count) || closing() ? undefined : cache.peekUrl(req.url ?? '');
    if (cached === undefined) framework(req, res);
    else send(req, res, cached, count, started);
  };

  return (req, res) => {
    const cached = req.method === 'GET' && !closing() ? cache.peekUrl(req.url ?? '') : undefined;
    if (cached === undefined) {
      framework(req, res);
      return;
    }
    const started = performance.now();
    const count = reads.count(req);
    if (count instanceof Promise) void count.then((counted) => answer(req, res, counted, started));
    else if (reads.exceeded(count)) framework(req, res);
    else send(req, res, cached, count, started);
  };
}
