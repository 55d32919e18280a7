// Leaders' logistics routes: create and move them (command and CLI); the public list and PublicHelp follow at once.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { closeEmergency } from '../src/commands/close-emergency.ts';
import { createLogisticsOperation } from '../src/commands/create-logistics-operation.ts';
import { rejectSubmission } from '../src/commands/reject-submission.ts';
import { setLogisticsStatus } from '../src/commands/set-logistics-status.ts';
import { setRecordStatus } from '../src/commands/set-record-status.ts';
import { distanceKm, roundKm } from '../src/domain/distance.ts';
import type { LogisticsStatus } from '../src/domain/statuses.ts';
import type { EmergencyRow } from '../src/repositories/emergencies.ts';
import { findLogisticsOperation, routesForLeaders } from '../src/repositories/logistics.ts';
import { runCli } from './helpers/cli.ts';
import {
  addEmergency,
  type Harness,
  HELP,
  list,
  offerBody,
  publish,
  requestBody,
  setup,
  submit,
} from './helpers/harness.ts';
import { crawlPublic, leaks } from './helpers/public-surface.ts';
import { nextMobile } from './helpers/samples.ts';
import { LOGISTICS_OPERATION_FIELDS } from './helpers/spec.ts';

const SLUG = 'inundacion-mocoa';
const OTHER = 'otra-emergencia';
const CLOSED = 'emergencia-cerrada';
const ALL: LogisticsStatus[] = ['available', 'assigned', 'in_transit', 'delivered', 'cancelled'];
/** The lifecycle as the leaders asked for it; anything else must be refused. */
const LEGAL = new Set([
  'available>assigned',
  'available>cancelled',
  'assigned>in_transit',
  'assigned>available',
  'assigned>cancelled',
  'in_transit>delivered',
  'in_transit>cancelled',
]);
/** How a fresh (available) route reaches each status through legal moves. */
const PATH_TO: Record<LogisticsStatus, LogisticsStatus[]> = {
  available: [],
  assigned: ['assigned'],
  in_transit: ['assigned', 'in_transit'],
  delivered: ['assigned', 'in_transit', 'delivered'],
  cancelled: ['cancelled'],
};
const PICKUP = { pickupAddress: 'Parque principal de Mocoa', pickupLatitude: 1.1497, pickupLongitude: -76.6469 };

let h: Harness;
let mocoa: EmergencyRow;
let cliEnv: Record<string, string>;

before(async () => {
  h = await setup();
  cliEnv = { DATABASE_URL: h.dbUrl, AYUDA_ACTOR: 'lider-rutas' };
  mocoa = await addEmergency(h, SLUG, 'Inundación Mocoa');
  await addEmergency(h, OTHER, 'Otra emergencia');
  await addEmergency(h, CLOSED, 'Emergencia cerrada');
  await closeEmergency(h.ctx, CLOSED, 'test');
});
after(() => h.close());

const cli = (...args: string[]) => runCli(args, cliEnv);

let place = 0;
/** A published request of the Mocoa emergency, each at its own place. */
function publishRequest(overrides: Record<string, unknown> = {}): Promise<string> {
  place++;
  return publish(
    h,
    requestBody({
      emergencySlug: SLUG,
      title: `Agua para el albergue ${place}`,
      address: `Escuela rural número ${place}`,
      latitude: 1.1 + place / 1000,
      longitude: -76.7 + place / 1000,
      quantityRequired: 20,
      unit: 'bidones',
      ...overrides,
    }),
  );
}

function publishCentre(overrides: Record<string, unknown> = {}): Promise<string> {
  return publish(
    h,
    offerBody({
      emergencySlug: SLUG,
      title: 'Centro de acopio del coliseo',
      address: 'Coliseo municipal, calle 5',
      latitude: 1.1612,
      longitude: -76.6391,
      collectionCenterStatus: 'needs_resources',
      ...overrides,
    }),
  );
}

function routeInput(destination: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    emergencySlug: SLUG,
    destinationHelpId: destination,
    title: 'Llevar agua al albergue',
    supplyDescription: 'Bidones de agua de 20 litros',
    quantityLabel: '30 bidones',
    ...PICKUP,
    routeConditions: 'Vía destapada después del puente',
    ...overrides,
  };
}

