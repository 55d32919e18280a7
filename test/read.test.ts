// GET /api/public/v1/help: discovery, panorama, list filters and order, detail, and every query bound.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { setCoveredQuantity } from '../src/commands/set-covered-quantity.ts';
import { setRecordStatus } from '../src/commands/set-record-status.ts';
import { distanceKm } from '../src/domain/distance.ts';
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

let h: Harness;
const ids = {} as Record<'medicine' | 'water' | 'nappies' | 'offer' | 'salgar' | 'pending' | 'done', string>;
// Centre of Mocoa and points at known distances.
const centre = { latitude: 1.1466, longitude: -76.6475 };

before(async () => {
  h = await setup();
  await addEmergency(h);
  await addEmergency(h, 'deslizamiento-salgar', 'Deslizamiento Salgar');
  ids.medicine = await publish(
    h,
    requestBody({
      title: 'Medicaméntos para adultos mayores',
      category: 'medicamentos',
      emergencySlug: 'inundacion-mocoa',
      urgency: 'urgent',
      quantityRequired: 40,
      unit: 'cajas',
      neighborhood: 'José Homero',
      latitude: 1.1466,
      longitude: -76.6475,
    }),
  );
  h.clock.advanceHours(1);
  ids.water = await publish(
    h,
    requestBody({
      title: 'Agua potable para seis familias',
      emergencySlug: 'inundacion-mocoa',
      quantityRequired: 100,
      unit: 'litros',
      latitude: 1.19,
      longitude: -76.6475,
      contactName: 'Rosalba Quiñones',
    }),
  );
  h.clock.advanceHours(1);
  ids.nappies = await publish(
    h,
    requestBody({
      title: 'Pañales talla 3',
      category: 'panales',
      emergencySlug: 'inundacion-mocoa',
      quantityRequired: 20,
      unit: 'paquetes',
      latitude: 1.5,
      longitude: -76.6475,
    }),
  );
  ids.offer = await publish(
    h,
    offerBody({
      title: 'Centro de acopio parroquia San Miguel',
      category: 'acopio',
      emergencySlug: 'inundacion-mocoa',
      collectionCenterStatus: 'needs_resources',
      address: 'Parroquia San Miguel',
      latitude: 1.15,
      longitude: -76.65,
    }),
  );
  ids.salgar = await publish(
    h,
    requestBody({
      title: 'Refugio temporal en Salgar',
      category: 'refugio',
      emergencySlug: 'deslizamiento-salgar',
      latitude: 5.96,
      longitude: -75.98,
    }),
  );
  ids.pending = await submit(
    h,
    requestBody({ title: 'Pendiente de revisión agua', emergencySlug: 'inundacion-mocoa' }),
  );
  await setCoveredQuantity(h.ctx, ids.water, 80, 'test'); // 80% covered: near_covered
  await setCoveredQuantity(h.ctx, ids.nappies, 5, 'test'); // 25%: deficit
  ids.done = await publish(
    h,
    requestBody({ title: 'Ropa de niños entregada', category: 'ropa', emergencySlug: 'inundacion-mocoa' }),
  );
  await setRecordStatus(h.ctx, ids.done, 'completed', 'test', 'Entregado por la Defensa Civil');
});
after(() => h.close());

const itemIds = (body: { items: { id: string }[] }) => body.items.map((i) => i.id);

