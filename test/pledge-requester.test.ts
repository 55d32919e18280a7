// The requester sees who pledged to their published request on /estado (the receipt code proves them), confirms
// that a pledge arrived, or says that a confirmed one did not.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { pledgesOfRecord } from '../src/repositories/pledges.ts';
import { addEmergency, type Harness, HELP, requestBody, setup } from './helpers/harness.ts';

let h: Harness;
before(async () => {
  h = await setup();
  await addEmergency(h);
});
after(() => h.close());

const form = (url: string, fields: Record<string, string>) =>
  h.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: h.config.baseUrl },
    payload: new URLSearchParams(fields).toString(),
  });

async function publishedWithCode(title: string) {
  const res = await h.json({
    method: 'POST',
    url: HELP,
    payload: requestBody({ title, quantityRequired: 30, unit: 'bidones' }),
  });
  await approveSubmission(h.ctx, res.body.id, 'leader-1');
  return { id: res.body.id as string, code: res.body.receiptCode as string };
}

const pledge = (id: string, name: string, whatsapp: string, quantity: number) =>
  h.json({
    method: 'POST',
    url: `${HELP}/${id}/pledges`,
    payload: { quantity, contactName: name, contactWhatsapp: whatsapp },
  });
const covered = async (id: string) =>
  (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` })).body.item.quantities.covered;

test('the requester sees who pledged, with their WhatsApp, on a page no cache keeps', async () => {
  const request = await publishedWithCode('Agua para la familia Pérez');
  await pledge(request.id, 'Martha Lucía Díaz', '+573157770011', 20);
  const page = await form('/estado', { codigo: request.code });
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /Martha Lucía Díaz: 20 bidones/);
  assert.match(page.body, /wa\.me\/573157770011/);
  assert.match(String(page.headers['cache-control']), /no-store/);
  // Without the code nobody sees it: a code nobody has is the plain not-found page.
  const other = await form('/estado', { codigo: 'K7P-42Q-X9M-D3R' });
  assert.ok(!other.body.includes('Martha'));
});

test('the requester confirms that a pledge arrived, then says a confirmed one did not', async () => {
  const request = await publishedWithCode('Agua para el hogar comunitario');
  await pledge(request.id, 'Jorge', '+573157770012', 12);
  const [row] = await pledgesOfRecord(h.ctx.db, request.id);
  assert.ok(row);
  const arrived = await form('/estado/compromisos', { codigo: request.code, compromiso: row.id, accion: 'deliver' });
  assert.equal(arrived.statusCode, 200);
  assert.match(arrived.body, /la entrega quedó confirmada/);
  assert.equal(await covered(request.id), 12);
  const again = await form('/estado/compromisos', { codigo: request.code, compromiso: row.id, accion: 'deliver' });
  assert.match(again.body, /ya cambió/);
  assert.equal(await covered(request.id), 12, 'nothing counted twice');
  const notArrived = await form('/estado/compromisos', { codigo: request.code, compromiso: row.id, accion: 'dispute' });
  assert.match(notArrived.body, /no llegó/);
  assert.equal(await covered(request.id), 0);
  assert.equal((await pledgesOfRecord(h.ctx.db, request.id))[0]?.closed_by, 'requester');
});

test("a receipt code reaches only its own request's pledges", async () => {
  const mine = await publishedWithCode('Mercados para la vereda');
  const theirs = await publishedWithCode('Mercados para el barrio');
  await pledge(theirs.id, 'Otra persona', '+573157770013', 5);
  const [row] = await pledgesOfRecord(h.ctx.db, theirs.id);
  assert.ok(row);
  const res = await form('/estado/compromisos', { codigo: mine.code, compromiso: row.id, accion: 'deliver' });
  assert.match(res.body, /ya cambió/);
  assert.equal((await pledgesOfRecord(h.ctx.db, theirs.id))[0]?.status, 'open');
  const foreign = await h.app.inject({
    method: 'POST',
    url: '/estado/compromisos',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://otro.example' },
    payload: `codigo=${theirs.code}&compromiso=${row.id}&accion=deliver`,
  });
  assert.equal(foreign.statusCode, 403);
  assert.equal((await pledgesOfRecord(h.ctx.db, theirs.id))[0]?.status, 'open');
});