/** A route picked up at a centre: no address or coordinates of its own. */
function centreInput(destination: string, pickupHelpId: string): Record<string, unknown> {
  const input = routeInput(destination, { pickupHelpId });
  for (const field of Object.keys(PICKUP)) delete input[field];
  return input;
}

const createRoute = (destination: string, overrides: Record<string, unknown> = {}) =>
  createLogisticsOperation(h.ctx, routeInput(destination, overrides), 'test');

async function moveTo(id: string, status: LogisticsStatus) {
  for (const step of PATH_TO[status]) await setLogisticsStatus(h.ctx, id, step, 'test');
}

async function publicRoutes() {
  const res = await h.json({ method: 'GET', url: `/api/logistics-operations?emergencia=${SLUG}` });
  assert.equal(res.status, 200);
  assert.equal(res.body.canManage, false);
  return res.body.operations as Record<string, unknown>[];
}

/** availableRoutes of a record as both the list view and the detail view show it. */
async function availableRoutes(id: string): Promise<{ list: number; detail: number }> {
  const listed = await list(h, { emergencySlug: SLUG, type: 'request', status: 'all', limit: 100 });
  const item = listed.body.items.find((i: { id: string }) => i.id === id);
  assert.ok(item, `record ${id} in the list`);
  const detail = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` });
  assert.equal(detail.status, 200);
  return { list: item.logistics.availableRoutes, detail: detail.body.item.logistics.availableRoutes };
}

async function detail(id: string) {
  return (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` })).body.item;
}

async function routeCount(): Promise<number> {
  const row = await h.ctx.db
    .selectFrom('logistics_operations')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function auditEntries(action: string, targetId?: string) {
  let query = h.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action);
  if (targetId) query = query.where('target_id', '=', targetId);
  return query.orderBy('id').execute();
}

async function changeSeq(id: string): Promise<number> {
  const row = await h.ctx.db
    .selectFrom('help_records')
    .select('change_seq')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.change_seq);
}

async function rejectsWith(promise: Promise<unknown>, code: string, fields: string[] = []) {
  await assert.rejects(promise, (err: { code?: string; details?: { field: string }[] }) => {
    assert.equal(err.code, code, JSON.stringify(err));
    const named = (err.details ?? []).map((d) => d.field);
    for (const field of fields) assert.ok(named.includes(field), `${field} in ${JSON.stringify(err.details)}`);
    return true;
  });
}

