// aid-places 0.1 (SPEC 4.7): the manifest and the GeoJSON feed of collection centres, without personal data.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setInventoryLine } from '../src/commands/set-inventory-line.ts';
import {
  addEmergency,
  BASE_URL,
  type Harness,
  offerBody,
  publish,
  requestBody,
  setup,
  submit,
} from './helpers/harness.ts';
import { OpenApiValidator } from './helpers/openapi-validator.ts';

const MANIFEST = '/.well-known/aid-places';
const FEED = '/api/aid-places/places';
const SLUG = 'inundacion-mocoa';
const OTHER = 'otra-emergencia';
const PROPERTY_FIELDS = [
  'address',
  'categoriesHave',
  'categoriesNeed',
  'emergencySlug',
  'id',
  'inventoryUrl',
  'name',
  'status',
  'statusLabel',
  'updatedAt',
  'url',
];
/** Contact of the centres: public in the help API (consented), never in the feed. */
const contact = { name: 'Rosalba Contacto Centro', phone: '+573005550177' };
const coliseoPlace = { latitude: 1.1521, longitude: -76.6513 };

let h: Harness;
const ids = { coliseo: '', parroquia: '', noPlace: '', otherCentre: '', pending: '', plainOffer: '', request: '' };

function centre(title: string, overrides: Record<string, unknown> = {}) {
  return offerBody({
    title,
    category: 'acopio',
    collectionCenterStatus: 'needs_resources',
    emergencySlug: SLUG,
    contactName: contact.name,
    contactWhatsapp: contact.phone,
    latitude: 1.15,
    longitude: -76.65,
    ...overrides,
  });
}

async function feed(query = '', headers: Record<string, string> = {}) {
  return h.request({ method: 'GET', url: `${FEED}${query}`, headers });
}

function features(body: string): any[] {
  return JSON.parse(body).features;
}

before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  await addEmergency(h, OTHER, 'Otra emergencia');
  ids.coliseo = await publish(h, centre('Centro de acopio Coliseo', { address: 'Coliseo Municipal', ...coliseoPlace }));
  ids.parroquia = await publish(
    h,
    centre('Parroquia San Miguel', { collectionCenterStatus: 'full', latitude: 1.1449, longitude: -76.6461 }),
  );
  ids.noPlace = await publish(h, centre('Centro sin ubicación', { latitude: undefined, longitude: undefined }));
  ids.otherCentre = await publish(h, centre('Centro de la otra emergencia', { emergencySlug: OTHER }));
  ids.pending = await submit(h, centre('Centro sin revisar'));
  ids.plainOffer = await publish(h, offerBody({ emergencySlug: SLUG, latitude: 1.15, longitude: -76.65 }));
  ids.request = await publish(h, requestBody({ emergencySlug: SLUG }));
  h.clock.advanceHours(1);
  await setInventoryLine(h.ctx, ids.coliseo, { kind: 'have', category: 'agua', quantity: 80, unit: 'bidones' }, 'test');
  await setInventoryLine(h.ctx, ids.coliseo, { kind: 'have', category: 'agua', quantity: 2, unit: 'tanques' }, 'test');
  await setInventoryLine(
    h.ctx,
    ids.coliseo,
    { kind: 'need', category: 'panales', quantity: 50, unit: 'paquetes' },
    'test',
  );
  await setInventoryLine(
    h.ctx,
    ids.coliseo,
    { kind: 'have', category: 'alimentos', quantity: 10, unit: 'mercados' },
    'test',
  );
});
after(() => h.close());