describe('views', () => {
  test('without view: discovery with version, links, capabilities and each active emergency', async () => {
    const res = await h.json({ method: 'GET', url: HELP });
    assert.equal(res.status, 200);
    assert.equal(res.body.version, '1.6.0');
    assert.equal(res.body.public, true);
    assert.equal(res.body.openapi, 'http://ayuda.test/api/public/openapi.json');
    assert.equal(res.body.mcp, 'http://ayuda.test/mcp');
    assert.ok(res.body.capabilities.includes('submit_request'));
    assert.deepEqual(res.body.emergencies.map((e: { slug: string }) => e.slug).sort(), [
      'deslizamiento-salgar',
      'inundacion-mocoa',
    ]);
    assert.equal(res.headers['access-control-allow-origin'], '*');
  });

  test('panorama counts published records only, per emergency and in total', async () => {
    const res = await h.json({ method: 'GET', url: `${HELP}?view=panorama` });
    assert.equal(res.status, 200);
    const mocoa = res.body.emergencies.find((e: { slug: string }) => e.slug === 'inundacion-mocoa');
    assert.equal(mocoa.counts.requests.active, 3);
    assert.equal(mocoa.counts.requests.completed, 1);
    assert.equal(mocoa.counts.requests.total, 4, 'the pending submission is not counted');
    assert.equal(mocoa.counts.offers.total, 1);
    assert.equal(mocoa.counts.urgentRequests, 1);
    assert.equal(mocoa.counts.collectionCenters, 1);
    const water = mocoa.quantities.byCategory.find((q: { category: string }) => q.category === 'agua');
    assert.deepEqual(
      { required: water.required, covered: water.covered, pending: water.pending },
      { required: 100, covered: 80, pending: 20 },
    );
    assert.equal(mocoa.urgentNeeds[0].id, ids.medicine);
    assert.equal(res.body.counts.requests.total, 5);
    assert.equal(res.body.routes.total, 0);
    const one = await h.json({ method: 'GET', url: `${HELP}?view=panorama&emergencySlug=deslizamiento-salgar` });
    assert.equal(one.body.emergencies.length, 1);
    assert.equal(one.body.counts.requests.total, 1);
  });

  test('detail of a published record; unknown, pending and malformed ids are 404', async () => {
    const res = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${ids.water}` });
    assert.equal(res.status, 200);
    const item = res.body.item;
    assert.equal(item.id, ids.water);
    assert.equal(item.publicUrl, `http://ayuda.test/ayudas/${ids.water}`);
    assert.equal(item.contact.whatsappUrl, 'https://wa.me/573001234567');
    assert.equal(item.operationalStatus, 'partially_covered');
    assert.deepEqual(item.quantities, {
      people: 1,
      peopleGiven: false,
      required: 100,
      covered: 80,
      pending: 20,
      unit: 'litros',
      coveredFraction: 0.8,
      committed: 0,
      uncommitted: 20,
      pledges: 0,
    });
    assert.equal(item.verification.verified, true);
    assert.deepEqual(
      item.timeline.map((t: { kind: string }) => t.kind),
      ['submitted', 'approved', 'coverage_updated'],
    );
    for (const id of [ids.pending, '00000000-0000-4000-8000-000000000000', 'no-es-un-id']) {
      const missing = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` });
      assert.equal(missing.status, 404, id);
      assert.equal(missing.body.code, 'help_not_found');
    }
  });

  test('a completed record shows its public note in the timeline', async () => {
    const res = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${ids.done}` });
    const last = res.body.item.timeline.at(-1);
    assert.deepEqual(
      [last.kind, last.status, last.note],
      ['status_changed', 'completed', 'Entregado por la Defensa Civil'],
    );
    assert.equal(res.body.item.operationalStatus, 'delivered');
    assert.equal(res.body.item.priorityScore, 0);
  });
});