describe('creating a route', () => {
  test('the command stores an available route that is public at once, and counts on its destination', async () => {
    const destination = await publishRequest();
    // Both views answered (and cached) before the route exists.
    assert.deepEqual(await availableRoutes(destination), { list: 0, detail: 0 });
    const canary = nextMobile();
    const row = await createRoute(destination, { volunteerContact: `Carlos, WhatsApp ${canary}` });
    assert.equal(row.status, 'available');
    assert.equal(row.volunteer_contact, `Carlos, WhatsApp ${canary}`);

    const ops = await publicRoutes();
    const op = ops.find((o) => o.id === row.id);
    assert.ok(op, 'in the public list');
    assert.deepEqual(Object.keys(op).sort(), LOGISTICS_OPERATION_FIELDS);
    const request = await detail(destination);
    assert.deepEqual(op, {
      id: row.id,
      emergency_slug: SLUG,
      destination_help_point_id: destination,
      title: 'Llevar agua al albergue',
      supply_description: 'Bidones de agua de 20 litros',
      quantity_label: '30 bidones',
      pickup_address: PICKUP.pickupAddress,
      pickup_latitude: PICKUP.pickupLatitude,
      pickup_longitude: PICKUP.pickupLongitude,
      // The request's public place: neighbourhood and municipality, never its street.
      destination_address: `${request.location.neighborhood}, ${request.location.municipality} (ubicación aproximada, unos 300 m)`,
      destination_latitude: request.location.latitude,
      destination_longitude: request.location.longitude,
      distance_km: op.distance_km,
      route_conditions: 'Vía destapada después del puente',
      status: 'available',
      created_at: row.created_at,
    });
    const expectedKm = distanceKm(
      PICKUP.pickupLatitude,
      PICKUP.pickupLongitude,
      request.location.latitude,
      request.location.longitude,
    );
    assert.ok(expectedKm > 1, 'the test places are apart');
    assert.ok(Math.abs((op.distance_km as number) - expectedKm) <= 0.005, `${op.distance_km} vs ${expectedKm}`);
    assert.equal(op.distance_km, roundKm(expectedKm));

    assert.deepEqual(await availableRoutes(destination), { list: 1, detail: 1 });
    await createRoute(destination, { title: 'Segunda ruta al albergue' });
    assert.deepEqual(await availableRoutes(destination), { list: 2, detail: 2 });

    const outputs = await crawlPublic(h);
    assert.deepEqual(leaks(outputs, [canary, 'Carlos, WhatsApp']), [], 'the volunteer contact is never public');

    // The leaders see it, contact included.
    const stored = await findLogisticsOperation(h.ctx, row.id);
    assert.equal(stored?.volunteer_contact, row.volunteer_contact);
    const forLeaders = await routesForLeaders(h.ctx.db, mocoa.id);
    const mine = forLeaders.find((r) => r.id === row.id);
    assert.equal(mine?.volunteer_contact, row.volunteer_contact);
    assert.equal(mine?.destination_title, request.title);

    const [entry] = await auditEntries('logistics_created', row.id);
    assert.deepEqual([entry?.actor, entry?.target_type], ['test', 'logistics_operation']);
  });

  test('a pickup at a published centre copies its address and coordinates', async () => {
    const centre = await publishCentre();
    const destination = await publishRequest();
    const row = await createLogisticsOperation(h.ctx, centreInput(destination, centre), 'test');
    const centreItem = await detail(centre);
    const request = await detail(destination);
    assert.deepEqual(
      [row.pickup_help_id, row.pickup_address, row.pickup_latitude, row.pickup_longitude],
      [centre, centreItem.location.address, centreItem.location.latitude, centreItem.location.longitude],
    );
    const op = (await publicRoutes()).find((o) => o.id === row.id);
    assert.deepEqual(
      [op?.pickup_address, op?.pickup_latitude, op?.pickup_longitude],
      ['Coliseo municipal, calle 5', 1.1612, -76.6391],
    );
    const km = distanceKm(1.1612, -76.6391, request.location.latitude, request.location.longitude);
    assert.ok(Math.abs((op?.distance_km as number) - km) <= 0.005, `${op?.distance_km} vs ${km}`);
  });

  test('a pickup must be a published offer of the emergency with a place, and comes one way only', async () => {
    const destination = await publishRequest();
    const pendingOffer = await submit(h, offerBody({ emergencySlug: SLUG, latitude: 1.15, longitude: -76.64 }));
    const noPlace = await publishCentre({ latitude: undefined, longitude: undefined, address: undefined });
    const otherCentre = await publishCentre({ emergencySlug: OTHER });
    const aRequest = await publishRequest();
    const before = await routeCount();
    for (const pickupHelpId of [pendingOffer, noPlace, otherCentre, aRequest, randomUUID()]) {
      await rejectsWith(
        createLogisticsOperation(h.ctx, centreInput(destination, pickupHelpId), 'test'),
        'validation_failed',
        ['pickupHelpId'],
      );
    }
    const centre = await publishCentre();
    // Both a centre and an address: which place is meant is unclear.
    await rejectsWith(createRoute(destination, { pickupHelpId: centre }), 'validation_failed', [
      'pickupAddress',
      'pickupLatitude',
      'pickupLongitude',
    ]);
    assert.equal(await routeCount(), before, 'nothing written');
  });

  test('invalid input: each bad field is named and nothing is written', async () => {
    const destination = await publishRequest();
    const seqBefore = await changeSeq(destination);
    const routesBefore = await routeCount();
    const auditBefore = (await auditEntries('logistics_created')).length;

    await rejectsWith(createLogisticsOperation(h.ctx, {}, 'test'), 'validation_failed', [
      'emergencySlug',
      'destinationHelpId',
      'title',
      'supplyDescription',
      'pickupAddress',
      'pickupLatitude',
      'pickupLongitude',
    ]);
    await assert.rejects(createLogisticsOperation(h.ctx, {}, 'test'), (err: { details: { code: string }[] }) =>
      err.details.every((d) => d.code === 'required'),
    );

    const bad = routeInput(destination, {
      destinationHelpId: 'no-es-un-uuid',
      title: 'abc',
      supplyDescription: '   ',
      quantityLabel: 'x'.repeat(81),
      pickupAddress: 'ab',
      pickupLatitude: 40.4,
      pickupLongitude: -60,
      routeConditions: 'x'.repeat(301),
      volunteerContact: 'x'.repeat(201),
      status: 'delivered',
    });
    await assert.rejects(
      createLogisticsOperation(h.ctx, bad, 'test'),
      (err: { code: string; details: { field: string; code: string; message: string }[] }) => {
        assert.equal(err.code, 'validation_failed');
        const byField = Object.fromEntries(err.details.map((d) => [d.field, d.code]));
        assert.deepEqual(byField, {
          destinationHelpId: 'invalid_format',
          title: 'too_small',
          supplyDescription: 'too_small',
          quantityLabel: 'too_big',
          pickupAddress: 'too_small',
          pickupLatitude: 'too_big',
          pickupLongitude: 'too_big',
          routeConditions: 'too_big',
          volunteerContact: 'too_big',
          status: 'unknown_field',
        });
        assert.ok(err.details.every((d) => d.message.length > 0));
        return true;
      },
    );
    await rejectsWith(createRoute(destination, { pickupLongitude: undefined }), 'validation_failed', [
      'pickupLongitude',
    ]);
    await rejectsWith(createRoute(destination, { pickupLatitude: '1.2' }), 'validation_failed', ['pickupLatitude']);
    await rejectsWith(createRoute(destination, { title: 'x'.repeat(101) }), 'validation_failed', ['title']);
    await rejectsWith(createLogisticsOperation(h.ctx, null, 'test'), 'validation_failed');

    assert.equal(await routeCount(), routesBefore, 'no route written');
    assert.equal((await auditEntries('logistics_created')).length, auditBefore, 'no audit entry');
    assert.equal(await changeSeq(destination), seqBefore, 'the destination did not change');

    // The limits themselves are accepted.
    const edge = await createRoute(destination, {
      title: 'x'.repeat(100),
      supplyDescription: 'y',
      quantityLabel: undefined,
      routeConditions: undefined,
      pickupAddress: 'Vado',
      pickupLatitude: 1.2,
      pickupLongitude: -76.6,
    });
    assert.deepEqual([edge.quantity_label, edge.route_conditions, edge.volunteer_contact], [null, null, null]);
  });

  test('the destination must be an approved, open request of that emergency', async () => {
    const pending = await submit(h, requestBody({ emergencySlug: SLUG }));
    const rejected = await submit(h, requestBody({ emergencySlug: SLUG }));
    await rejectSubmission(h.ctx, rejected, 'test', 'Duplicada');
    const offer = await publishCentre();
    const elsewhere = await publish(h, requestBody({ emergencySlug: OTHER }));
    const completed = await publishRequest();
    await setRecordStatus(h.ctx, completed, 'completed', 'test');
    const before = await routeCount();
    for (const [name, id] of Object.entries({ pending, rejected, offer, elsewhere, completed, none: randomUUID() })) {
      await assert.rejects(createRoute(id), (err: { code: string; details: { field: string }[] }) => {
        assert.equal(err.code, 'not_a_published_request', name);
        assert.equal(err.details[0]?.field, 'destinationHelpId', name);
        return true;
      });
    }
    const destination = await publishRequest();
    await rejectsWith(createRoute(destination, { emergencySlug: 'no-existe' }), 'unknown_emergency', ['emergencySlug']);
    await rejectsWith(createRoute(destination, { emergencySlug: CLOSED }), 'emergency_closed', ['emergencySlug']);
    assert.equal(await routeCount(), before, 'nothing written');
  });
});

