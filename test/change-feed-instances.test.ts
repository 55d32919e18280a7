// The change feed across instances: two instances write at once while a reader follows the feed on one of them,
// and the reader sees every change once, in commit order, with no gap; the event stream gives the same events and
// resumes after Last-Event-ID.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setCoveredQuantity } from '../src/commands/set-covered-quantity.ts';
import { setRecordStatus } from '../src/commands/set-record-status.ts';
import { engine } from './helpers/database.ts';
import { type Harness, HELP, publish, requestBody, twoInstances } from './helpers/harness.ts';

const CHANGES = '/api/public/v1/changes';

interface Event {
  cursor: string;
  kind: string;
  id: string;
  state: { quantities?: { covered: number }; status?: string } | null;
}

let a: Harness;
let b: Harness;
let close: () => Promise<void>;
before(async () => {
  ({ a, b, close } = await twoInstances());
});
after(() => close());

async function read(h: Harness, since: string): Promise<{ events: Event[]; next: string; hasMore: boolean }> {
  const res = await h.json({ method: 'GET', url: `${CHANGES}?since=${since}&limit=50` });
  assert.equal(res.status, 200);
  return res.body;
}

// Several instances share PostgreSQL; SQLite is one instance's database (DESIGN.md), so there one instance writes,
// with as many transactions at once, while the other reads.
const writer = (i: number) => (engine === 'postgres' && i % 2 === 1 ? b : a);

test('two instances writing, one reader following: every change once, in order, no gap', async () => {
  const start = (await a.json({ method: 'GET', url: CHANGES })).body.next as string;
  const ids: string[] = [];
  for (let i = 0; i < 6; i++) {
    ids.push(await publish(a, requestBody({ title: `Agua ${i}`, quantityRequired: 1000, unit: 'litros' })));
  }
  const seen: Event[] = [];
  let cursor = start;
  let writing = true;
  const reader = (async () => {
    while (writing) {
      const page = await read(b, cursor);
      seen.push(...page.events);
      cursor = page.next;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  const writes: Promise<unknown>[] = [];
  for (let round = 1; round <= 8; round++) {
    for (const [i, id] of ids.entries()) {
      writes.push(setCoveredQuantity(writer(i).ctx, id, round * 10 + i, 'leader'));
    }
  }
  for (const [i, id] of ids.entries()) writes.push(setRecordStatus(writer(i + 1).ctx, id, 'in_process', 'leader'));
  await Promise.all(writes);
  writing = false;
  await reader;
  for (;;) {
    const page = await read(b, cursor);
    seen.push(...page.events);
    cursor = page.next;
    if (!page.hasMore) break;
  }

  const numbers = seen.map((e) => Number(e.cursor));
  assert.equal(new Set(numbers).size, numbers.length, 'no event twice');
  for (let i = 1; i < numbers.length; i++)
    assert.equal(numbers[i], (numbers[i - 1] as number) + 1, 'no gap, no reordering');
  // 6 published + 48 quantity changes + 6 status changes.
  assert.equal(seen.length, 6 + 48 + 6);
  // The last event of each record is its state now.
  for (const id of ids) {
    const last = seen.filter((e) => e.id === id).at(-1);
    const now = (await a.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` })).body.item;
    assert.equal(last?.state?.quantities?.covered, now.quantities.covered);
    assert.equal(last?.state?.status, now.status);
  }
});

/** Reads Server-Sent Events from a stream until `count` change events came. */
async function sse(url: string, count: number, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
  const events: { id: string; data: Event }[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const id = /^id: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (id && data && /^event: change$/m.test(block)) events.push({ id, data: JSON.parse(data) });
      end = buffer.indexOf('\n\n');
    }
  }
  controller.abort();
  return events;
}

test("the event stream gives the feed's events live and resumes after Last-Event-ID", async () => {
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  const address = a.app.server.address() as { port: number };
  const base = `http://127.0.0.1:${address.port}${CHANGES}/stream`;
  const start = (await a.json({ method: 'GET', url: CHANGES })).body.next as string;

  const live = sse(`${base}?since=${start}`, 3);
  // Written on the other instance after the stream opened: it still arrives.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const ids = [];
  for (let i = 0; i < 3; i++) ids.push(await publish(b, requestBody({ title: `Cobijas ${i}` })));
  const events = await live;
  assert.deepEqual(
    events.map((e) => e.data.id),
    ids,
  );
  const feed = await read(a, start);
  assert.deepEqual(
    events.map((e) => e.id),
    feed.events.map((e) => e.cursor),
  );
  assert.deepEqual(
    events.map((e) => e.data),
    feed.events,
  );

  // Reconnecting after the first event gives the second and third, nothing before.
  const resumed = await sse(base, 2, { 'last-event-id': (events[0] as { id: string }).id });
  assert.deepEqual(
    resumed.map((e) => e.data.id),
    ids.slice(1),
  );
  const refused = await fetch(base, { headers: { 'last-event-id': 'x' } });
  assert.equal(refused.status, 400);
  assert.equal(((await refused.json()) as { code: string }).code, 'invalid_query');
});
