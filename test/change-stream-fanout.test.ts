// The change-feed stream under many readers: every open stream of an instance is fed by one reader, so a change costs
// one database read however many streams follow it; a stream that starts behind catches up alone and then joins;
// a client holds at most 8 streams and the instance a configured total, past which the answer is 429 with
// Retry-After, to that client only.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CHANGE_STREAMS_PER_CLIENT } from '../src/domain/change-streams.ts';
import { addEmergency, type Harness, publish, requestBody, setup } from './helpers/harness.ts';
import { freshClientAddress } from './helpers/samples.ts';

const CHANGES = '/api/public/v1/changes';
const STREAMS = 120;
const TOTAL = STREAMS + 10;

let h: Harness;
let base = '';
before(async () => {
  // Behind a proxy of its own, so each stream can come from a client address of its own.
  h = await setup({ TRUST_PROXY: '127.0.0.1', CHANGE_STREAMS_MAX: String(TOTAL) });
  await addEmergency(h);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}${CHANGES}/stream`;
});
after(() => h.close());

interface Stream {
  ids: string[];
  /** Resolves once `count` change events came. */
  until(count: number): Promise<string[]>;
  close(): void;
}

/** Opens a stream as the client `client` (null: the proxy's own request) and collects its change events' ids. */
async function open(client: string | null, headers: Record<string, string> = {}): Promise<Stream> {
  const controller = new AbortController();
  const res = await fetch(base, {
    headers: { ...(client === null ? {} : { 'x-forwarded-for': client }), ...headers },
    signal: controller.signal,
  });
  assert.equal(res.status, 200, await (res.status === 200 ? '' : res.text()));
  const ids: string[] = [];
  const waiters: { count: number; resolve: (ids: string[]) => void }[] = [];
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (data && /^event: change$/m.test(block)) ids.push((JSON.parse(data) as { id: string }).id);
      }
      for (const waiter of [...waiters]) {
        if (ids.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(ids.slice());
        }
      }
    }
  })();
  return {
    ids,
    until: (count) =>
      ids.length >= count ? Promise.resolve(ids.slice()) : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () => controller.abort(),
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('many streams from many clients are fed by one read per change, and each gets every event in order', async () => {
  const streams = await Promise.all(Array.from({ length: STREAMS }, () => open(freshClientAddress())));
  try {
    // Opened before the changes: each starts at the head and joins the shared reader.
    await pause(100);
    const readsBefore = h.app.changeFeedReads();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push(await publish(h, requestBody({ title: `Cobijas para el albergue ${i}` })));
      // Far apart enough for the reader to see each change on its own.
      await pause(700);
    }
    const seen = await Promise.all(streams.map((stream) => stream.until(ids.length)));
    for (const got of seen) assert.deepEqual(got, ids);
    const reads = h.app.changeFeedReads() - readsBefore;
    assert.ok(reads >= 1 && reads <= ids.length + 1, `${reads} reads for ${ids.length} changes and ${STREAMS} streams`);
  } finally {
    for (const stream of streams) stream.close();
  }
});

test('a stream resumed behind the others catches up on its own, then follows live', async () => {
  const first = await open(freshClientAddress());
  try {
    await pause(100);
    const before = (await h.json({ method: 'GET', url: CHANGES })).body.next as string;
    const missed = await publish(h, requestBody({ title: 'Agua para la vereda Planadas' }));
    assert.deepEqual(await first.until(1), [missed]);
    const resumed = await open(freshClientAddress(), { 'last-event-id': before });
    await resumed.until(1);
    const next = await publish(h, requestBody({ title: 'Agua para la vereda El Pepino' }));
    assert.deepEqual(await resumed.until(2), [missed, next]);
    assert.deepEqual(await first.until(2), [missed, next]);
    resumed.close();
  } finally {
    first.close();
  }
});

test('a client holds at most 8 streams: the next is 429 with Retry-After, and other clients are not refused', async () => {
  const client = freshClientAddress();
  const held = await Promise.all(Array.from({ length: CHANGE_STREAMS_PER_CLIENT }, () => open(client)));
  try {
    const refused = await fetch(base, { headers: { 'x-forwarded-for': client } });
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
    assert.equal(((await refused.json()) as { code: string }).code, 'too_many_streams');
    const other = await open(freshClientAddress());
    other.close();
    // Closing one frees its place.
    held.pop()?.close();
    await pause(100);
    const again = await open(client);
    again.close();
  } finally {
    for (const stream of held) stream.close();
  }
});

test('the instance holds at most CHANGE_STREAMS_MAX streams in all; the proxy’s own address counts only there', async () => {
  // The streams of the tests before have closed.
  await pause(200);
  // Without X-Forwarded-For the address is the service's own proxy: many people, so no per-client cap applies.
  const streams: Stream[] = [];
  try {
    for (let i = 0; i < TOTAL; i++) streams.push(await open(null));
    const refused = await fetch(base, { headers: { 'x-forwarded-for': freshClientAddress() } });
    assert.equal(refused.status, 429);
    assert.equal(((await refused.json()) as { code: string }).code, 'too_many_streams');
  } finally {
    for (const stream of streams) stream.close();
  }
});