describe('list', () => {
  test('defaults: active records of active emergencies, priority first then newest, limit 50', async () => {
    const res = await list(h);
    assert.equal(res.status, 200);
    assert.equal(res.body.filters.status, 'active');
    assert.equal(res.body.filters.limit, 50);
    assert.ok(!itemIds(res.body).includes(ids.done));
    assert.ok(!itemIds(res.body).includes(ids.pending));
    const scores = res.body.items.map((i: { priorityScore: number }) => i.priorityScore);
    assert.deepEqual(
      scores,
      [...scores].sort((a: number, b: number) => b - a),
    );
    assert.equal(res.body.items[0].id, ids.medicine, 'urgent first');
    assert.equal(res.body.total, res.body.returned);
  });

  test('type, status, category, emergency and limit', async () => {
    assert.deepEqual(itemIds((await list(h, { type: 'offer' })).body), [ids.offer]);
    assert.deepEqual(itemIds((await list(h, { status: 'completed' })).body), [ids.done]);
    assert.deepEqual(itemIds((await list(h, { category: 'panales' })).body), [ids.nappies]);
    assert.deepEqual(itemIds((await list(h, { emergencySlug: 'deslizamiento-salgar' })).body), [ids.salgar]);
    const limited = await list(h, { limit: 2 });
    assert.equal(limited.body.returned, 2);
    assert.equal(limited.body.total, 5);
  });

  test('priority filters: urgent, deficit (< 50% covered), near_covered (>= 75%, not complete)', async () => {
    assert.deepEqual(itemIds((await list(h, { priority: 'urgent' })).body), [ids.medicine]);
    const deficit = itemIds((await list(h, { priority: 'deficit' })).body);
    assert.ok(deficit.includes(ids.nappies) && deficit.includes(ids.medicine) && !deficit.includes(ids.water));
    assert.deepEqual(itemIds((await list(h, { priority: 'near_covered' })).body), [ids.water]);
  });

  test('q is case- and accent-insensitive across title, place, category and public name', async () => {
    assert.deepEqual(itemIds((await list(h, { q: 'medicamentos' })).body), [ids.medicine]);
    assert.deepEqual(itemIds((await list(h, { q: 'MEDICAMÉNTOS' })).body), [ids.medicine]);
    assert.deepEqual(itemIds((await list(h, { q: 'jose homero' })).body), [ids.medicine], 'neighbourhood');
    assert.deepEqual(itemIds((await list(h, { q: 'panales' })).body), [ids.nappies], 'category');
    assert.deepEqual(itemIds((await list(h, { q: 'quinones' })).body), [ids.water], 'public contact name');
    assert.deepEqual(itemIds((await list(h, { q: 'medic' })).body), [ids.medicine], 'word beginnings');
    assert.equal((await list(h, { q: 'revision' })).body.total, 0, 'pending submissions are never found');
    assert.equal((await list(h, { q: 'medicamentos helicoptero' })).body.total, 0, 'every word must match');
  });

  test('geo filter keeps records within the great-circle radius and reports their distance', async () => {
    const res = await list(h, { ...centre, radiusKm: 5 });
    const got = itemIds(res.body);
    assert.ok(got.includes(ids.medicine) && got.includes(ids.water) && got.includes(ids.offer));
    assert.ok(!got.includes(ids.nappies), 'about 39 km away');
    for (const item of res.body.items) {
      const expected = distanceKm(centre.latitude, centre.longitude, item.location.latitude, item.location.longitude);
      assert.ok(Math.abs(item.location.distanceKm - expected) < 0.01, `${item.location.distanceKm} vs ${expected}`);
      assert.ok(item.location.distanceKm <= 5);
    }
    const near = await list(h, { ...centre, radiusKm: 4.7 });
    assert.ok(!itemIds(near.body).includes(ids.water), 'water is 4.83 km north');
    const wide = await list(h, centre);
    assert.equal(wide.body.filters.radiusKm, 25, 'radius defaults to 25 km');
    assert.ok(!itemIds(wide.body).includes(ids.nappies));
  });

  test('sort=distance: nearest first, within the radius; sort=priority is the default order', async () => {
    // Beside the water request (1.19, 4.8 km north of the urgent medicine request): nearest and best differ.
    const here = { latitude: 1.185, longitude: -76.6475, radiusKm: 10 };
    const byPriority = await list(h, here);
    const nearest = await list(h, { ...here, sort: 'distance' });
    assert.equal(nearest.status, 200);
    assert.equal(nearest.body.total, byPriority.body.total, 'the same records, in another order');
    assert.deepEqual(itemIds(nearest.body).sort(), itemIds(byPriority.body).sort());
    const distances = nearest.body.items.map((item: { location: { distanceKm: number } }) => item.location.distanceKm);
    assert.ok(distances.length >= 3, JSON.stringify(distances));
    assert.deepEqual(
      distances,
      [...distances].sort((a, b) => a - b),
      'ascending distance',
    );
    assert.equal(itemIds(nearest.body)[0], ids.water);
    assert.equal(itemIds(byPriority.body)[0], ids.medicine, 'urgent first by priority');
    const explicit = await list(h, { ...here, sort: 'priority' });
    assert.deepEqual(itemIds(explicit.body), itemIds(byPriority.body));
    // limit keeps the nearest, not the first by priority.
    const first = await list(h, { ...here, sort: 'distance', limit: 1 });
    assert.deepEqual(itemIds(first.body), [ids.water]);
  });

  test('logistics=true: active requests that still need delivery; capacity keeps what fits', async () => {
    const res = await list(h, { logistics: true });
    const got = itemIds(res.body);
    assert.ok(got.includes(ids.medicine) && got.includes(ids.water) && got.includes(ids.nappies));
    assert.ok(!got.includes(ids.offer) && !got.includes(ids.done));
    assert.equal(res.body.filters.type, 'request');
    const fits = await list(h, { logistics: true, capacity: 20 });
    assert.deepEqual(itemIds(fits.body).sort(), [ids.nappies, ids.water].sort(), 'pending 15 and 20 fit; 40 does not');
  });

  test('ETag: a repeated read answers 304 until something changes', async () => {
    const first = await h.request({ method: 'GET', url: `${HELP}?view=list` });
    const etag = first.headers.etag as string;
    const again = await h.request({ method: 'GET', url: `${HELP}?view=list`, headers: { 'if-none-match': etag } });
    assert.equal(again.statusCode, 304);
    await setCoveredQuantity(h.ctx, ids.medicine, 10, 'test');
    const changed = await h.request({ method: 'GET', url: `${HELP}?view=list`, headers: { 'if-none-match': etag } });
    assert.equal(changed.statusCode, 200, 'a change is visible at once');
    assert.notEqual(changed.headers.etag, etag);
  });
});