describe('manifest', () => {
  test('names the protocol, the publisher, the feeds, the license and the privacy rule', async () => {
    const res = await h.json({ method: 'GET', url: MANIFEST });
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    const m = res.body;
    assert.deepEqual([m.protocol, m.version], ['aid-places', '0.1']);
    assert.deepEqual(m.publisher, { name: 'Ayuda Directa', url: BASE_URL });
    assert.equal(m.feeds[0].url, `${BASE_URL}${FEED}`, 'first, every active emergency');
    assert.deepEqual(
      m.feeds
        .slice(1)
        .map((f: { url: string }) => f.url)
        .sort(),
      [`${BASE_URL}${FEED}?emergencia=${SLUG}`, `${BASE_URL}${FEED}?emergencia=${OTHER}`].sort(),
    );
    for (const f of m.feeds) assert.equal(f.type, 'application/geo+json');
    for (const f of m.feeds) assert.ok(f.description.length > 0);
    assert.ok(m.license.identifier);
    assert.match(m.privacy.es, /personas/);
    assert.match(m.privacy.en, /persons/);
    const latest = features((await feed()).body).reduce(
      (max: string, f: any) => (f.properties.updatedAt > max ? f.properties.updatedAt : max),
      '',
    );
    assert.equal(m.updatedAt, latest, 'the manifest says when the feed last changed');
    const again = await h.request({
      method: 'GET',
      url: MANIFEST,
      headers: { 'if-none-match': res.headers.etag as string },
    });
    assert.equal(again.statusCode, 304);
    const bad = await h.json({ method: 'GET', url: `${MANIFEST}?formato=xml` });
    assert.deepEqual([bad.status, bad.body.code, bad.body.details[0].field], [400, 'invalid_query', 'formato']);
  });

  test('every feed the manifest lists answers', async () => {
    const m = (await h.json({ method: 'GET', url: MANIFEST })).body;
    for (const f of m.feeds) {
      const res = await h.request({ method: 'GET', url: f.url.slice(BASE_URL.length) });
      assert.equal(res.statusCode, 200, f.url);
    }
  });
});

