// Deliveries in the unit they carry, and what a stranger cannot do with that. A route's "entregado" in another unit
// than the request's reserves nothing and covers nothing, whoever confirms it, until a leader of that emergency says
// what it is worth; converting again corrects it, and a dispute takes back exactly what the conversion added.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createLogisticsOperation } from '../src/commands/create-logistics-operation.ts';
import { convertDelivery } from '../src/commands/pledges/convert-delivery.ts';
import { settleById } from '../src/commands/pledges/settle-pledge.ts';
import { decideClaim } from '../src/commands/route-claims/decide-claim.ts';
import type { AppError } from '../src/errors.ts';
import { claimsOfEmergency } from '../src/repositories/route-claims.ts';
import { addEmergency, type Harness, HELP, publish, requestBody, setup } from './helpers/harness.ts';

let h: Harness;
let emergencyId = '';
let otherEmergencyId = '';
let phone = 3_180_000_000;
const nextPhone = () => `+57${phone++}`;

before(async () => {
  h = await setup();
  emergencyId = (await addEmergency(h)).id;
  otherEmergencyId = (await addEmergency(h, 'deslizamiento-salgar', 'Deslizamiento Salgar')).id;
});
after(() => h.close());

/** A request counted in `unit`, a route to it carrying `cargo`, and its accepted volunteer's code. */
async function deliveredRoute(unit: string, cargo: string) {
  const destination = await publish(
    h,
    requestBody({ emergencySlug: 'inundacion-mocoa', title: `Ayuda en ${unit}`, quantityRequired: 500, unit }),
  );
  const route = await createLogisticsOperation(
    h.ctx,
    {
      emergencySlug: 'inundacion-mocoa',
      destinationHelpId: destination,
      title: `Llevar ${cargo}`,
      supplyDescription: 'Mercados',
      quantityLabel: cargo,
      pickupAddress: 'Bodega central',
      pickupLatitude: 1.15,
      pickupLongitude: -76.64,
    },
    'leader-1',
  );
  const claimed = await h.json({
    method: 'POST',
    url: `/api/logistics-operations/${route.id}/claims`,
    payload: { contactName: 'Carlos Muñoz', contactWhatsapp: nextPhone(), when: 'Hoy a las 3 pm' },
  });
  assert.equal(claimed.status, 202, JSON.stringify(claimed.body));
  const claim = (await claimsOfEmergency(h.ctx.db, emergencyId)).find((c) => c.operation_id === route.id);
  assert.ok(claim);
  await decideClaim(h.ctx, claim.id, emergencyId, 'accept', 'panel:lider@ayuda.test');
  return { destination, code: claimed.body.code as string };
}

const progress = (payload: Record<string, unknown>) =>
  h.json({ method: 'POST', url: '/api/logistics-operations/claims/progress', payload });

