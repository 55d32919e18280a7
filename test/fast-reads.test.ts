// Cached public reads answered before the framework (src/http/fast-reads.ts), over real sockets: the same bytes and
// headers as the route gives, the same reads limit, 304s, nothing stale after a publication, and every other request
// left to the routes. Fastify's handler channel says which path answered.
import assert from 'node:assert/strict';
import diagnostics from 'node:diagnostics_channel';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import { buildApp } from '../src/http/app.ts';
import { addEmergency, type Harness, HELP, publish, requestBody, setup } from './helpers/harness.ts';
import { freshClientAddress, freshToken } from './helpers/samples.ts';

/** Requests that reached a Fastify route handler while a test ran. */
let handled: string[] = [];
const onHandler = (message: unknown) => {
  const request = (message as { request?: { url?: string } }).request;
  handled.push(request?.url ?? '?');
};

async function listening(h: Harness): Promise<string> {
  const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

/** The headers of a response, without those that depend on the moment, the connection or the request. */
function stableHeaders(headers: Headers, ...also: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of headers) {
    if (['date', 'connection', 'keep-alive', 'x-request-id', ...also].includes(name)) continue;
    out[name] = value;
  }
  return out;
}

/**
 * Until the change feed has been still for a quarter of a second. On PostgreSQL a write's own notification comes back
 * a moment after its commit and moves the version once more, emptying every cached response: a test that counts
 * recomputations waits for it after the previous test's write.
 */
async function settled(h: Harness): Promise<void> {
  let seen = h.ctx.changes.version();
  for (let still = 0; still < 5; ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = h.ctx.changes.version();
    still = now === seen ? still + 1 : 0;
    seen = now;
  }
}

