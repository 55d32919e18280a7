// Baseline: plain node:http answering with the exact bytes the service gave for the same path.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

interface Recorded {
  contentType: string;
  body: string;
}

const file = process.argv[2];
if (!file) throw new Error('usage: node bench/bare-server.ts <responses.json>');
const recorded = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Recorded>;
const responses = new Map(
  Object.entries(recorded).map(([path, r]) => [
    path,
    { contentType: r.contentType, body: Buffer.from(r.body, 'base64') },
  ]),
);

const server = createServer((req, res) => {
  const found = responses.get(req.url ?? '');
  if (!found) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': found.contentType, 'content-length': found.body.length }).end(found.body);
});
server.keepAliveTimeout = 10_000;
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ ready: `http://127.0.0.1:${port}` });
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
