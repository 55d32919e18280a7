// GET /api/logistics-operations (SPEC 2.10, 4.5): available routes only, exact fields, never the volunteer.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { LogisticsOperationsTable } from '../src/db/types.ts';
import { addEmergency, type Harness, publish, requestBody, setup } from './helpers/harness.ts';
import { LOGISTICS_OPERATION_FIELDS } from './helpers/spec.ts';

let h: Harness;
let destination = '';
const URL = '/api/logistics-operations';

async function addRoute(emergencyId: string, status: LogisticsOperationsTable['status'], title: string) {
  const now = h.ctx.now().toISOString();
  await h.ctx.db
    .insertInto('logistics_operations')
    .values({
      id: randomUUID(),
      emergency_id: emergencyId,
      destination_help_id: destination,
      title,
      supply_description: 'Bidones de agua',
      quantity_label: '30 bidones',
      pickup_address: 'Coliseo municipal',
      pickup_latitude: 1.15,
      pickup_longitude: -76.65,
      pickup_help_id: null,
      distance_km: 1.4,
      route_conditions: 'Vía destapada',
      volunteer_contact: '+573005559999',
      status,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

before(async () => {
  h = await setup();
  const emergency = await addEmergency(h);
  await addEmergency(h, 'otra-emergencia', 'Otra emergencia');
  destination = await publish(
    h,
    requestBody({
      title: 'Agua para el albergue',
      address: 'Escuela San Miguel',
      emergencySlug: 'inundacion-mocoa',
      // A school is a public place: its submitter chose to show it exactly.
      showExactLocation: true,
    }),
  );
  await addRoute(emergency.id, 'available', 'Llevar agua al albergue');
  await addRoute(emergency.id, 'assigned', 'Ruta ya asignada');
  await addRoute(emergency.id, 'delivered', 'Ruta entregada');
});
after(() => h.close());

test('only available routes, with exactly the fields of SPEC 2.10 and canManage false', async () => {
  const res = await h.json({ method: 'GET', url: `${URL}?emergencia=inundacion-mocoa` });
  assert.equal(res.status, 200);
  assert.equal(res.body.canManage, false);
  assert.equal(res.body.operations.length, 1);
  const [op] = res.body.operations;
  assert.deepEqual(Object.keys(op).sort(), LOGISTICS_OPERATION_FIELDS);
  assert.deepEqual(
    [op.title, op.status, op.emergency_slug, op.destination_help_point_id],
    ['Llevar agua al albergue', 'available', 'inundacion-mocoa', destination],
  );
  assert.equal(op.destination_address, 'Escuela San Miguel');
  assert.ok(!JSON.stringify(res.body).includes('5559999'), 'never the volunteer contact');
  assert.equal(res.headers['access-control-allow-origin'], '*');
  const other = await h.json({ method: 'GET', url: `${URL}?emergencia=otra-emergencia` });
  assert.deepEqual(other.body, { operations: [], canManage: false });
});

test('400 without a valid emergencia', async () => {
  for (const [query, code, field] of [
    ['', 'invalid_query', 'emergencia'],
    ['?emergencia=', 'invalid_query', 'emergencia'],
    ['?emergencia=No%20Valida', 'invalid_query', 'emergencia'],
    ['?emergencia=a&emergencia=b', 'invalid_query', 'emergencia'],
    ['?emergencia=inundacion-mocoa&extra=1', 'invalid_query', 'extra'],
    ['?emergencia=no-existe', 'unknown_emergency', 'emergencia'],
  ]) {
    const res = await h.json({ method: 'GET', url: `${URL}${query}` });
    assert.equal(res.status, 400, query);
    assert.equal(res.body.code, code, query);
    assert.ok(
      res.body.details.some((d: { field: string }) => d.field === field),
      `${query}: ${JSON.stringify(res.body.details)}`,
    );
  }
});
