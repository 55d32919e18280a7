// Slow and stuck clients over real TCP: the server drops them after its own timeouts and keeps answering everyone else.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { addEmergency, countRecords, type Harness, HELP, requestBody, setup } from './helpers/harness.ts';

/** Connections per kind of slow client: 200 in all, held open at once. */
const PER_KIND = { silent: 60, headers: 60, body: 60, keepAlive: 20 };
/** How often a trickling client sends its next piece: far below the idle timeout, so only the request timeouts apply. */
const DRIP_MS = 3_000;
/** Timers fire a little late under load; a close may come this much after its deadline (or this much before). */
const SLACK_MS = 2_500;
const EARLY_MS = 250;
/** Normal requests made while the slow ones hang may take at most this long. */
const FAST_MS = 1_000;

interface SlowClient {
  openedAt: number;
  /** Resolves with the moment the server closed the connection. */
  closed: Promise<number>;
  received(): string;
}

let h: Harness;
let port: number;
/** Node's server, with the settings @types/node does not declare yet. */
let server: Server & { connectionsCheckingInterval: number; keepAliveTimeoutBuffer?: number };
/** The server's own settings, read from it rather than assumed. */
let limits: {
  idle: number;
  request: number;
  headers: number;
  keepAlive: number;
  keepAliveBuffer: number;
  checkEvery: number;
};
const clients: Socket[] = [];

function slowClient(first: string, drip?: (i: number) => string): Promise<SlowClient> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    clients.push(socket);
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      data += chunk;
    });
    socket.on('error', () => {}); // a reset is one way of being closed
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now())));
    socket.once('connect', () => {
      const openedAt = Date.now();
      socket.write(first);
      if (drip) {
        let i = 0;
        const timer = setInterval(() => {
          if (socket.destroyed || socket.writableEnded) clearInterval(timer);
          else socket.write(drip(i++));
        }, DRIP_MS);
        socket.once('close', () => clearInterval(timer));
      }
      resolve({ openedAt, closed, received: () => data });
    });
    socket.once('error', reject);
  });
}

/** Milliseconds each client of a group stayed open; null for one still open when the group's deadline passed. */
async function lifetimes(group: SlowClient[], allowedMs: number): Promise<(number | null)[]> {
  return Promise.all(
    group.map(async (c) => {
      const deadline = new Promise<null>((resolve) =>
        setTimeout(resolve, c.openedAt + allowedMs + 50 - Date.now(), null),
      );
      const closedAt = await Promise.race([c.closed, deadline]);
      return closedAt === null ? null : closedAt - c.openedAt;
    }),
  );
}

/** Every connection of the group closed no earlier than its timeout and no later than allowed. */
async function assertClosedWithin(group: SlowClient[], from: number, to: number, what: string) {
  const times = await lifetimes(group, to);
  const closed = times.filter((t): t is number => t !== null);
  const open = times.length - closed.length;
  const range = closed.length > 0 ? `${Math.min(...closed)}-${Math.max(...closed)} ms` : 'never';
  console.log(`${what}: ${closed.length} closed after ${range}, ${open} still open; allowed ${from}-${to} ms`);
  assert.equal(open, 0, `${what}: ${open} of ${times.length} connections were still open after ${to} ms`);
  const min = Math.min(...closed);
  assert.ok(min >= from - EARLY_MS, `${what}: one was closed after ${min} ms, before its timeout of ${from} ms`);
  assert.ok(Math.max(...closed) <= to, `${what}: one stayed open longer than ${to} ms`);
}

const groups = {} as Record<'silent' | 'headers' | 'body' | 'keepAlive', SlowClient[]>;
const normal: { ms: number; status: number; what: string }[] = [];
let normalLoop: Promise<void>;
let rowsBefore = 0;