describe('query validation: 400 invalid_query with a detail per parameter', () => {
  const cases: [string, string, string][] = [
    ['view=map', 'view', 'invalid_value'],
    ['view=detail', 'id', 'required'],
    ['type=both', 'type', 'invalid_value'],
    ['status=closed', 'status', 'invalid_value'],
    ['category=comida', 'category', 'invalid_value'],
    ['priority=high', 'priority', 'invalid_value'],
    [`q=${'a'.repeat(121)}`, 'q', 'too_big'],
    ['latitude=14&longitude=-75', 'latitude', 'too_big'],
    ['latitude=-4.4&longitude=-75', 'latitude', 'too_small'],
    ['latitude=4&longitude=-80', 'longitude', 'too_small'],
    ['latitude=4&longitude=-66.7', 'longitude', 'too_big'],
    ['latitude=abc&longitude=-75', 'latitude', 'not_a_number'],
    ['latitude=4', 'longitude', 'coordinates_pair'],
    ['latitude=4&longitude=-75&radiusKm=0.05', 'radiusKm', 'too_small'],
    ['latitude=4&longitude=-75&radiusKm=501', 'radiusKm', 'too_big'],
    ['radiusKm=5', 'radiusKm', 'needs_coordinates'],
    ['logistics=yes', 'logistics', 'invalid_value'],
    ['capacity=-1', 'capacity', 'too_small'],
    ['capacity=mucho', 'capacity', 'not_a_number'],
    ['limit=0', 'limit', 'too_small'],
    ['limit=101', 'limit', 'too_big'],
    ['limit=2.5', 'limit', 'not_an_integer'],
    ['emergencySlug=No%20Valido', 'emergencySlug', 'invalid_format'],
    ['type=request&type=offer', 'type', 'repeated_parameter'],
    ['sort=nearest', 'sort', 'invalid_value'],
    ['sort=distance', 'sort', 'sort_needs_coordinates'],
    ['sort=distance&radiusKm=5', 'sort', 'sort_needs_coordinates'],
    ['order=distance', 'order', 'unknown_field'],
  ];
  for (const [query, field, code] of cases) {
    test(query.slice(0, 60), async () => {
      const res = await h.json({
        method: 'GET',
        url: `${HELP}?view=list&${query}`.replace('view=list&view=', 'view='),
      });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.code, 'invalid_query');
      const detail = res.body.details.find((d: { field: string }) => d.field === field);
      assert.ok(detail, JSON.stringify(res.body.details));
      assert.equal(detail.code, code);
    });
  }

  test('an unknown emergency is 400 unknown_emergency', async () => {
    const res = await h.json({ method: 'GET', url: `${HELP}?view=list&emergencySlug=no-existe` });
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 'unknown_emergency');
  });

  test('bounds themselves are accepted', async () => {
    for (const query of [
      'limit=1',
      'limit=100',
      'latitude=-4.3&longitude=-79.1&radiusKm=0.1',
      'latitude=13.6&longitude=-66.8&radiusKm=500',
      'capacity=0',
      `q=${'a'.repeat(120)}`,
    ]) {
      const res = await h.json({ method: 'GET', url: `${HELP}?view=list&${query}` });
      assert.equal(res.status, 200, `${query}: ${JSON.stringify(res.body)}`);
    }
  });
});

test('an approved submission of a closed emergency stays readable by id, and leaves default lists', async () => {
  const { closeEmergency } = await import('../src/commands/close-emergency.ts');
  await closeEmergency(h.ctx, 'deslizamiento-salgar', 'test');
  assert.ok(!itemIds((await list(h)).body).includes(ids.salgar));
  assert.deepEqual(itemIds((await list(h, { emergencySlug: 'deslizamiento-salgar' })).body), [ids.salgar]);
  const detail = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${ids.salgar}` });
  assert.equal(detail.body.item.emergency.status, 'closed');
  const res = await h.json({
    method: 'POST',
    url: HELP,
    payload: requestBody({ emergencySlug: 'deslizamiento-salgar' }),
  });
  assert.equal(res.status, 400);
  assert.equal(res.body.code, 'emergency_closed');
  void approveSubmission;
});

test('a completed request leaves the deficit filter, whatever the status filter', async () => {
  assert.ok(itemIds((await list(h, { priority: 'deficit', status: 'all' })).body).includes(ids.nappies));
  await setRecordStatus(h.ctx, ids.nappies, 'completed', 'test');
  assert.ok(!itemIds((await list(h, { priority: 'deficit', status: 'all' })).body).includes(ids.nappies));
});
