// GET /api/public/v1/map-points: every matching public point in a box, the list's filters, never the exact point
// of an approximate request, and counted groups past the threshold.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { snapToGrid } from '../src/domain/public-place.ts';
import { mapPoints } from '../src/queries/map-points.ts';
import { mapPointsQuery } from '../src/schemas/help-query.ts';
import { mapPoints as mapPointsSchema } from '../src/schemas/public-help.ts';
import { addEmergency, type Harness, offerBody, publish, requestBody, setup, submit } from './helpers/harness.ts';
import { OpenApiValidator } from './helpers/openapi-validator.ts';

const PATH = '/api/public/v1/map-points';
const SLUG = 'inundacion-mocoa';
let h: Harness;
/** A home, sent with its exact point and published as an approximate request. */
const HOME = { latitude: 1.143217, longitude: -76.641234 };
const ids = { home: '', offers: [] as string[], requests: [] as string[], pending: '', noPlace: '', other: '' };

type Point = { id: string; latitude: number; longitude: number; precision: string; type: string };

function get(params: Record<string, string | number> = {}) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
  return h.json({ method: 'GET', url: `${PATH}?${query}` });
}

before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  await addEmergency(h, 'deslizamiento-salgar', 'Deslizamiento Salgar');
  ids.home = await publish(h, requestBody({ emergencySlug: SLUG, title: 'Casa inundada', urgency: 'urgent', ...HOME }));
  // 60 requests spread over the valley: more than a list's default page of 50.
  for (let i = 0; i < 60; i++) {
    ids.requests.push(
      await publish(
        h,
        requestBody({
          emergencySlug: SLUG,
          title: `Solicitud ${i}`,
          latitude: 1.1 + (i % 10) * 0.01,
          longitude: -76.7 + Math.floor(i / 10) * 0.01,
        }),
      ),
    );
  }
  for (const [lat, lon] of [
    [1.16, -76.66],
    [1.3, -76.9],
  ]) {
    ids.offers.push(await publish(h, offerBody({ emergencySlug: SLUG, latitude: lat, longitude: lon })));
  }
  ids.noPlace = await publish(h, offerBody({ emergencySlug: SLUG, title: 'Sin lugar' }));
  ids.pending = await submit(h, requestBody({ emergencySlug: SLUG, latitude: 1.12, longitude: -76.62 }));
  ids.other = await publish(
    h,
    requestBody({ emergencySlug: 'deslizamiento-salgar', latitude: 6.0, longitude: -75.9, title: 'Salgar' }),
  );
});
after(() => h?.close());

