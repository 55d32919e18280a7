// A small round-robin HTTP proxy for the cluster scripts: each request goes to the next instance in turn.
// Standalone: PROXY_TARGETS=http://127.0.0.1:3001,http://127.0.0.1:3002 PORT=8080 node bench/proxy.ts
import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// Hop-by-hop headers (RFC 9110 7.6.1) belong to one connection: Node sets its own on each side.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** The response header naming the instance that answered, so checks can see the alternation. */
export const UPSTREAM_HEADER = 'x-proxy-upstream';

export interface Proxy {
  url: string;
  close(): Promise<void>;
}

function forwardable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

/** Listens on host:port; targets[i] answers requests number i, i + n, i + 2n, ... */
export function startProxy(targets: string[], port = 0, host = '127.0.0.1'): Promise<Proxy> {
  if (targets.length === 0) throw new Error('the proxy needs at least one target');
  const upstreams = targets.map((target) => new URL(target));
  // Kept-alive upstream connections, as a production balancer does; many, so no request waits for a socket.
  const agent = new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 });
  let turn = 0;
  const server: Server = createServer((req, res) => {
    const index = turn++ % upstreams.length;
    const upstream = upstreams[index] as URL;
    const headers = forwardable(req.headers);
    // Append the peer, as nginx's $proxy_add_x_forwarded_for does; Host stays the client's own.
    const peer = req.socket.remoteAddress ?? '';
    const prior = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = prior ? `${prior}, ${peer}` : peer;
    headers['x-forwarded-proto'] ??= 'http';
    const outgoing = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        const back = forwardable(answer.headers);
        back[UPSTREAM_HEADER] = String(index);
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, back);
        // Event streams must reach the client as soon as each event is written, not when the buffer fills.
        res.flushHeaders();
        answer.pipe(res);
        answer.once('error', () => res.destroy());
      },
    );
    outgoing.once('error', (err) => {
      if (res.headersSent) res.destroy();
      else res.writeHead(502, { 'content-type': 'text/plain' }).end(`proxy: ${err.message}`);
    });
    // A client that goes away (a closed event stream) closes the upstream request too.
    res.once('close', () => {
      if (!res.writableFinished) outgoing.destroy();
    });
    req.pipe(outgoing);
  });
  // Long-lived event streams must not be cut by the default request timeout.
  server.requestTimeout = 0;
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: bound } = server.address() as AddressInfo;
      resolve({
        url: `http://${host}:${bound}`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
            agent.destroy();
          }),
      });
    });
  });
}

if (import.meta.main) {
  const targets = (process.env.PROXY_TARGETS ?? '').split(',').filter(Boolean);
  const proxy = await startProxy(targets, Number(process.env.PORT ?? 0), process.env.HOST || '127.0.0.1');
  const stop = () => {
    proxy.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 2_000).unref();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // Run by bench/children.ts: the parent waits for this message; run by hand, say where it listens.
  if (process.send) process.send({ ready: proxy.url });
  else console.log(`proxy on ${proxy.url} -> ${targets.join(', ')}`);
}