async function item(id: string) {
  return (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` })).body.item;
}

async function pledgeOf(helpId: string) {
  return h.ctx.db.selectFrom('pledges').selectAll().where('help_id', '=', helpId).executeTakeFirstOrThrow();
}

test('a delivery in another unit reserves and covers nothing, even confirmed, until a leader converts it', async () => {
  const { destination, code } = await deliveredRoute('kg', '15 cajas');
  const before = await item(destination);
  assert.equal((await progress({ code, status: 'in_transit' })).status, 200);
  const moved = await progress({ code, status: 'delivered', quantity: 9999, unit: 'Cajas' });
  assert.equal(moved.status, 200, JSON.stringify(moved.body));

  const pledge = await pledgeOf(destination);
  assert.deepEqual([pledge.unit, Number(pledge.delivered_quantity), pledge.status], ['Cajas', 9999, 'reported']);
  let now = await item(destination);
  assert.equal(now.quantities.covered, 0);
  assert.equal(now.quantities.committed, 0, 'nothing reserved in kg for a count of boxes');
  assert.equal(now.priorityScore, before.priorityScore, 'the need looks exactly as needed as before');
  const reported = now.timeline.find((e: { kind: string }) => e.kind === 'pledge_reported');
  assert.equal(reported.unit, 'Cajas');
  assert.equal(reported.quantity, 9999);
  assert.match(reported.label, /9\.999 Cajas \(sin convertir\)/);

  // Confirmed by a leader who does not convert it: still nothing covered.
  await settleById(h.ctx, pledge.id, emergencyId, 'deliver', 'panel:lider@ayuda.test');
  now = await item(destination);
  assert.equal(now.quantities.covered, 0);
  assert.equal(now.priorityScore, before.priorityScore);

  // A leader of another emergency does not find it; a bad number converts nothing.
  await assert.rejects(
    convertDelivery(h.ctx, pledge.id, otherEmergencyId, 50, 'panel:otra@ayuda.test'),
    (err: AppError) => err.code === 'pledge_not_found',
  );
  await assert.rejects(
    convertDelivery(h.ctx, pledge.id, emergencyId, -5, 'panel:lider@ayuda.test'),
    (err: AppError) => err.code === 'validation_failed',
  );
  assert.equal((await item(destination)).quantities.covered, 0);

  // The leader converts it, then corrects it: covered moves by the difference, never twice.
  await convertDelivery(h.ctx, pledge.id, emergencyId, 120, 'panel:lider@ayuda.test');
  assert.equal((await item(destination)).quantities.covered, 120);
  await convertDelivery(h.ctx, pledge.id, emergencyId, 90.5, 'panel:lider@ayuda.test');
  now = await item(destination);
  assert.equal(now.quantities.covered, 90.5);
  assert.ok(now.timeline.some((e: { note: string | null }) => e.note?.includes('cuenta como 90,5 kg')));

  // Said not to have arrived: exactly what the conversion added leaves covered.
  await settleById(h.ctx, pledge.id, emergencyId, 'dispute', 'panel:lider@ayuda.test');
  assert.equal((await item(destination)).quantities.covered, 0);
  await assert.rejects(
    convertDelivery(h.ctx, pledge.id, emergencyId, 10, 'panel:lider@ayuda.test'),
    (err: AppError) => err.code === 'pledge_closed',
  );
});

test('in the request’s unit, whatever its spelling, a delivery is reserved and counts once confirmed', async () => {
  const { destination, code } = await deliveredRoute('cajas', '15 cajas');
  await progress({ code, status: 'in_transit' });
  assert.equal((await progress({ code, status: 'delivered', quantity: 15, unit: 'CAJAS ' })).status, 200);
  const pledge = await pledgeOf(destination);
  assert.equal(pledge.unit, 'CAJAS');
  let now = await item(destination);
  assert.deepEqual([now.quantities.covered, now.quantities.committed], [0, 15]);
  assert.equal(now.timeline.find((e: { kind: string }) => e.kind === 'pledge_reported').unit, null);
  await settleById(h.ctx, pledge.id, emergencyId, 'deliver', 'panel:lider@ayuda.test');
  now = await item(destination);
  assert.deepEqual([now.quantities.covered, now.quantities.committed], [15, 0]);
  // Nothing to convert in the request's own unit.
  await assert.rejects(
    convertDelivery(h.ctx, pledge.id, emergencyId, 15, 'panel:lider@ayuda.test'),
    (err: AppError) => err.code === 'pledge_closed',
  );
});

test('without a unit the delivery is in the request’s; a unit over 40 characters is a clear 400', async () => {
  const { destination, code } = await deliveredRoute('bidones', '40 bidones de 20 litros');
  await progress({ code, status: 'in_transit' });
  const long = await progress({ code, status: 'delivered', quantity: 5, unit: 'c'.repeat(41) });
  assert.equal(long.status, 400);
  assert.equal(long.body.details[0].field, 'unit');
  // The unit is published in the request's history: a link for strangers to open is refused, and nothing recorded.
  const phishing = await progress({ code, status: 'delivered', quantity: 5, unit: 'verifique en panel-ayuda.example' });
  assert.equal(phishing.status, 400);
  assert.deepEqual(
    phishing.body.details.map((d: { field: string; code: string }) => [d.field, d.code]),
    [['unit', 'invalid_unit']],
  );
  assert.equal(
    await h.ctx.db.selectFrom('pledges').select('id').where('help_id', '=', destination).executeTakeFirst(),
    undefined,
  );
  assert.equal((await progress({ code, status: 'delivered', quantity: 5 })).status, 200);
  assert.equal((await pledgeOf(destination)).unit, 'bidones');
  assert.equal((await item(destination)).quantities.committed, 5);
});

test('a pledge made on the site is recorded in the request’s unit', async () => {
  const destination = await publish(
    h,
    requestBody({ emergencySlug: 'inundacion-mocoa', title: 'Colchonetas', quantityRequired: 30, unit: 'colchonetas' }),
  );
  const made = await h.json({
    method: 'POST',
    url: `${HELP}/${destination}/pledges`,
    payload: { quantity: 4, deliverWithinHours: 24, contactName: 'Ana Gómez', contactWhatsapp: nextPhone() },
  });
  assert.equal(made.status, 202, JSON.stringify(made.body));
  assert.equal((await pledgeOf(destination)).unit, 'colchonetas');
});