before(async () => {
  h = await setup();
  await addEmergency(h);
  server = h.app.server as typeof server;
  // Node checks the request and header timeouts only every connectionsCheckingInterval (30 s by default), so a
  // trickling client can outlive requestTimeout by up to that much. The test checks every second to fit its time
  // budget; the timeouts themselves are the application's own.
  if (server.connectionsCheckingInterval > 1_000) server.connectionsCheckingInterval = 1_000;
  limits = {
    idle: server.timeout,
    request: server.requestTimeout,
    headers: server.headersTimeout,
    keepAlive: server.keepAliveTimeout,
    keepAliveBuffer: server.keepAliveTimeoutBuffer ?? 0,
    checkEvery: server.connectionsCheckingInterval,
  };
  console.log(`server timeouts (ms): ${JSON.stringify(limits)}`);
  assert.ok(limits.idle > 0 && limits.request > 0 && limits.keepAlive > 0, 'every timeout must be set');
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.address() as { port: number }).port;
  rowsBefore = await countRecords(h);

  const open = (n: number, make: () => Promise<SlowClient>) => Promise.all(Array.from({ length: n }, make));
  [groups.silent, groups.headers, groups.body, groups.keepAlive] = await Promise.all([
    // Half a request, then silence.
    open(PER_KIND.silent, () => slowClient(`GET ${HELP}?view=list HTTP/1.1\r\nHost: ayuda.test\r\n`)),
    // Slowloris: one more header line every few seconds, never the blank line that ends them.
    open(PER_KIND.headers, () =>
      slowClient(`GET ${HELP} HTTP/1.1\r\nHost: ayuda.test\r\n`, (i) => `X-Slow-${i}: ${'a'.repeat(20)}\r\n`),
    ),
    // A submission whose body never arrives in full.
    open(PER_KIND.body, () =>
      slowClient(
        `POST ${HELP} HTTP/1.1\r\nHost: ayuda.test\r\nContent-Type: application/json\r\nContent-Length: 20000\r\n\r\n{"type":"request",`,
        () => ' ',
      ),
    ),
    // A finished request on a kept-alive connection that is then left idle.
    open(PER_KIND.keepAlive, () =>
      slowClient('GET /healthz HTTP/1.1\r\nHost: ayuda.test\r\nConnection: keep-alive\r\n\r\n'),
    ),
  ]);

  // Meanwhile, ordinary clients keep asking, until every slow one is gone or the last deadline passes.
  const everything = Promise.all(Object.values(groups).flatMap((g) => g.map((c) => c.closed)));
  let done = false;
  const lastDeadline = setTimeout(() => {
    done = true;
  }, latestDeadline());
  everything.then(() => {
    done = true;
    clearTimeout(lastDeadline);
  });
  const base = `http://127.0.0.1:${port}`;
  normalLoop = (async () => {
    let i = 0;
    while (!done) {
      const what = ['list', 'detail', 'submit', 'health'][i++ % 4] as string;
      const started = performance.now();
      let status: number;
      if (what === 'submit') {
        const res = await fetch(`${base}${HELP}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(requestBody()),
        });
        status = res.status;
        await res.arrayBuffer();
      } else {
        const path = {
          list: `${HELP}?view=list&q=agua`,
          detail: `${HELP}?view=detail&id=00000000-0000-4000-8000-000000000000`,
          health: '/healthz',
        }[what];
        const res = await fetch(`${base}${path}`);
        status = res.status;
        await res.arrayBuffer();
      }
      normal.push({ ms: performance.now() - started, status, what });
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
});

after(async () => {
  for (const socket of clients) socket.destroy();
  await h.close();
});

/** The latest moment any slow client may still be open, from the server's own settings. */
function latestDeadline(): number {
  return (
    Math.max(limits.idle, limits.request, limits.keepAlive + limits.keepAliveBuffer) + limits.checkEvery + SLACK_MS
  );
}

describe('slow clients are closed after the server’s timeouts', () => {
  test('an idle kept-alive connection is closed after keepAliveTimeout', async () => {
    const allowed = limits.keepAlive + limits.keepAliveBuffer + SLACK_MS;
    await assertClosedWithin(groups.keepAlive, limits.keepAlive, allowed, 'kept-alive, idle');
    for (const c of groups.keepAlive)
      assert.match(c.received(), /^HTTP\/1\.1 200 /, 'the finished request was answered');
  });

  test('half a request and then silence is closed by the first timeout that applies', async () => {
    const first = Math.min(limits.idle, limits.request, limits.headers);
    await assertClosedWithin(groups.silent, first, first + limits.checkEvery + SLACK_MS, 'partial request, silent');
  });

  test('slowloris (a header line every few seconds) is closed after the request or header timeout', async () => {
    const first = Math.min(limits.request, limits.headers);
    await assertClosedWithin(groups.headers, first, first + limits.checkEvery + SLACK_MS, 'trickling headers');
    // The server says why before it closes.
    const answered = groups.headers.filter((c) => c.received().startsWith('HTTP/1.1 408')).length;
    assert.equal(answered, groups.headers.length, 'each trickling client is told 408 Request Timeout');
  });

  test('a body that never completes is closed after requestTimeout', async () => {
    // Node documents requestTimeout as the time to receive the entire request, body included.
    await assertClosedWithin(
      groups.body,
      limits.request,
      limits.request + limits.checkEvery + SLACK_MS,
      'trickling body',
    );
  });

  test('while they hung, ordinary requests were answered quickly and correctly, and only they wrote', async () => {
    await normalLoop;
    const expected: Record<string, number> = { list: 200, detail: 404, submit: 202, health: 200 };
    for (const n of normal) assert.equal(n.status, expected[n.what], `${n.what} answered ${n.status}`);
    const times = normal.map((n) => n.ms).sort((a, b) => a - b);
    const max = times.at(-1) as number;
    console.log(
      `${normal.length} ordinary requests while ${Object.values(PER_KIND).reduce((a, b) => a + b)} slow ` +
        `connections hung: median ${times[Math.floor(times.length / 2)]?.toFixed(1)} ms, max ${max.toFixed(1)} ms`,
    );
    assert.ok(normal.length >= 50, `only ${normal.length} ordinary requests were made`);
    assert.ok(max < FAST_MS, `an ordinary request took ${max.toFixed(0)} ms`);
    const accepted = normal.filter((n) => n.what === 'submit').length;
    assert.equal(await countRecords(h), rowsBefore + accepted, 'only the complete submissions were stored');
    // The server holds no connection beyond the slow ones still open (if any) and the ordinary client's own.
    const stillOpen = clients.filter((c) => !c.destroyed).length;
    const open = await new Promise<number>((resolve, reject) =>
      server.getConnections((err, n) => (err ? reject(err) : resolve(n))),
    );
    assert.ok(open <= stillOpen + 2, `${open} connections open on the server, ${stillOpen} slow ones known`);
  });
});