describe('moving a route', () => {
  test('each legal move is made and each illegal one refused', async () => {
    const destination = await publishRequest();
    for (const from of ALL) {
      for (const to of ALL) {
        const route = await createRoute(destination, { title: `Ruta de ${from} a ${to}` });
        await moveTo(route.id, from);
        const label = `${from} -> ${to}`;
        if (LEGAL.has(`${from}>${to}`)) {
          const moved = await setLogisticsStatus(h.ctx, route.id, to, 'lider', { note: label });
          assert.equal(moved.status, to, label);
          assert.equal((await findLogisticsOperation(h.ctx, route.id))?.status, to, label);
          const entry = (await auditEntries('logistics_status_changed', route.id)).at(-1);
          assert.equal(entry?.actor, 'lider', label);
          assert.deepEqual(
            [JSON.parse(entry?.details ?? '{}').from, JSON.parse(entry?.details ?? '{}').to],
            [from, to],
            label,
          );
        } else {
          await assert.rejects(
            setLogisticsStatus(h.ctx, route.id, to, 'lider'),
            (err: { code: string; details: { from: string; to: string }[] }) => {
              assert.equal(err.code, 'invalid_transition', label);
              assert.deepEqual([err.details[0]?.from, err.details[0]?.to], [from, to], label);
              return true;
            },
          );
          assert.equal((await findLogisticsOperation(h.ctx, route.id))?.status, from, label);
        }
      }
    }
  });

  test('unknown routes and unknown statuses are refused', async () => {
    await rejectsWith(setLogisticsStatus(h.ctx, randomUUID(), 'assigned', 'test'), 'logistics_operation_not_found', [
      'id',
    ]);
    const route = await createRoute(await publishRequest());
    await rejectsWith(
      setLogisticsStatus(h.ctx, route.id, 'archivada' as LogisticsStatus, 'test'),
      'validation_failed',
      ['status'],
    );
    assert.equal((await findLogisticsOperation(h.ctx, route.id))?.status, 'available');
  });

  test('a route that is no longer available leaves the public list and its destination count', async () => {
    const destination = await publishRequest();
    const route = await createRoute(destination);
    const spare = await createRoute(destination, { title: 'Ruta que se cancela' });
    const isPublic = async (id: string) => (await publicRoutes()).some((o) => o.id === id);
    assert.deepEqual(await availableRoutes(destination), { list: 2, detail: 2 });
    assert.ok(await isPublic(route.id));

    await setLogisticsStatus(h.ctx, spare.id, 'cancelled', 'test');
    assert.ok(!(await isPublic(spare.id)), 'cancelled leaves');
    assert.deepEqual(await availableRoutes(destination), { list: 1, detail: 1 });

    await setLogisticsStatus(h.ctx, route.id, 'assigned', 'test');
    assert.ok(!(await isPublic(route.id)), 'assigned leaves');
    assert.deepEqual(await availableRoutes(destination), { list: 0, detail: 0 });

    await setLogisticsStatus(h.ctx, route.id, 'available', 'test', { note: 'El voluntario no pudo ir' });
    assert.ok(await isPublic(route.id), 'back to available when the volunteer drops out');
    assert.deepEqual(await availableRoutes(destination), { list: 1, detail: 1 });

    await setLogisticsStatus(h.ctx, route.id, 'assigned', 'test');
    await setLogisticsStatus(h.ctx, route.id, 'in_transit', 'test');
    assert.ok(!(await isPublic(route.id)), 'in transit is not listed');
    assert.deepEqual(await availableRoutes(destination), { list: 0, detail: 0 });
    await setLogisticsStatus(h.ctx, route.id, 'delivered', 'test');
    assert.ok(!(await isPublic(route.id)), 'delivered is not listed');
    assert.deepEqual(await availableRoutes(destination), { list: 0, detail: 0 });

    const statuses = new Map((await routesForLeaders(h.ctx.db, mocoa.id)).map((r) => [r.id, r.status]));
    assert.deepEqual([statuses.get(route.id), statuses.get(spare.id)], ['delivered', 'cancelled'], 'leaders see all');
  });

  test('a delivery can add to what the request has covered, with a public timeline item', async () => {
    const destination = await publishRequest({ quantityRequired: 20 });
    const first = await createRoute(destination);
    const second = await createRoute(destination);
    await moveTo(first.id, 'in_transit');
    await moveTo(second.id, 'in_transit');
    const before = await detail(destination);
    assert.equal(before.quantities.covered, 0);

    await setLogisticsStatus(h.ctx, first.id, 'delivered', 'test', {
      addCovered: 8,
      note: 'Llegaron 8 bidones por la ruta',
    });
    const afterFirst = await detail(destination);
    assert.deepEqual([afterFirst.quantities.covered, afterFirst.quantities.pending], [8, 12]);
    assert.equal(afterFirst.timeline.length, before.timeline.length + 1);
    const event = afterFirst.timeline.at(-1);
    assert.deepEqual([event.kind, event.note], ['coverage_updated', 'Llegaron 8 bidones por la ruta']);
    const listed = await list(h, { emergencySlug: SLUG, type: 'request', status: 'all', limit: 100 });
    const item = listed.body.items.find((i: { id: string }) => i.id === destination);
    assert.equal(item.quantities.covered, 8, 'the list view moved too');

    await setLogisticsStatus(h.ctx, second.id, 'delivered', 'test', { addCovered: 5 });
    const afterSecond = await detail(destination);
    assert.deepEqual([afterSecond.quantities.covered, afterSecond.quantities.pending], [13, 7], 'adds, not sets');
    const stored = await h.ctx.db
      .selectFrom('help_records')
      .select(['quantity_covered', 'quantity_pending'])
      .where('id', '=', destination)
      .executeTakeFirstOrThrow();
    assert.deepEqual([stored.quantity_covered, stored.quantity_pending], [13, 7]);
  });

  test('a delivery without quantity leaves coverage alone; a quantity is allowed only on delivery and above 0', async () => {
    const destination = await publishRequest();
    const route = await createRoute(destination);
    await moveTo(route.id, 'in_transit');
    const before = await detail(destination);
    for (const [status, addCovered] of [
      ['cancelled', 3],
      ['delivered', 0],
      ['delivered', -2],
      ['delivered', Number.NaN],
    ] as [LogisticsStatus, number][]) {
      await rejectsWith(setLogisticsStatus(h.ctx, route.id, status, 'test', { addCovered }), 'validation_failed', [
        'addCovered',
      ]);
    }
    assert.equal((await findLogisticsOperation(h.ctx, route.id))?.status, 'in_transit');
    const other = await createRoute(destination);
    await rejectsWith(setLogisticsStatus(h.ctx, other.id, 'assigned', 'test', { addCovered: 2 }), 'validation_failed', [
      'addCovered',
    ]);

    await setLogisticsStatus(h.ctx, route.id, 'delivered', 'test');
    const after = await detail(destination);
    assert.equal(after.quantities.covered, before.quantities.covered);
    assert.equal(after.timeline.length, before.timeline.length, 'no coverage event');
  });
});

