// HXL exports under load: an export is built once per change of public data and served from disk after that, with
// an ETag and 304; at most two are built at once on an instance, then 429 export_busy with Retry-After; and a
// withdrawal deletes every kept file, so nothing withdrawn stays on disk.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { withdrawWithReceipt } from '../src/commands/personal-data/withdraw.ts';
import { ExportCache } from '../src/http/export-cache.ts';
import { addEmergency, type Harness, publish, requestBody, setup } from './helpers/harness.ts';
import { leaderCodeFor } from './helpers/receipt-code.ts';
import { nextWord } from './helpers/samples.ts';

const CSV = '/api/public/v1/export.csv';
const dir = mkdtempSync(path.join(tmpdir(), 'ayuda-exports-'));

let h: Harness;
before(async () => {
  h = await setup({ EXPORT_CACHE_DIR: dir });
  await addEmergency(h);
  for (let i = 0; i < 5; i++) await publish(h, requestBody({ title: `Agua para el sector ${i + 1}` }));
});
after(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

const kept = () => readdirSync(dir).filter((name) => !name.startsWith('.tmp-'));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the folder holds no kept file (the sweep looks every quarter second). */
async function emptied(): Promise<void> {
  for (let i = 0; i < 40 && kept().length > 0; i++) await pause(50);
  assert.deepEqual(kept(), []);
}

test('the same export is built once and then served from its file, with an ETag that answers 304', async () => {
  await emptied();
  const first = await h.app.inject({ method: 'GET', url: CSV });
  assert.equal(first.statusCode, 200);
  const etag = String(first.headers.etag);
  assert.match(etag, /^"\d+-[\w-]{22}\.csv"$/);
  assert.deepEqual(kept(), [etag.slice(1, -1)], 'one file, named by the head and the filters');
  const again = await h.app.inject({ method: 'GET', url: CSV });
  assert.equal(again.body, first.body);
  assert.equal(Number(again.headers['content-length']), Buffer.byteLength(first.body));
  const unchanged = await h.app.inject({ method: 'GET', url: CSV, headers: { 'if-none-match': etag } });
  assert.equal(unchanged.statusCode, 304);
  // Other filters are another export.
  const water = await h.app.inject({ method: 'GET', url: `${CSV}?category=agua` });
  assert.notEqual(water.headers.etag, etag);
  assert.equal(kept().length, 2);
});

test('a change of public data deletes every kept export and moves the ETag', async () => {
  const before = await h.app.inject({ method: 'GET', url: CSV });
  assert.ok(kept().length > 0);
  await publish(h, requestBody({ title: 'Cobijas para el albergue' }));
  await emptied();
  const after = await h.app.inject({
    method: 'GET',
    url: CSV,
    headers: { 'if-none-match': String(before.headers.etag) },
  });
  assert.equal(after.statusCode, 200);
  assert.notEqual(after.headers.etag, before.headers.etag);
  assert.match(after.body, /Cobijas para el albergue/);
});

test('a withdrawal deletes the kept exports that held the record, and the next export leaves it out', async () => {
  const title = `Colchonetas ${nextWord()}`;
  const body = requestBody({ title });
  const id = await publish(h, body);
  const exported = await h.app.inject({ method: 'GET', url: CSV });
  assert.match(exported.body, new RegExp(title));
  assert.ok(kept().some((name) => readFileSync(path.join(dir, name), 'utf8').includes(title)));
  // The person withdraws it with the receipt code and the number, as on /retirar.
  const row = await h.ctx.db
    .selectFrom('help_records')
    .select(['contact_whatsapp'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await withdrawWithReceipt(h.ctx, await leaderCodeFor(h.ctx, id), row.contact_whatsapp);
  await emptied();
  const next = await h.app.inject({ method: 'GET', url: CSV });
  assert.doesNotMatch(next.body, new RegExp(title));
  for (const name of kept()) assert.doesNotMatch(readFileSync(path.join(dir, name), 'utf8'), new RegExp(title));
});

test('two exports are built at once on an instance; a third is refused with export_busy and Retry-After', async () => {
  const own = mkdtempSync(path.join(tmpdir(), 'ayuda-exports-busy-'));
  const cache = new ExportCache({ dir: own, maxBytes: 1024 * 1024, version: () => 'v', onError: () => {} });
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let started = 0;
  async function* slow(text: string) {
    started++;
    await gate;
    yield text;
  }
  try {
    const building = [cache.get('a.csv', () => slow('a')), cache.get('b.csv', () => slow('b'))];
    // Both builds under way before anything else is asked for: the order of their file checks is the disk's.
    for (let turn = 0; started < 2 && turn < 10_000; turn++) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(started, 2);
    // The same export asked for again waits for its build rather than starting another.
    building.push(cache.get('a.csv', () => slow('a again')));
    await assert.rejects(
      cache.get('c.csv', () => slow('c')),
      (err: Error & { code?: string; retryAfter?: number }) => {
        assert.equal(err.code, 'export_busy');
        assert.ok((err.retryAfter ?? 0) > 0);
        return true;
      },
    );
    open();
    const served = await Promise.all(building);
    assert.equal(served.length, 3);
    // Built, the slots are free again.
    const third = await cache.get('c.csv', () => slow('c'));
    assert.equal(third.length, 1);
  } finally {
    await cache.close();
    rmSync(own, { recursive: true, force: true });
  }
});
