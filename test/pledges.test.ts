// Pledges ("voy a llevar"): the command and the API, with the test clock. What is committed never changes covered,
// pending or priority until a delivery is confirmed (the pledger's own word only reports it); expiry releases it;
// over-pledging is refused.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { expirePledges } from '../src/commands/pledges/expire-pledges.ts';
import { settleById } from '../src/commands/pledges/settle-pledge.ts';
import { setRecordStatus } from '../src/commands/set-record-status.ts';
import { addSource } from '../src/commands/source-registration.ts';
import { PLEDGE_GRACE_HOURS } from '../src/domain/pledges.ts';
import { callTool, tools } from '../src/mcp/tools.ts';
import { pledgesOfRecord } from '../src/repositories/pledges.ts';
import { addEmergency, type Harness, HELP, list, offerBody, publish, requestBody, setup } from './helpers/harness.ts';

let h: Harness;
let phone = 3_100_000_000;
const nextPhone = () => `+57${phone++}`;

before(async () => {
  h = await setup();
  await addEmergency(h);
});
after(() => h.close());

const pledge = (id: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  h.json({
    method: 'POST',
    url: `${HELP}/${id}/pledges`,
    payload: { contactName: 'Ana Gómez', contactWhatsapp: nextPhone(), ...body },
    headers,
  });
const detail = async (id: string) => (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` })).body.item;
const confirm = (code: string, quantity?: number) =>
  h.json({ method: 'POST', url: '/api/public/v1/pledges/confirm', payload: quantity ? { code, quantity } : { code } });
const cancel = (code: string) => h.json({ method: 'POST', url: '/api/public/v1/pledges/cancel', payload: { code } });
const water = (title: string) => requestBody({ title, quantityRequired: 30, unit: 'bidones' });

test('a pledge shows as committed beside covered and pending, which keep their meaning, and priority does not move', async () => {
  const id = await publish(h, water('Agua para el albergue norte'));
  const before = await detail(id);
  const res = await pledge(id, { quantity: 20, deliverWithinHours: 24 });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  assert.match(res.body.code, /^[2-9A-Z]{3}(-[2-9A-Z]{3}){3}$/);
  assert.equal(res.body.pledge.status, 'open');
  assert.equal(res.body.pledge.quantity, 20);
  assert.equal(res.body.pledge.unit, 'bidones');
  const item = await detail(id);
  assert.deepEqual(
    [item.quantities.covered, item.quantities.pending, item.quantities.committed, item.quantities.uncommitted],
    [0, 30, 20, 10],
  );
  assert.equal(item.quantities.pledges, 1);
  assert.equal(item.priorityScore, before.priorityScore);
  assert.equal(item.operationalStatus, before.operationalStatus);
  const event = item.timeline.at(-1);
  assert.equal(event.kind, 'pledged');
  assert.equal(event.quantity, 20);
  assert.equal(event.label, 'Alguien se comprometió a llevar 20 bidones');
  assert.ok(!JSON.stringify(item).includes('Ana Gómez'), 'the pledger never shows');
});

test('pledging beyond what nobody has pledged is refused with how much is still open, and nothing is written', async () => {
  const id = await publish(h, water('Agua para la vereda alta'));
  assert.equal((await pledge(id, { quantity: 25 })).status, 202);
  const res = await pledge(id, { quantity: 6 });
  assert.equal(res.status, 409);
  assert.equal(res.body.code, 'pledge_exceeds_pending');
  assert.equal(res.body.details[0].uncommitted, 5);
  assert.equal(res.body.details[0].unit, 'bidones');
  assert.equal((await pledgesOfRecord(h.ctx.db, id)).length, 1);
  assert.equal((await pledge(id, { quantity: 5 })).status, 202);
  const full = await pledge(id, { quantity: 1 });
  assert.equal(full.status, 409);
  assert.equal(full.body.details[0].uncommitted, 0);
});

test('the pledger reports a partial delivery with the code: it stays reserved, and covers once a leader confirms', async () => {
  const id = await publish(h, water('Agua para el colegio'));
  const before = await detail(id);
  const { body } = await pledge(id, { quantity: 20 });
  const typed = body.code.toLowerCase().replaceAll('-', ' ');
  const res = await confirm(typed, 12);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.pledge.status, 'reported');
  assert.equal(res.body.pledge.deliveredQuantity, 12);
  assert.match(res.body.message, /cuando quien pidió la ayuda o un líder/);
  // The pledger's word moves nothing a need is judged by: what they say arrived stays reserved, the rest reopens.
  const reported = await detail(id);
  assert.deepEqual(
    [reported.quantities.covered, reported.quantities.pending, reported.quantities.committed],
    [0, 30, 12],
  );
  assert.equal(reported.quantities.uncommitted, 18);
  assert.equal(reported.priorityScore, before.priorityScore);
  assert.equal(reported.timeline.at(-1).kind, 'pledge_reported');
  assert.equal(reported.timeline.at(-1).label, 'Entregado según quien lo llevó, sin confirmar: 12 bidones');
  // A reported pledge takes no second report and cannot be cancelled; more than was pledged is never accepted.
  assert.equal((await confirm(body.code)).body.code, 'pledge_closed');
  assert.equal((await cancel(body.code)).body.code, 'pledge_closed');
  const other = await pledge(id, { quantity: 5 });
  const over = await confirm(other.body.code, 6);
  assert.equal(over.status, 400);
  assert.equal(over.body.details[0].field, 'quantity');
  // A leader confirms: now it is covered.
  const [held] = (await pledgesOfRecord(h.ctx.db, id)).filter((p) => p.status === 'reported');
  const confirmed = await settleById(h.ctx, held?.id ?? '', null, 'deliver', 'lider-1');
  assert.equal(confirmed.pledge.status, 'delivered');
  const item = await detail(id);
  assert.deepEqual([item.quantities.covered, item.quantities.pending, item.quantities.committed], [12, 18, 5]);
  assert.equal(item.timeline.at(-1).label, 'Se confirmó la entrega de 12 bidones comprometidos');
});

test('a reported delivery a leader disputes reopens what it held and never counted as covered', async () => {
  const id = await publish(h, water('Agua para la cancha cubierta'));
  const { body } = await pledge(id, { quantity: 10 });
  assert.equal((await confirm(body.code)).body.pledge.status, 'reported');
  assert.equal((await detail(id)).quantities.uncommitted, 20);
  const [held] = await pledgesOfRecord(h.ctx.db, id);
  const disputed = await settleById(h.ctx, held?.id ?? '', null, 'dispute', 'lider-1');
  assert.equal(disputed.pledge.status, 'disputed');
  const item = await detail(id);
  assert.deepEqual([item.quantities.covered, item.quantities.committed, item.quantities.uncommitted], [0, 0, 30]);
  assert.equal(item.quantities.pledges, 0);
});

test('cancelling with the code releases the quantity; an unknown or malformed code is 404 pledge_not_found', async () => {
  const id = await publish(h, water('Agua para el puesto de salud'));
  const { body } = await pledge(id, { quantity: 30 });
  assert.equal((await detail(id)).quantities.uncommitted, 0);
  const res = await cancel(body.code);
  assert.equal(res.status, 200);
  assert.equal(res.body.pledge.status, 'cancelled');
  assert.equal((await detail(id)).quantities.uncommitted, 30);
  assert.equal((await cancel('AAA-AAA-AAA-AAA')).body.code, 'pledge_not_found');
  assert.equal((await cancel('no es un código')).status, 404);
});

test('an unconfirmed pledge expires at its date plus the grace period and releases its quantity', async () => {
  const id = await publish(h, water('Agua para la escuela rural'));
  const { body } = await pledge(id, { quantity: 30, deliverWithinHours: 6 });
  assert.equal((await pledge(id, { quantity: 1 })).status, 409);
  h.clock.advanceHours(6 + PLEDGE_GRACE_HOURS - 1);
  assert.equal(await expirePledges(h.ctx), 0, 'not yet');
  h.clock.advanceHours(2);
  assert.ok((await expirePledges(h.ctx)) >= 1);
  const item = await detail(id);
  assert.deepEqual([item.quantities.committed, item.quantities.uncommitted, item.quantities.pledges], [0, 30, 0]);
  assert.equal(item.timeline.at(-1).kind, 'pledge_released');
  assert.equal((await confirm(body.code)).body.code, 'pledge_closed');
});

test('a pledge past its time is released before a new pledge is weighed, even before the sweep runs', async () => {
  const id = await publish(h, water('Agua para el barrio bajo'));
  await pledge(id, { quantity: 30, deliverWithinHours: 1 });
  h.clock.advanceHours(1 + PLEDGE_GRACE_HOURS + 1);
  const res = await pledge(id, { quantity: 30 });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  assert.equal((await detail(id)).quantities.committed, 30);
});

test('a request without a quantity takes pledges without one, counted; a quantity there is a clear error', async () => {
  const id = await publish(h, requestBody({ title: 'Ayuda para la familia Ortiz' }));
  assert.equal((await pledge(id, { quantity: 3 })).body.details[0].code, 'no_quantity_required');
  assert.equal((await pledge(id, {})).status, 202);
  assert.equal((await pledge(id, {})).status, 202);
  const item = await detail(id);
  assert.equal(item.quantities.pledges, 2);
  assert.equal(item.quantities.uncommitted, null);
  assert.equal(item.timeline.at(-1).label, 'Alguien se comprometió a llevar ayuda');
  // A request with a quantity needs one.
  const needs = await publish(h, water('Agua con cantidad'));
  assert.equal((await pledge(needs, {})).body.details[0].field, 'quantity');
});

test('offers, completed requests and unpublished ids take no pledges', async () => {
  const offer = await publish(h, offerBody({ title: 'Ofrezco transporte' }));
  assert.equal((await pledge(offer, {})).body.code, 'not_pledgeable');
  const done = await publish(h, water('Agua ya resuelta'));
  await setRecordStatus(h.ctx, done, 'completed', 'test');
  assert.equal((await pledge(done, { quantity: 1 })).body.code, 'not_pledgeable');
  const missing = await pledge('0b6c7a9e-4f1d-4a51-9a34-2f9f0c1d2e11', { quantity: 1 });
  assert.equal(missing.status, 404);
  assert.equal(missing.body.code, 'help_not_found');
});

test('a leader cancels, confirms or disputes a pledge; a dispute takes the delivery back out of covered', async () => {
  const id = await publish(h, water('Agua para el hogar de paso'));
  await pledge(id, { quantity: 10 });
  await pledge(id, { quantity: 10 });
  const [second, first] = await pledgesOfRecord(h.ctx.db, id);
  assert.ok(first && second);
  const emergencyId = first.emergency_id;
  assert.equal((await settleById(h.ctx, first.id, emergencyId, 'deliver', 'leader-1')).pledge.status, 'delivered');
  assert.equal((await detail(id)).quantities.covered, 10);
  const disputed = await settleById(h.ctx, first.id, emergencyId, 'dispute', 'leader-1');
  assert.equal(disputed.pledge.status, 'disputed');
  assert.equal((await detail(id)).quantities.covered, 0);
  await settleById(h.ctx, second.id, emergencyId, 'cancel', 'leader-1');
  const item = await detail(id);
  assert.deepEqual([item.quantities.committed, item.quantities.uncommitted], [0, 30]);
  // Another emergency's leader cannot reach it.
  await assert.rejects(settleById(h.ctx, second.id, 'another-emergency', 'cancel', 'x'), { code: 'pledge_not_found' });
});

test('a repeat with the same Idempotency-Key answers the same code and pledges once', async () => {
  const id = await publish(h, water('Agua para el comedor'));
  const payload = { quantity: 4, contactName: 'Luis', contactWhatsapp: '+573209998877' };
  const send = () =>
    h.json({ method: 'POST', url: `${HELP}/${id}/pledges`, payload, headers: { 'idempotency-key': 'pledge-1' } });
  const first = await send();
  const again = await send();
  assert.equal(first.status, 202);
  assert.equal(again.status, 202);
  assert.equal(again.headers['idempotent-replayed'], 'true');
  assert.equal(again.body.code, first.body.code);
  assert.equal((await detail(id)).quantities.committed, 4);
});

test('open pledges are capped per WhatsApp number in an emergency', async () => {
  const number = '+573151112233';
  const ids = [];
  for (let i = 0; i < 6; i++) ids.push(await publish(h, water(`Agua para la casa ${i + 1}`)));
  for (const id of ids.slice(0, 5))
    assert.equal((await pledge(id, { quantity: 1, contactWhatsapp: number })).status, 202);
  const res = await pledge(ids[5] as string, { quantity: 1, contactWhatsapp: number });
  assert.equal(res.status, 429);
  assert.equal(res.body.code, 'too_many_open_pledges');
  assert.equal(res.body.details[0].code, 'open_pledges_per_whatsapp');
});

test('pledges that together exceed what is open: exactly one of the racing ones is refused', async () => {
  const id = await publish(h, water('Agua para la carrera'));
  const results = await Promise.all([pledge(id, { quantity: 20 }), pledge(id, { quantity: 20 })]);
  const statuses = results.map((r) => r.status).sort();
  assert.deepEqual(statuses, [202, 409], JSON.stringify(results.map((r) => r.body)));
  const item = await detail(id);
  assert.deepEqual([item.quantities.committed, item.quantities.pledges], [20, 1]);
  // Many at once for the last units: what is committed never passes what was pending.
  const rest = await Promise.all(Array.from({ length: 8 }, () => pledge(id, { quantity: 3 })));
  assert.equal(rest.filter((r) => r.status === 202).length, 3);
  assert.equal((await detail(id)).quantities.committed, 29);
});

test('comprometer_ayuda pledges through the same command, and refuses over-pledging with the same code', async () => {
  const id = await publish(h, water('Agua pedida por un asistente'));
  const unexpected = (err: unknown) => assert.fail(String(err));
  const tool = tools.find((t) => t.name === 'comprometer_ayuda');
  assert.ok(tool);
  assert.equal(tool.annotations.idempotentHint, false);
  const args = { id, quantity: 25, contactName: 'Rosa', contactWhatsapp: '+573125550000' };
  const ok = await callTool(tool, h.ctx, args, unexpected);
  assert.ok(!ok.isError, JSON.stringify(ok));
  const result = ok.structuredContent as { code: string; pledge: { status: string; quantity: number } };
  assert.equal(result.pledge.status, 'open');
  assert.equal(result.pledge.quantity, 25);
  const over = await callTool(tool, h.ctx, { ...args, quantity: 6 }, unexpected);
  assert.equal(over.isError, true);
  assert.equal(JSON.parse((over.content[0] as { text: string }).text).code, 'pledge_exceeds_pending');
  const bad = await callTool(tool, h.ctx, { ...args, contactWhatsapp: 'no' }, unexpected);
  assert.equal(JSON.parse((bad.content[0] as { text: string }).text).code, 'validation_failed');
  assert.equal((await detail(id)).quantities.committed, 25);
});

// Last: a second active emergency makes every later submission name its emergency.
test('commitment=uncommitted lists only requests with something nobody pledged yet', async () => {
  const slug = 'deslizamiento-sur';
  await addEmergency(h, slug, 'Deslizamiento sur');
  const open = await publish(h, { ...water('Agua sin comprometer'), emergencySlug: slug });
  const taken = await publish(h, { ...water('Agua ya comprometida'), emergencySlug: slug });
  const loose = await publish(h, requestBody({ title: 'Sin cantidad y sin compromiso', emergencySlug: slug }));
  const looseTaken = await publish(h, requestBody({ title: 'Sin cantidad comprometida', emergencySlug: slug }));
  await publish(h, offerBody({ title: 'Un ofrecimiento cualquiera', emergencySlug: slug }));
  await pledge(taken, { quantity: 30 });
  await pledge(looseTaken, {});
  const res = await list(h, { emergencySlug: slug, commitment: 'uncommitted' });
  assert.equal(res.status, 200);
  assert.deepEqual(new Set(res.body.items.map((i: { id: string }) => i.id)), new Set([open, loose]));
  assert.equal(res.body.filters.commitment, 'uncommitted');
  assert.equal((await list(h, { emergencySlug: slug })).body.total, 5);
});

test('the integration that sent a request confirms its reported deliveries with its key; any other key learns nothing', async () => {
  const { key } = await addSource(h.ctx, 'app-refugios', 'admin-1');
  const { key: otherKey } = await addSource(h.ctx, 'app-vecinos', 'admin-1');
  const sent = await h.json({
    method: 'POST',
    url: HELP,
    payload: { ...water('Agua para el refugio del puente'), source: 'app-refugios', emergencySlug: 'inundacion-mocoa' },
    headers: { authorization: `Bearer ${key}` },
  });
  assert.equal(sent.status, 202, JSON.stringify(sent.body));
  const id = sent.body.id as string;
  await approveSubmission(h.ctx, id, 'test');
  const { body } = await pledge(id, { quantity: 10 });
  assert.equal((await confirm(body.code, 7)).body.pledge.status, 'reported');
  const url = `${HELP}/${id}/deliveries/confirm`;
  const as = (credential: string | undefined) =>
    h.json({
      method: 'POST',
      url,
      payload: {},
      headers: credential === undefined ? {} : { authorization: `Bearer ${credential}` },
    });
  // Another integration's key, none, or a wrong one: the same 404, and nothing moves.
  for (const credential of [otherKey, undefined, 'no-es-una-clave']) {
    const refused = await as(credential);
    assert.equal(refused.status, 404, String(credential));
    assert.equal(refused.body.code, 'help_not_found');
  }
  assert.equal((await detail(id)).quantities.covered, 0);
  const done = await as(key);
  assert.equal(done.status, 200, JSON.stringify(done.body));
  assert.deepEqual(done.body, { ok: true, confirmed: 1, quantity: 7, covered: 7 });
  const item = await detail(id);
  assert.deepEqual([item.quantities.covered, item.quantities.committed], [7, 0]);
  assert.deepEqual((await as(key)).body, { ok: true, confirmed: 0, quantity: 0, covered: 7 }, 'nothing twice');
});