describe('cached reads before the framework', () => {
  let h: Harness;
  let base: string;
  let id: string;
  before(async () => {
    h = await setup({ RATE_LIMIT_READS_PER_MINUTE: '100000' });
    await addEmergency(h);
    id = await publish(h, requestBody({ title: 'Agua potable para el albergue' }));
    base = await listening(h);
    diagnostics.subscribe('tracing:fastify.request.handler:start', onHandler);
  });
  after(async () => {
    diagnostics.unsubscribe('tracing:fastify.request.handler:start', onHandler);
    await h.close();
  });
  beforeEach(() => {
    handled = [];
  });

  test('a second read of a URL is answered without the route, with the same bytes and headers', async () => {
    const url = `${HELP}?view=detail&id=${id}`;
    const first = await fetch(base + url, { headers: { origin: 'https://otra-app.example' } });
    const firstBody = Buffer.from(await first.arrayBuffer());
    assert.equal(first.status, 200);
    assert.deepEqual(handled, [url], 'the first read is computed by the route');
    const second = await fetch(base + url, { headers: { origin: 'https://otra-app.example' } });
    const secondBody = Buffer.from(await second.arrayBuffer());
    assert.deepEqual(handled, [url], 'the second never reached a route handler');
    assert.equal(second.status, 200);
    assert.ok(secondBody.equals(firstBody), 'the same bytes');
    assert.deepEqual(
      stableHeaders(second.headers, 'ratelimit-remaining'),
      stableHeaders(first.headers, 'ratelimit-remaining'),
    );
    assert.equal(
      Number(second.headers.get('ratelimit-remaining')),
      Number(first.headers.get('ratelimit-remaining')) - 1,
    );
    assert.equal(second.headers.get('access-control-allow-origin'), '*');
    assert.equal(second.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(second.headers.get('content-length'), String(firstBody.length));
  });

  test('If-None-Match with the current ETag is a 304 without a body, headers as the route gives them', async () => {
    const url = `${HELP}?view=list&limit=5`;
    const full = await fetch(base + url);
    const etag = full.headers.get('etag') as string;
    await full.arrayBuffer();
    const fromRoute = await h.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    handled = [];
    const notModified = await fetch(base + url, { headers: { 'if-none-match': etag } });
    assert.equal(notModified.status, 304);
    assert.equal((await notModified.arrayBuffer()).byteLength, 0);
    assert.deepEqual(handled, []);
    assert.equal(fromRoute.statusCode, 304);
    const routeHeaders = new Headers();
    for (const [name, value] of Object.entries(fromRoute.headers)) routeHeaders.set(name, String(value));
    assert.deepEqual(
      stableHeaders(notModified.headers, 'ratelimit-remaining'),
      stableHeaders(routeHeaders, 'ratelimit-remaining'),
    );
    const stale = await fetch(base + url, { headers: { 'if-none-match': '"otra"' } });
    assert.equal(stale.status, 200);
    assert.ok((await stale.arrayBuffer()).byteLength > 0);
  });

  test('a publication makes the next read go to the route and show it', async () => {
    const url = `${HELP}?view=list&limit=100`;
    const before = (await (await fetch(base + url)).json()) as { items: { id: string }[] };
    await (await fetch(base + url)).arrayBuffer();
    const added = await publish(h, requestBody({ title: 'Colchonetas para el coliseo' }));
    handled = [];
    const after = (await (await fetch(base + url)).json()) as { items: { id: string }[] };
    assert.deepEqual(handled, [url], 'computed again');
    assert.equal(after.items.length, before.items.length + 1);
    assert.ok(after.items.some((item) => item.id === added));
  });

  test('a list around a point is cached apart: one-off searches do not push out what everybody reads', async () => {
    await settled(h);
    const version = h.ctx.changes.version();
    const shared = `${HELP}?view=detail&id=${id}`;
    await (await fetch(base + shared)).arrayBuffer();
    // About 6 MB of different searches around points: more than the personal budget holds.
    const search = (i: number) => `${HELP}?view=list&latitude=1.15&longitude=-76.65&radiusKm=${50 + i / 1000}`;
    const first = await fetch(base + search(0));
    const etag = first.headers.get('etag') as string;
    await first.arrayBuffer();
    handled = [];
    const again = await fetch(base + search(0), { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304, 'the same search asked again soon is a 304');
    assert.deepEqual(handled, [], 'answered from the cache');
    const size = Number(first.headers.get('content-length'));
    const searches = Math.ceil((6 * 1024 * 1024) / size);
    for (let i = 1; i <= searches; i++) await (await fetch(base + search(i))).arrayBuffer();
    handled = [];
    assert.equal(h.ctx.changes.version(), version, 'no public data changed meanwhile (that would empty the cache)');
    await (await fetch(base + shared)).arrayBuffer();
    assert.deepEqual(handled, [], 'the record read before the searches is still cached');
    await (await fetch(base + search(0))).arrayBuffer();
    assert.deepEqual(handled, [search(0)], 'the first search was pushed out by the later ones');
  });

  test('a read answered here is logged as the framework logs one: method, URL, client, status, time', async () => {
    const lines: string[] = [];
    const logging = await buildApp(h.ctx, h.database, {
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      const logBase = await logging.listen({ port: 0, host: '127.0.0.1' });
      const url = `${HELP}?view=detail&id=${id}`;
      await (await fetch(logBase + url)).arrayBuffer();
      handled = [];
      lines.length = 0;
      assert.equal((await fetch(logBase + url)).status, 200);
      assert.deepEqual(handled, [], 'answered before the framework');
      const completed = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request completed');
      assert.equal(completed.length, 1);
      assert.equal(completed[0].req.url, url);
      assert.equal(completed[0].req.method, 'GET');
      assert.equal(completed[0].req.remoteAddress, '127.0.0.1');
      assert.equal(completed[0].res.statusCode, 200);
      assert.equal(typeof completed[0].responseTime, 'number');
    } finally {
      await logging.close();
    }
  });

  test('other methods, HEAD and uncached URLs go to the routes', async () => {
    const url = `${HELP}?view=detail&id=${id}`;
    await (await fetch(base + url)).arrayBuffer();
    handled = [];
    const head = await fetch(base + url, { method: 'HEAD' });
    assert.equal(head.status, 200);
    const submitted = await fetch(base + HELP, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(requestBody()),
    });
    assert.equal(submitted.status, 202);
    await submitted.arrayBuffer();
    assert.equal(handled.length, 2);
  });
});

describe('the reads limit on both paths', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  test('reads answered by either path count against one limit; past it the route answers 429', async () => {
    h = await setup({ RATE_LIMIT_READS_PER_MINUTE: '3' });
    await addEmergency(h);
    const base = await listening(h);
    const url = `${HELP}?view=list&limit=5`;
    const remaining = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(base + url);
      assert.equal(res.status, 200);
      await res.arrayBuffer();
      remaining.push(res.headers.get('ratelimit-remaining'));
    }
    assert.deepEqual(remaining, ['2', '1', '0']);
    const limited = await fetch(base + url, { headers: { 'accept-language': 'en' } });
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
    assert.equal(limited.headers.get('ratelimit-remaining'), '0');
    const body = (await limited.json()) as { code: string; details: { limit: number }[] };
    assert.equal(body.code, 'rate_limited');
    assert.equal(body.details[0]?.limit, 3);
  });

  test('behind a trusted proxy each forwarded client has its own count; without trust a forged header changes nothing', async () => {
    const url = `${HELP}?view=list&limit=5`;
    const from = async (base: string, client: string) => {
      const res = await fetch(base + url, { headers: { 'x-forwarded-for': client } });
      await res.arrayBuffer();
      return res.status;
    };
    h = await setup({ RATE_LIMIT_READS_PER_MINUTE: '2', TRUST_PROXY: '127.0.0.1' });
    await addEmergency(h);
    let base = await listening(h);
    assert.deepEqual(
      [await from(base, '192.0.2.1'), await from(base, '192.0.2.1'), await from(base, '192.0.2.1')],
      [200, 200, 429],
    );
    assert.equal(await from(base, '192.0.2.2'), 200, 'another client behind the proxy');
    await h.close();

    h = await setup({ RATE_LIMIT_READS_PER_MINUTE: '2' });
    await addEmergency(h);
    base = await listening(h);
    assert.deepEqual(
      [await from(base, '192.0.2.1'), await from(base, '192.0.2.2'), await from(base, '192.0.2.3')],
      [200, 200, 429],
    );
  });
});

describe('the reads limit through Redis on both paths', {
  skip: !process.env.TEST_REDIS_URL && 'TEST_REDIS_URL not set',
}, () => {
  test('two instances answering from their caches count one client together', async () => {
    const env = {
      RATE_LIMIT_READS_PER_MINUTE: '4',
      REDIS_URL: process.env.TEST_REDIS_URL as string,
      TRUST_PROXY: '127.0.0.1',
    };
    const a = await setup(env);
    const b = await setup(env, a);
    try {
      await addEmergency(a);
      const bases = [await listening(a), await listening(b)];
      // A fresh client address for this run: the counts in Redis outlive the test.
      const client = freshClientAddress();
      const url = `${HELP}?view=list&limit=5&q=${freshToken()}`;
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        const res = await fetch((bases[i % 2] as string) + url, { headers: { 'x-forwarded-for': client } });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
      assert.deepEqual(statuses, [200, 200, 200, 200, 429, 429]);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
