// Wires the metrics into the app: the latency of every request the framework answers (one observe, its label values
// fixed when the route was registered), the streaming routes' open streams, and GET /metrics behind METRICS_TOKEN.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { requireOperatorToken } from '../operator-token.ts';
import { type RouteSeries, type ServiceMetrics, streamKindOf } from './service-metrics.ts';

export const METRICS_PATH = '/metrics';

/** Where a route keeps its histogram children, by method: looked up, never built, per request. */
const SERIES = Symbol('metricsSeries');

type SeriesConfig = { [SERIES]?: Map<string, RouteSeries> };

const byApp = new WeakMap<FastifyInstance, ServiceMetrics>();

/** The app's metrics, for the METRICS_PORT listener the server starts beside it. */
export function metricsOf(app: FastifyInstance): ServiceMetrics {
  const metrics = byApp.get(app);
  if (metrics === undefined) throw new Error('The app was built without metrics.');
  return metrics;
}

/** Before any route is registered: every route gets its children, and the streaming ones their counter. */
export function registerRequestMetrics(app: FastifyInstance, metrics: ServiceMetrics): void {
  byApp.set(app, metrics);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const series = new Map(methods.map((method) => [method, metrics.routeSeries(route.url, method)]));
    route.config = { ...route.config, [SERIES]: series } as typeof route.config;
    const kind = methods.length === 1 ? streamKindOf(methods[0] as string, route.url) : null;
    if (kind === null) return;
    const opened: onRequestHookHandler = (_request, reply, done) => {
      reply.raw.once('close', metrics.streamOpened(kind));
      done();
    };
    const before =
      route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [...before, opened];
  });
  app.addHook('onResponse', (request, reply, done) => {
    const { url, config } = request.routeOptions;
    // A route registered before this hook (CORS preflight) is looked up by its template; none matched: unmatched.
    const series =
      (config as SeriesConfig)[SERIES]?.get(request.method) ??
      (url === undefined ? metrics.unmatchedSeries(request.method) : metrics.earlierRouteSeries(url, request.method));
    series(reply.statusCode).observe(reply.elapsedTime / 1000);
    done();
  });
  app.addHook('onClose', (_app, done) => {
    metrics.close();
    done();
  });
}

/**
 * GET /metrics on the service's port, only with `Authorization: Bearer <METRICS_TOKEN>`; without a token configured
 * the route does not exist (404 like any unknown path). Not in the OpenAPI document: it is for operators.
 */
export function metricsRoutes(app: FastifyInstance, metrics: ServiceMetrics, token: string | null): void {
  if (token === null) return;
  app.get(METRICS_PATH, { onRequest: requireOperatorToken(token) }, async (_request, reply) => {
    const body = await metrics.render();
    return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(body);
  });
}