describe('GET /api/public/v1/map-points', () => {
  test('every published record with a place, beyond a list page, and nothing unpublished or unplaced', async () => {
    const res = await get({ emergencySlug: SLUG });
    assert.equal(res.status, 200);
    assert.equal(res.body.clustered, false);
    assert.deepEqual(res.body.clusters, []);
    const got = (res.body.points as Point[]).map((p) => p.id).sort();
    assert.deepEqual(got, [ids.home, ...ids.requests, ...ids.offers].sort());
    assert.equal(res.body.total, got.length);
    assert.ok(got.length > 50);
    assert.match(String(res.headers.etag), /.+/);
  });

  test('never the exact point of an approximate request: its public point, marked approximate', async () => {
    const cases: Record<string, string | number>[] = [
      { emergencySlug: SLUG },
      { status: 'all' },
      { latitude: HOME.latitude, longitude: HOME.longitude, radiusKm: 1 },
    ];
    for (const params of cases) {
      const res = await get(params);
      const body = JSON.stringify(res.body);
      assert.ok(
        !body.includes(String(HOME.latitude)) && !body.includes(String(HOME.longitude)),
        JSON.stringify(params),
      );
      const home = (res.body.points as Point[]).find((p) => p.id === ids.home);
      assert.deepEqual(home && [home.latitude, home.longitude, home.precision], [
        snapToGrid(HOME.latitude),
        snapToGrid(HOME.longitude),
        'approximate',
      ]);
    }
    // A box around the exact point but missing the cell's centre finds nothing of it.
    const centre = { lat: snapToGrid(HOME.latitude), lon: snapToGrid(HOME.longitude) };
    const tight = await get({
      emergencySlug: SLUG,
      bbox: [HOME.longitude - 0.00001, HOME.latitude - 0.00001, HOME.longitude + 0.00001, HOME.latitude + 0.00001].join(
        ',',
      ),
    });
    assert.ok(Math.abs(centre.lat - HOME.latitude) > 0.00001 || Math.abs(centre.lon - HOME.longitude) > 0.00001);
    assert.ok(!(tight.body.points as Point[]).some((p) => p.id === ids.home));
  });

  test('bbox keeps the points inside it; the list filters apply', async () => {
    const bbox = '-76.705,1.095,-76.675,1.155';
    const res = await get({ emergencySlug: SLUG, bbox });
    const points = res.body.points as Point[];
    assert.ok(points.length > 0);
    for (const p of points) {
      assert.ok(p.longitude >= -76.705 && p.longitude <= -76.675 && p.latitude >= 1.095 && p.latitude <= 1.155);
    }
    // 3 columns of 6 rows of the grid of requests fall in the box.
    assert.equal(points.filter((p) => ids.requests.includes(p.id)).length, 18);
    const offers = await get({ emergencySlug: SLUG, type: 'offer' });
    assert.deepEqual((offers.body.points as Point[]).map((p) => p.id).sort(), [...ids.offers].sort());
    const urgent = await get({ emergencySlug: SLUG, priority: 'urgent' });
    assert.deepEqual(
      (urgent.body.points as Point[]).map((p) => p.id),
      [ids.home],
    );
    const near = await get({ emergencySlug: SLUG, latitude: 1.3, longitude: -76.9, radiusKm: 1 });
    assert.deepEqual(
      (near.body.points as Point[]).map((p) => p.id),
      [ids.offers[1]],
    );
    const words = await get({ emergencySlug: SLUG, q: 'inundada' });
    assert.deepEqual(
      (words.body.points as Point[]).map((p) => p.id),
      [ids.home],
    );
    const all = await get({});
    assert.ok(
      (all.body.points as Point[]).some((p) => p.id === ids.other),
      'every active emergency without a slug',
    );
  });

  test('bad values are invalid_query on their field; an unknown emergency is unknown_emergency', async () => {
    for (const [params, field] of [
      [{ bbox: '1,2,3' }, 'bbox'],
      [{ bbox: '-76,1,-77,2' }, 'bbox'],
      [{ bbox: '-76,1,-75,91' }, 'bbox'],
      [{ bbox: 'a,b,c,d' }, 'bbox'],
      [{ limit: 10 }, 'limit'],
      [{ cursor: 'abc' }, 'cursor'],
      [{ municipalityCode: '1' }, 'municipalityCode'],
      [{ latitude: 1 }, 'longitude'],
    ] as const) {
      const res = await get(params);
      assert.equal(res.status, 400, JSON.stringify(params));
      assert.equal(res.body.code, 'invalid_query');
      assert.ok(
        res.body.details.some((d: { field: string }) => d.field === field),
        `${JSON.stringify(params)}: ${JSON.stringify(res.body.details)}`,
      );
    }
    const unknown = await get({ emergencySlug: 'no-existe' });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.code, 'unknown_emergency');
  });

  test('past the threshold, nearby points come as counted groups; lone points stay points', async () => {
    const query = mapPointsQuery.parse({ emergencySlug: SLUG });
    const grouped = mapPointsSchema.parse(await mapPoints(h.ctx, query, 10));
    assert.equal(grouped.clustered, true);
    assert.equal(grouped.total, 63);
    const counted = grouped.clusters.reduce((sum, c) => sum + c.count, 0) + grouped.points.length;
    assert.equal(counted, 63, 'every point is in a group or alone');
    assert.ok(grouped.clusters.length > 0);
    assert.ok(grouped.clusters.every((c) => c.count >= 2));
    // The lone offer far away stays a point; no group centre is the home's exact point.
    assert.ok(grouped.points.some((p) => p.id === ids.offers[1]));
    assert.ok(!grouped.clusters.some((c) => c.latitude === HOME.latitude && c.longitude === HOME.longitude));
    const boxed = mapPointsSchema.parse(
      await mapPoints(h.ctx, mapPointsQuery.parse({ emergencySlug: SLUG, bbox: '-76.71,1.09,-76.64,1.2' }), 10),
    );
    assert.equal(boxed.clustered, true);
    for (const c of boxed.clusters) assert.ok(c.longitude >= -76.71 && c.longitude <= -76.64);
  });

  test('the examples of the served document are valid answers', async () => {
    const doc = (await h.json({ method: 'GET', url: '/api/public/openapi.json' })).body;
    const validator = new OpenApiValidator(doc);
    const examples: Record<string, { value: unknown }> =
      doc.paths[PATH].get.responses['200'].content['application/json'].examples;
    assert.deepEqual(Object.keys(examples).sort(), ['clusters', 'points']);
    for (const { value } of Object.values(examples)) {
      validator.check('GET', PATH, 200, 'application/json', JSON.stringify(value));
      assert.ok(mapPointsSchema.safeParse(value).success);
    }
  });

  test('a newly published record joins the map, and the cached answer follows', async () => {
    const before = await get({ emergencySlug: SLUG });
    await approveSubmission(h.ctx, ids.pending, 'test');
    const afterApproval = await get({ emergencySlug: SLUG });
    assert.notEqual(afterApproval.headers.etag, before.headers.etag);
    assert.ok((afterApproval.body.points as Point[]).some((p) => p.id === ids.pending));
  });
});