describe('feed', () => {
  test('a GeoJSON FeatureCollection of published centres with a place, [longitude, latitude]', async () => {
    const res = await feed();
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^application\/geo\+json(;|$)/);
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.equal(res.headers['access-control-allow-origin'], '*');
    const body = JSON.parse(res.body);
    assert.deepEqual(Object.keys(body).sort(), ['features', 'type']);
    assert.equal(body.type, 'FeatureCollection');
    assert.deepEqual(
      body.features.map((f: any) => f.id).sort(),
      [ids.coliseo, ids.parroquia, ids.otherCentre].sort(),
      'every active emergency; never a centre without a place, a pending offer, a plain offer or a request',
    );
    for (const f of body.features) {
      assert.deepEqual(Object.keys(f).sort(), ['geometry', 'id', 'properties', 'type']);
      assert.equal(f.type, 'Feature');
      assert.equal(f.geometry.type, 'Point');
      assert.equal(f.geometry.coordinates.length, 2);
      assert.deepEqual(Object.keys(f.properties).sort(), PROPERTY_FIELDS);
      assert.equal(f.properties.id, f.id);
    }
    const coliseo = body.features.find((f: any) => f.id === ids.coliseo);
    assert.deepEqual(coliseo.geometry.coordinates, [coliseoPlace.longitude, coliseoPlace.latitude], 'lon, lat');
    assert.deepEqual(
      {
        name: coliseo.properties.name,
        emergencySlug: coliseo.properties.emergencySlug,
        status: coliseo.properties.status,
        statusLabel: coliseo.properties.statusLabel,
        address: coliseo.properties.address,
        categoriesHave: coliseo.properties.categoriesHave,
        categoriesNeed: coliseo.properties.categoriesNeed,
        url: coliseo.properties.url,
        inventoryUrl: coliseo.properties.inventoryUrl,
      },
      {
        name: 'Centro de acopio Coliseo',
        emergencySlug: SLUG,
        status: 'needs_resources',
        statusLabel: 'Necesita recursos',
        address: 'Coliseo Municipal',
        categoriesHave: ['alimentos', 'agua'],
        categoriesNeed: ['panales'],
        url: `${BASE_URL}/ayudas/${ids.coliseo}`,
        inventoryUrl: `${BASE_URL}/api/public/v1/inventario?emergencia=${SLUG}`,
      },
    );
    const lines = await h.ctx.db
      .selectFrom('inventory_lines')
      .select('updated_at')
      .where('center_id', '=', ids.coliseo)
      .execute();
    assert.equal(
      coliseo.properties.updatedAt,
      lines
        .map((l) => l.updated_at)
        .sort()
        .at(-1),
      'its latest line',
    );
    const parroquia = body.features.find((f: any) => f.id === ids.parroquia);
    assert.deepEqual(
      [parroquia.properties.categoriesHave, parroquia.properties.categoriesNeed, parroquia.properties.address],
      [[], [], null],
    );
    const record = await h.ctx.db
      .selectFrom('help_records')
      .select('updated_at')
      .where('id', '=', ids.parroquia)
      .executeTakeFirstOrThrow();
    assert.equal(parroquia.properties.updatedAt, record.updated_at, 'without lines: the centre’s own update');
  });

  test('no data about persons: the centres’ consented contact stays out of the feed', async () => {
    const detail = await h.json({ method: 'GET', url: `/api/public/v1/help?view=detail&id=${ids.coliseo}` });
    assert.equal(detail.body.item.contact.name, contact.name, 'public in the help API, by consent');
    for (const query of ['', `?emergencia=${SLUG}`, `?emergencia=${OTHER}`]) {
      const res = await feed(query);
      for (const value of [contact.name, contact.phone, contact.phone.slice(1), 'wa.me']) {
        assert.ok(!res.body.includes(value), `${value} in ${FEED}${query}`);
      }
    }
    const manifest = await h.request({ method: 'GET', url: MANIFEST });
    assert.ok(!manifest.body.includes(contact.name));
  });

  test('emergencia filter, and 400 for unknown, repeated or unknown parameters', async () => {
    const other = await feed(`?emergencia=${OTHER}`);
    assert.deepEqual(
      features(other.body).map((f) => f.id),
      [ids.otherCentre],
    );
    const mine = await feed(`?emergencia=${SLUG}`);
    assert.deepEqual(
      features(mine.body)
        .map((f) => f.id)
        .sort(),
      [ids.coliseo, ids.parroquia].sort(),
    );
    for (const [query, code, field] of [
      ['?emergencia=no-existe', 'unknown_emergency', 'emergencia'],
      [`?emergencia=${SLUG}&emergencia=${OTHER}`, 'invalid_query', 'emergencia'],
      ['?emergencia=No%20Valida', 'invalid_query', 'emergencia'],
      ['?bbox=1,2,3,4', 'invalid_query', 'bbox'],
    ]) {
      const res = await h.json({ method: 'GET', url: `${FEED}${query}` });
      assert.equal(res.status, 400, query);
      assert.equal(res.body.code, code, query);
      assert.ok(
        res.body.details.some((d: { field: string }) => d.field === field),
        query,
      );
    }
  });

  test('conditional requests: ETag / If-None-Match and Last-Modified / If-Modified-Since give 304', async () => {
    const res = await feed();
    const etag = res.headers.etag as string;
    const lastModified = res.headers['last-modified'] as string;
    assert.ok(etag);
    const latest = features(res.body).reduce(
      (max, f) => (f.properties.updatedAt > max ? f.properties.updatedAt : max),
      '',
    );
    assert.equal(lastModified, new Date(latest).toUTCString(), 'the latest updatedAt, as an HTTP date');
    const byTag = await feed('', { 'if-none-match': etag });
    assert.equal(byTag.statusCode, 304);
    assert.equal(byTag.body, '');
    assert.equal(byTag.headers.etag, etag);
    assert.equal((await feed('', { 'if-none-match': `"otro", W/${etag}` })).statusCode, 304, 'weak comparison');
    assert.equal((await feed('', { 'if-modified-since': lastModified })).statusCode, 304);
    const later = new Date(Date.parse(latest) + 3_600_000).toUTCString();
    assert.equal((await feed('', { 'if-modified-since': later })).statusCode, 304);
    const earlier = new Date(Date.parse(latest) - 1000).toUTCString();
    assert.equal((await feed('', { 'if-modified-since': earlier })).statusCode, 200);
    assert.equal((await feed('', { 'if-modified-since': 'ayer' })).statusCode, 200, 'an invalid date is ignored');
    assert.equal(
      (await feed('', { 'if-none-match': '"otro"', 'if-modified-since': lastModified })).statusCode,
      200,
      'If-None-Match decides when both are sent',
    );
  });

  test('an inventory write changes the feed at once: categories, updatedAt, ETag, Last-Modified', async () => {
    const before = await feed(`?emergencia=${SLUG}`);
    const etag = before.headers.etag as string;
    const lastModified = before.headers['last-modified'] as string;
    h.clock.advanceHours(2);
    const line = await setInventoryLine(
      h.ctx,
      ids.parroquia,
      { kind: 'need', category: 'ropa', quantity: 30, unit: 'cajas' },
      'test',
    );
    const after = await feed(`?emergencia=${SLUG}`);
    const parroquia = features(after.body).find((f) => f.id === ids.parroquia);
    assert.deepEqual(parroquia.properties.categoriesNeed, ['ropa']);
    assert.equal(parroquia.properties.updatedAt, line.updated_at);
    assert.notEqual(after.headers.etag, etag);
    assert.equal(after.headers['last-modified'], new Date(line.updated_at).toUTCString());
    assert.equal((await feed(`?emergencia=${SLUG}`, { 'if-none-match': etag })).statusCode, 200);
    assert.equal((await feed(`?emergencia=${SLUG}`, { 'if-modified-since': lastModified })).statusCode, 200);
    const manifest = await h.json({ method: 'GET', url: MANIFEST });
    assert.equal(manifest.body.updatedAt, line.updated_at);
  });

  test('an empty feed is still a valid FeatureCollection, without Last-Modified', async () => {
    await addEmergency(h, 'sin-centros', 'Emergencia sin centros');
    const res = await feed('?emergencia=sin-centros');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(JSON.parse(res.body), { type: 'FeatureCollection', features: [] });
    assert.equal(res.headers['last-modified'], undefined);
  });
});

