// Needs stay current: the clock moves published records to "por confirmar" and then to expired; expired ones leave
// lists, the map and the counts until confirmed again; confirming (the sender with the receipt code, a leader, a
// centre's inventory update) starts the clock again.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { confirmRecord, confirmWithReceipt } from '../src/commands/confirmation/confirm-record.ts';
import { refreshConfirmations } from '../src/commands/confirmation/refresh-confirmations.ts';
import { setInventoryLine } from '../src/commands/set-inventory-line.ts';
import { addEmergency, type Harness, HELP, list, offerBody, publish, requestBody, setup } from './helpers/harness.ts';

let h: Harness;
before(async () => {
  h = await setup({ RECONFIRM_AFTER_HOURS: '72', EXPIRE_AFTER_HOURS: '48' });
  await addEmergency(h);
});
after(() => h.close());

const detail = async (id: string) => (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` })).body.item;
const listed = async (params: Record<string, string> = {}) =>
  new Set((await list(h, { status: 'all', limit: 100, ...params })).body.items.map((i: { id: string }) => i.id));

async function withCode(title: string) {
  const res = await h.json({ method: 'POST', url: HELP, payload: requestBody({ title }) });
  await approveSubmission(h.ctx, res.body.id, 'leader-1');
  return { id: res.body.id as string, code: res.body.receiptCode as string };
}

test('published: current and confirmed at publication; 72 h later por confirmar, 48 h more expired', async () => {
  const record = await withCode('Agua para la escuela');
  const fresh = await detail(record.id);
  assert.equal(fresh.confirmation.state, 'current');
  assert.equal(fresh.confirmation.confirmedAt, fresh.verification.verifiedAt);

  h.clock.advanceHours(71);
  await refreshConfirmations(h.ctx);
  assert.equal((await detail(record.id)).confirmation.state, 'current');
  h.clock.advanceHours(2);
  const moved = await refreshConfirmations(h.ctx);
  assert.ok(moved.to_confirm >= 1);
  assert.equal((await detail(record.id)).confirmation.state, 'to_confirm');
  assert.ok((await listed()).has(record.id), 'still listed while por confirmar');
  assert.match((await h.app.inject({ method: 'GET', url: `/ayudas/${record.id}` })).body, /Por confirmar: nadie/);
  const listPage = await h.app.inject({ method: 'GET', url: '/emergencias/inundacion-mocoa?status=all' });
  assert.match(listPage.body, /Por confirmar desde el/);
  assert.ok((await listed({ confirmation: 'to_confirm' })).has(record.id));
  assert.ok(!(await listed({ confirmation: 'current' })).has(record.id));

  h.clock.advanceHours(48);
  await refreshConfirmations(h.ctx);
  const expired = await detail(record.id);
  assert.equal(expired.confirmation.state, 'expired', 'its page still answers, and says so');
  assert.ok(!(await listed()).has(record.id), 'out of the default list');
  assert.ok((await listed({ confirmation: 'expired' })).has(record.id));
  assert.ok((await listed({ confirmation: 'all' })).has(record.id));
  const page = await h.app.inject({ method: 'GET', url: `/ayudas/${record.id}` });
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /Venció: nadie ha confirmado que siga vigente desde el/);
  const points = await h.json({ method: 'GET', url: '/api/public/v1/map-points?status=all' });
  assert.ok(!JSON.stringify(points.body).includes(record.id), 'off the map');

  // The sender confirms with the receipt code: current again, listed again, the clock starts over.
  await confirmWithReceipt(h.ctx, record.code.toLowerCase(), 'current');
  const again = await detail(record.id);
  assert.equal(again.confirmation.state, 'current');
  assert.ok(Date.parse(again.confirmation.confirmedAt) > Date.parse(fresh.confirmation.confirmedAt));
  assert.ok((await listed()).has(record.id));
});

test('expired records leave the panorama counts as they leave the list', async () => {
  const count = async () =>
    (await h.json({ method: 'GET', url: `${HELP}?view=panorama` })).body.emergencies[0].counts.requests.active;
  const before = await count();
  const record = await withCode('Carpas para la vereda');
  assert.equal(await count(), before + 1);
  h.clock.advanceHours(72 + 48 + 1);
  await refreshConfirmations(h.ctx);
  assert.equal((await detail(record.id)).confirmation.state, 'expired');
  const withoutIt = await count();
  assert.ok(withoutIt <= before, 'the expired record is not counted');
  await confirmRecord(h.ctx, record.id, 'current', 'leader-1');
  assert.equal((await detail(record.id)).confirmation.state, 'current', 'a leader confirms after a call');
  assert.equal(await count(), withoutIt + 1, 'counted again once confirmed');
});

test('"ya me ayudaron" completes the request; a wrong code changes nothing', async () => {
  const record = await withCode('Mercados para la familia');
  await assert.rejects(confirmWithReceipt(h.ctx, 'AAA-AAA-AAA-AAA', 'helped'), { code: 'not_found' });
  await confirmWithReceipt(h.ctx, record.code, 'helped');
  const done = await detail(record.id);
  assert.equal(done.status, 'completed');
  assert.equal(done.confirmation.state, 'current');
  await assert.rejects(confirmWithReceipt(h.ctx, record.code, 'current'), { code: 'invalid_state' });
});

test("a collection centre's inventory update confirms its offer", async () => {
  const centre = await publish(
    h,
    offerBody({ title: 'Centro de acopio del coliseo', category: 'acopio', collectionCenterStatus: 'needs_resources' }),
  );
  h.clock.advanceHours(80);
  await refreshConfirmations(h.ctx);
  assert.equal((await detail(centre)).confirmation.state, 'to_confirm');
  await setInventoryLine(h.ctx, centre, { kind: 'have', category: 'agua', quantity: 10, unit: 'bidones' }, 'centre');
  assert.equal((await detail(centre)).confirmation.state, 'current');
});

test('a completed record is never por confirmar', async () => {
  const id = await publish(h, requestBody({ title: 'Ya resuelta' }));
  await confirmRecord(h.ctx, id, 'not_needed', 'leader-1');
  h.clock.advanceHours(500);
  await refreshConfirmations(h.ctx);
  assert.equal((await detail(id)).confirmation.state, 'current');
});

const form = (url: string, fields: Record<string, string>) =>
  h.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: h.config.baseUrl },
    payload: new URLSearchParams(fields).toString(),
  });

test('on /estado the sender sees "por confirmar" and answers "sigue vigente" or "ya me ayudaron"', async () => {
  const record = await withCode('Cobijas para el albergue');
  h.clock.advanceHours(73);
  await refreshConfirmations(h.ctx);
  const page = await form('/estado', { codigo: record.code });
  assert.match(page.body, /Por confirmar: nadie la confirma desde el/);
  assert.match(String(page.headers['cache-control']), /no-store/);
  const confirmed = await form('/estado/vigencia', { codigo: record.code, resultado: 'current' });
  assert.equal(confirmed.statusCode, 200);
  assert.match(confirmed.body, /quedó confirmada como vigente/);
  assert.equal((await detail(record.id)).confirmation.state, 'current');
  const helped = await form('/estado/vigencia', { codigo: record.code, resultado: 'helped' });
  assert.match(helped.body, /marcada como completada/);
  assert.equal((await detail(record.id)).status, 'completed');
  assert.ok(
    !(await form('/estado', { codigo: record.code })).body.includes('¿Sigue vigente?'),
    'nothing left to confirm',
  );
  const unknown = await form('/estado/vigencia', { codigo: 'AAA-AAA-AAA-AAA', resultado: 'current' });
  assert.equal(unknown.statusCode, 404);
  const foreign = await h.app.inject({
    method: 'POST',
    url: '/estado/vigencia',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://otro.example' },
    payload: `codigo=${record.code}&resultado=current`,
  });
  assert.equal(foreign.statusCode, 403);
});
