// A scammer in a flood pledges to every need and "delivers" with his own codes, from many numbers and addresses, so
// that the needs look met and donors go elsewhere. Nothing a need is judged by may move: covered, the priority score
// and the deficit list stay as they were, on both engines, until the person helped or a leader confirms.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { settleForRequester } from '../src/commands/pledges/settle-pledge.ts';
import { refreshPriorities } from '../src/commands/refresh-priorities.ts';
import { addEmergency, type Harness, HELP, list, publish, requestBody, setup } from './helpers/harness.ts';
import { leaderCodeFor } from './helpers/receipt-code.ts';
import { freshClientAddress, nextMobile } from './helpers/samples.ts';

// As many needs as such an attack made look covered, each from its own number and address, so no cap is what stops it.
const NEEDS = 75;

let h: Harness;
before(async () => {
  h = await setup();
  await addEmergency(h);
});
after(() => h.close());

interface Seen {
  covered: number;
  priorityScore: number;
}

async function seen(): Promise<{ byId: Map<string, Seen>; deficit: string[] }> {
  await refreshPriorities(h.ctx);
  const all = (await list(h, { limit: 100, priority: 'all' })).body.items;
  const deficit = (await list(h, { limit: 100, priority: 'deficit' })).body.items.map((i: { id: string }) => i.id);
  const byId = new Map<string, Seen>(
    all.map((i: { id: string; quantities: { covered: number }; priorityScore: number }) => [
      i.id,
      { covered: i.quantities.covered, priorityScore: i.priorityScore },
    ]),
  );
  return { byId, deficit: [...deficit].sort() };
}

test('pledging to every need and "delivering" with one’s own codes moves no covered, score or deficit list', async () => {
  const ids: string[] = [];
  const receipts = new Map<string, string>();
  for (let i = 0; i < NEEDS; i++) {
    const body = requestBody({ title: `Agua para el sector ${i + 1}`, quantityRequired: 40, unit: 'bidones' });
    const id = await publish(h, body);
    ids.push(id);
    receipts.set(id, await leaderCodeFor(h.ctx, id));
  }
  const before = await seen();
  assert.equal(before.deficit.filter((id) => ids.includes(id)).length, NEEDS, 'every need starts in deficit');

  // Each from a number and an address of its own, so no cap is what stops it.
  for (const id of ids) {
    const remoteAddress = freshClientAddress();
    const pledged = await h.json({
      method: 'POST',
      url: `${HELP}/${id}/pledges`,
      payload: { quantity: 40, contactName: 'Ayuda Rápida', contactWhatsapp: nextMobile() },
      remoteAddress,
    });
    assert.equal(pledged.status, 202, JSON.stringify(pledged.body));
    const delivered = await h.json({
      method: 'POST',
      url: '/api/public/v1/pledges/confirm',
      payload: { code: pledged.body.code },
      remoteAddress,
    });
    assert.equal(delivered.status, 200, JSON.stringify(delivered.body));
    assert.equal(delivered.body.pledge.status, 'reported');
  }

  const afterAttack = await seen();
  for (const id of ids) assert.deepEqual(afterAttack.byId.get(id), before.byId.get(id), id);
  assert.deepEqual(afterAttack.deficit, before.deficit);

  // The person helped confirms one delivery that really came: that one, and only that one, counts.
  const [first] = ids;
  const pledge = await h.ctx.db
    .selectFrom('pledges')
    .select('id')
    .where('help_id', '=', first as string)
    .executeTakeFirstOrThrow();
  await settleForRequester(h.ctx, receipts.get(first as string) as string, pledge.id, 'deliver');
  const confirmed = await seen();
  assert.equal(confirmed.byId.get(first as string)?.covered, 40);
  assert.ok(!confirmed.deficit.includes(first as string));
  for (const id of ids.slice(1)) assert.deepEqual(confirmed.byId.get(id), before.byId.get(id), id);
});
