// The HTTP application. Plugin order matters and is spelled out below.
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { Context } from '../context.ts';
import { CORS_ALLOWED_HEADERS, CORS_EXPOSED_HEADERS, CORS_METHODS } from '../contract/cors-policy.ts';
import type { Database } from '../db/database.ts';
import { REFERENCE_SLOT } from '../views/request-reference.ts';
import { clientAddressReader } from './client-address.ts';
import { type RequestListener, withFastReads } from './fast-reads.ts';
import { redactingLogger } from './log-redaction.ts';
import { metricsRoutes, registerRequestMetrics } from './metrics/metrics-routes.ts';
import { ServiceMetrics } from './metrics/service-metrics.ts';
import { registerErrorHandler, sendError } from './plugins/error-handler.ts';
import { registerJsonBody } from './plugins/json-body.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { REQUEST_ID_HEADER, REQUEST_ID_LOG_LABEL, requestIdReader } from './request-id.ts';
import { ResponseCache } from './response-cache.ts';
import { changesRoutes } from './routes/api/changes.ts';
import { exportRoutes } from './routes/api/exports.ts';
import { helpRoutes } from './routes/api/help.ts';
import { inventoryRoutes } from './routes/api/inventory.ts';
import { logisticsRoutes } from './routes/api/logistics.ts';
import { mapPointsRoutes } from './routes/api/map-points.ts';
import { matchesRoutes } from './routes/api/matches.ts';
import { openApiRoutes } from './routes/api/openapi.ts';
import { placesRoutes } from './routes/api/places.ts';
import { pledgeRoutes } from './routes/api/pledges.ts';
import { reportRoutes } from './routes/api/reports.ts';
import { routeClaimRoutes } from './routes/api/route-claims.ts';
import { serverCardRoutes } from './routes/api/server-card.ts';
import { consoleRoutes } from './routes/console/index.ts';
import { healthRoutes } from './routes/health.ts';
import { channelRoutes } from './routes/integrations/channels.ts';
import { koboRoutes } from './routes/integrations/kobo.ts';
import { llmsTxtRoutes } from './routes/llms-txt.ts';
import { mcpRoutes } from './routes/mcp.ts';
import { readinessDetailRoutes } from './routes/readiness-detail.ts';
import { siteRoutes } from './routes/site/index.ts';

export interface AppOptions {
  /** false: no logs; else the level (default LOG_LEVEL) and where lines go (default stdout). */
  logger?: false | { level?: string; stream?: { write(line: string): void } };
}

/** Browsers that once reached the service over https never try plain http again (a year, subdomains too). */
const HSTS = 'max-age=31536000; includeSubDomains';