describe('the ayuda CLI', () => {
  test('logistics create: a negative longitude works and the route is public at once', async () => {
    const destination = await publishRequest();
    assert.deepEqual(await availableRoutes(destination), { list: 0, detail: 0 });
    const res = await cli(
      'logistics',
      'create',
      '--emergency',
      SLUG,
      '--destination',
      destination,
      '--title',
      'Mercados desde la parroquia',
      '--supply',
      'Veinte mercados familiares',
      '--pickup-address',
      'Parroquia San Miguel',
      '--pickup-lat',
      '1.1523',
      '--pickup-lon',
      '-76.6512',
      '--quantity-label',
      '20 mercados',
      '--volunteer-contact',
      'Luisa 3009998877',
    );
    assert.equal(res.code, 0, res.stderr);
    const id = res.stdout.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/)?.[0];
    assert.ok(id, res.stdout);
    const op = (await publicRoutes()).find((o) => o.id === id);
    assert.deepEqual(
      [op?.title, op?.status, op?.pickup_latitude, op?.pickup_longitude, op?.quantity_label],
      ['Mercados desde la parroquia', 'available', 1.1523, -76.6512, '20 mercados'],
    );
    assert.ok(!JSON.stringify(await publicRoutes()).includes('9998877'));
    assert.deepEqual(await availableRoutes(destination), { list: 1, detail: 1 }, 'no stale cache');
    const [entry] = await auditEntries('logistics_created', id);
    assert.equal(entry?.actor, 'cli:lider-rutas');
  });

  test('logistics create --json and --pickup-center; usage errors exit 2, refused operations exit 1', async () => {
    const destination = await publishRequest();
    const centre = await publishCentre();
    const base = ['logistics', 'create', '--emergency', SLUG, '--destination', destination];
    const what = ['--title', 'Agua desde el coliseo', '--supply', 'Bidones'];
    const json = await cli(...base, ...what, '--pickup-center', centre, '--volunteer-contact', 'Pedro', '--json');
    assert.equal(json.code, 0, json.stderr);
    const row = JSON.parse(json.stdout);
    assert.deepEqual(
      [row.status, row.pickup_help_id, row.pickup_address, row.volunteer_contact, row.emergency_slug],
      ['available', centre, 'Coliseo municipal, calle 5', 'Pedro', SLUG],
    );
    const help = await cli('logistics', 'create', '--help');
    assert.equal(help.code, 0);
    assert.match(help.stdout, /Uso: ayuda logistics create/);

    const before = await routeCount();
    const pickup = ['--pickup-address', 'Parque', '--pickup-lat', '1.15', '--pickup-lon', '-76.65'];
    for (const [args, why] of [
      [[...base, '--supply', 'Bidones', ...pickup], 'missing --title'],
      [[...base, ...what], 'no pickup at all'],
      [[...base, ...what, '--pickup-address', 'Parque', '--pickup-lat', 'norte', '--pickup-lon', '-76.6'], 'lat'],
      [[...base, ...what, ...pickup, '--colour', 'rojo'], 'unknown option'],
    ] as [string[], string][]) {
      const res = await cli(...args);
      assert.equal(res.code, 2, `${why}: ${res.stderr}`);
      assert.match(res.stderr, /Uso: ayuda logistics create/, why);
    }
    const outside = await cli(
      ...base,
      ...what,
      '--pickup-address',
      'Madrid',
      '--pickup-lat',
      '40.4',
      '--pickup-lon',
      '-3.7',
    );
    assert.equal(outside.code, 1);
    assert.match(outside.stderr, /validation_failed/);
    assert.match(outside.stderr, /pickupLatitude/);
    assert.match(outside.stderr, /pickupLongitude/);
    const pending = await submit(h, requestBody({ emergencySlug: SLUG }));
    const refused = await cli('logistics', 'create', '--emergency', SLUG, '--destination', pending, ...what, ...pickup);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /not_a_published_request/);
    assert.equal(await routeCount(), before, 'nothing written by refused commands');
  });

  test('logistics status: moves, delivery with quantity, and its errors', async () => {
    const destination = await publishRequest({ quantityRequired: 10 });
    const route = await createRoute(destination);
    const assigned = await cli('logistics', 'status', route.id, 'assigned', '--note', 'Voluntaria con moto');
    assert.equal(assigned.code, 0, assigned.stderr);
    assert.ok(!(await publicRoutes()).some((o) => o.id === route.id), 'left the public list at once');
    assert.deepEqual(await availableRoutes(destination), { list: 0, detail: 0 });

    const illegal = await cli('logistics', 'status', route.id, 'delivered');
    assert.equal(illegal.code, 1);
    assert.match(illegal.stderr, /invalid_transition/);
    assert.equal((await cli('logistics', 'status', route.id, 'perdida')).code, 2);
    assert.equal((await cli('logistics', 'status', route.id)).code, 2);
    assert.equal((await cli('logistics', 'status', route.id, 'delivered', '--add-covered', 'muchos')).code, 2);
    const early = await cli('logistics', 'status', route.id, 'in_transit', '--add-covered', '3');
    assert.equal(early.code, 1);
    assert.match(early.stderr, /addCovered/);
    const unknown = await cli('logistics', 'status', randomUUID(), 'assigned');
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /logistics_operation_not_found/);

    assert.equal((await cli('logistics', 'status', route.id, 'in_transit')).code, 0);
    const delivered = await cli('logistics', 'status', route.id, 'delivered', '--add-covered', '4', '--json');
    assert.equal(delivered.code, 0, delivered.stderr);
    assert.equal(JSON.parse(delivered.stdout).status, 'delivered');
    const item = await detail(destination);
    assert.deepEqual([item.quantities.covered, item.quantities.pending], [4, 6], 'no stale cache');
    assert.equal(item.timeline.at(-1).kind, 'coverage_updated');
    const help = await cli('logistics', 'status', '--help');
    assert.equal(help.code, 0);
    assert.match(help.stdout, /Uso: ayuda logistics status/);
  });
});
