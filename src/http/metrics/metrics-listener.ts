// METRICS_PORT: a listener of its own that serves GET /metrics alone and asks for no token, for a scraper on the
// instance's own network. It listens on METRICS_HOST (127.0.0.1 unless set), never on the public port.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { METRICS_PATH } from './metrics-routes.ts';
import type { ServiceMetrics } from './service-metrics.ts';

export interface MetricsListener {
  url: string;
  close(): Promise<void>;
}

export async function startMetricsListener(
  metrics: ServiceMetrics,
  where: { host: string; port: number },
  onError: (err: unknown) => void = () => {},
): Promise<MetricsListener> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    metrics.render().then(
      (body) => {
        res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (err) => {
        onError(err);
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n');
      },
    );
  });
  // Slow or stuck scrapers cannot hold sockets forever.
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