export async function buildApp(ctx: Context, database: Database, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config } = ctx;
  const https = new URL(config.baseUrl).protocol === 'https:';
  const requestId = requestIdReader(config.trustProxy);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : redactingLogger(options.logger?.level ?? config.logLevel, options.logger?.stream),
    trustProxy: config.trustProxy,
    // Each request's reference (src/http/request-id.ts): genReqId reads X-Request-Id itself, only from a trusted
    // proxy, so Fastify's own reading of the header stays off. The logger puts it on every line of the request.
    genReqId: requestId,
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: REQUEST_ID_LOG_LABEL }),
    bodyLimit: config.bodyLimitBytes,
    // Slow or stuck clients cannot hold sockets forever.
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 10_000,
    return503OnClosing: true,
    // Node cuts a request at the larger of headersTimeout (default 60 s) and requestTimeout, and checks only every
    // connectionsCheckingInterval (default 30 s): both lowered so a slow body is cut near the 30 s above.
    http: { headersTimeout: 10_000, connectionsCheckingInterval: 1_000 },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A malformed URL (broken percent-encoding) or a path parameter over maxParamLength is answered by the router
    // before any hook: without this, a bare Fastify body without the service's headers.
    frameworkErrors: (_error, request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      reply.header('x-content-type-options', 'nosniff');
      if (https) reply.header('strict-transport-security', HSTS);
      return sendError(request, reply, 'not_found');
    },
  });

  // 1. Errors first, so every later failure (parsing, limits, handlers) answers { error, code, details }.
  registerErrorHandler(app);
  // Every answer names its request. The server's listener below sets it first, but app.inject() reaches Fastify
  // without it; on the raw response, so answers written past Fastify's reply (a hijacked stream, the MCP transport)
  // carry it too.
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    done();
  });
  // An error page leaves a slot for the reference (src/views/request-reference.ts). Only error pages are searched
  // (no other page holds the slot), never a JSON body, which might echo a client's text holding it.
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = String(reply.getHeader('content-type') ?? '');
    const page = type.startsWith('text/html') || type.startsWith('text/markdown');
    if (reply.statusCode >= 400 && page && typeof payload === 'string' && payload.includes(REFERENCE_SLOT)) {
      done(null, payload.replaceAll(REFERENCE_SLOT, request.id));
      return;
    }
    done(null, payload);
  });
  // 2. Bodies: JSON only, bounded; anything else is a 415.
  registerJsonBody(app, config.bodyLimitBytes);
  // HSTS when the public address is https (over plain http it would mean nothing). onSend, so answers given
  // before the route's hooks (CORS preflight, a malformed URL) carry it too.
  if (https) {
    app.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('strict-transport-security', HSTS);
      done(null, payload);
    });
  }
  // 3. CORS for every public response, any origin, preflight 204.
  await app.register(cors, {
    origin: '*',
    methods: CORS_METHODS,
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: 86_400,
    strictPreflight: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('x-content-type-options', 'nosniff');
    done();
  });
  // 4. Rate limits, applied per route (reads and submissions counted apart).
  const address = clientAddressReader(config.trustProxy);
  const limiters = await registerRateLimit(app, config, address);
  app.addHook('onClose', () => limiters.close());

  // 5. Cached public reads are answered before the framework when they can be (src/http/fast-reads.ts).
  const cache = new ResponseCache(ctx.changes);
  // Metrics before the routes, so each route gets its latency series as it is registered (src/http/metrics/). Only
  // where someone can read them (METRICS_TOKEN or METRICS_PORT): otherwise no request pays for them.
  const { metricsToken, metricsPort } = config.operations;
  const metrics = metricsToken === null && metricsPort === null ? null : new ServiceMetrics({ ctx, database, cache });
  if (metrics !== null) registerRequestMetrics(app, metrics);
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  const [framework, ...others] = app.server.listeners('request') as RequestListener[];
  if (framework === undefined || others.length > 0) throw new Error('Fastify registers one request listener.');
  app.server.removeListener('request', framework);
  const fastReads = withFastReads(
    {
      cache,
      reads: limiters.readLimit,
      hsts: https ? HSTS : null,
      closing: () => closing,
      log: app.log,
      address,
    },
    framework,
  );
  // The cached reads answered before Fastify carry their request's id too (Fastify's genReqId gives the same one).
  app.server.on('request', (req, res) => {
    res.setHeader(REQUEST_ID_HEADER, requestId(req));
    fastReads(req, res);
  });

  // 6. Routes.
  healthRoutes(app, database, ctx.search);
  readinessDetailRoutes(app, ctx, database);
  if (metrics !== null) metricsRoutes(app, metrics, metricsToken);
  helpRoutes(app, ctx, limiters, cache);
  matchesRoutes(app, ctx, limiters, cache);
  mapPointsRoutes(app, ctx, limiters, cache);
  exportRoutes(app, ctx, limiters);
  logisticsRoutes(app, ctx, limiters, cache);
  inventoryRoutes(app, ctx, limiters, cache);
  placesRoutes(app, ctx, limiters, cache);
  serverCardRoutes(app, ctx, limiters);
  reportRoutes(app, ctx, limiters);
  pledgeRoutes(app, ctx, limiters);
  routeClaimRoutes(app, ctx, limiters);
  changesRoutes(app, ctx, limiters);
  koboRoutes(app, ctx, limiters);
  // WhatsApp and SMS: signed over the bytes that arrived, so their scope keeps bodies raw.
  await app.register((scope) => channelRoutes(scope, ctx));
  openApiRoutes(app, ctx);
  llmsTxtRoutes(app, ctx, limiters);
  mcpRoutes(app, ctx, limiters);
  // Leaders' console and centres' edit links: HTML forms, in their own scope (form bodies, cookies, CSRF).
  await app.register((scope) => consoleRoutes(scope, ctx, limiters));
  // The public website and its Markdown twins: HTML forms, compression, a CSP that allows no inline script.
  await app.register((scope) => siteRoutes(scope, ctx, limiters));
  return app;
}
