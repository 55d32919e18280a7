// Two instances on one database: what one writes, the other's searches and caches show without a restart.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { setRecordStatus } from '../src/commands/set-record-status.ts';
import { eventually } from './helpers/eventually.ts';
import { type Harness, list, requestBody, submit, twoInstances } from './helpers/harness.ts';

let a: Harness;
let b: Harness;
let close: () => Promise<void>;
before(async () => {
  ({ a, b, close } = await twoInstances());
});
after(() => close());

test('a record approved on one instance is found on the other, and follows its later changes', async () => {
  // B has built its index and cached this search before anything is published.
  assert.equal((await list(b, { q: 'lancha' })).body.total, 0);
  const id = await submit(a, requestBody({ title: 'Lancha para rescate en la vereda' }));
  await approveSubmission(a.ctx, id, 'test');
  const waited = await eventually(async () => (await list(b, { q: 'lancha' })).body.total === 1);
  assert.ok(waited < 500, `seen after ${waited} ms`);
  await setRecordStatus(a.ctx, id, 'completed', 'test');
  await eventually(async () => (await list(b, { q: 'lancha' })).body.total === 0);
  const all = await list(b, { q: 'lancha', status: 'all' });
  assert.equal(all.body.items[0].status, 'completed', 'the presented record is the new version, not a cached one');
});

test('many writes on one instance reach the other exactly', async () => {
  const ids: string[] = [];
  for (let i = 0; i < 30; i++)
    ids.push(await submit(a, requestBody({ title: `Mercado familiar numero ${i}`, category: 'alimentos' })));
  await Promise.all(ids.map((id) => approveSubmission(a.ctx, id, 'test')));
  await eventually(async () => (await list(b, { category: 'alimentos', limit: 100 })).body.total === 30);
  const found = (await list(b, { category: 'alimentos', limit: 100 })).body.items.map((i: { id: string }) => i.id);
  assert.deepEqual([...found].sort(), [...ids].sort());
});