describe('OpenAPI description', () => {
  test('both routes are described, the feed as application/geo+json, and their examples are valid', async () => {
    const doc = (await h.json({ method: 'GET', url: '/api/public/openapi.json' })).body;
    const manifest = doc.paths[MANIFEST].get;
    const feedOp = doc.paths[FEED].get;
    assert.deepEqual(Object.keys(manifest.responses).sort(), ['200', '304', '400', '429', '500']);
    assert.deepEqual(Object.keys(feedOp.responses).sort(), ['200', '304', '400', '429', '500']);
    assert.deepEqual(Object.keys(feedOp.responses['200'].content), ['application/geo+json']);
    assert.ok(feedOp.responses['200'].headers['Last-Modified']);
    assert.deepEqual(
      feedOp.parameters.map((p: { name: string }) => p.name),
      ['emergencia'],
    );
    for (const status of ['400', '500']) {
      assert.equal(feedOp.responses[status].content['application/json'].schema.$ref, '#/components/schemas/Error');
    }
    const validator = new OpenApiValidator(doc);
    const example = feedOp.responses['200'].content['application/geo+json'].example;
    assert.ok(example.features.length > 0);
    validator.check('GET', FEED, 200, 'application/geo+json', JSON.stringify(example));
    validator.check(
      'GET',
      MANIFEST,
      200,
      'application/json',
      JSON.stringify(manifest.responses['200'].content['application/json'].example),
    );
    // The validator reads the geo+json schema: a person's field or a wrong coordinate pair is refused.
    const withContact = structuredClone(example);
    withContact.features[0].properties.contactName = contact.name;
    assert.throws(
      () => validator.check('GET', FEED, 200, 'application/geo+json', JSON.stringify(withContact)),
      /violates/,
    );
    const flat = structuredClone(example);
    flat.features[0].geometry.coordinates = [flat.features[0].geometry.coordinates[0]];
    assert.throws(() => validator.check('GET', FEED, 200, 'application/geo+json', JSON.stringify(flat)), /violates/);
    assert.throws(
      () => validator.check('GET', FEED, 200, 'application/json', JSON.stringify(example)),
      /document says application\/geo\+json/,
    );
  });
});
