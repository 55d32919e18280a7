// The public place of a request or a person's offer: a ~300 m grid point, its neighbourhood and municipality, never
// the home's street or exact point, in every public output (radius filter and distance included), unless the
// submitter asked. A collection centre is shown where it is.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { createLogisticsOperation } from '../src/commands/create-logistics-operation.ts';
import { contentHash, submissionFields } from '../src/commands/submission-fields.ts';
import { distanceKm, roundKm } from '../src/domain/distance.ts';
import { routesForLeaders } from '../src/repositories/logistics.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { offerToolShape, requestToolShape } from '../src/schemas/tool-inputs.ts';
import { leader } from './helpers/console.ts';
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
import { nextSerial } from './helpers/samples.ts';

const SLUG = 'inundacion-mocoa';
/** A home near a corner of its grid cell, about 206 m from the cell's centre. */
const HOME = { latitude: 1.150253, longitude: -76.644874 };
/** The centre of that cell (0.0027° cells: [1.1502, 1.1529) x [-76.6449, -76.6422)), worked out by hand. */
const HOME_PUBLIC = { latitude: 1.15155, longitude: -76.64355 };
/** The exact point at four decimals, in the ways a page or a document could write it. */
const HOME_TRACES = ['1.1502', '1,1502', '76.6448', '76,6448'];
const STREET = `Carrera 77 # 12-${100 + (nextSerial() % 900)} casa de tejas ${randomUUID().slice(0, 8)}`;
/** A shelter whose submitter chose to show it exactly. */
const SHELTER = { latitude: 1.139871, longitude: -76.655213 };
const SHELTER_ADDRESS = `Coliseo del barrio Obrero ${randomUUID().slice(0, 8)}`;
const CENTRE = { latitude: 1.144417, longitude: -76.639281 };
/** A person offering a truck from home: the same cell as HOME, so the same public point. */
const GIVER = { latitude: 1.152604, longitude: -76.642312 };
const GIVER_STREET = `Calle 4 # 9-${100 + (nextSerial() % 900)} portón verde ${randomUUID().slice(0, 8)}`;
const GIVER_TRACES = ['1.1526', '1,1526', '76.6423', '76,6423'];
const CENTRE_ADDRESS = `Bodega de la parroquia ${randomUUID().slice(0, 8)}`;
const PICKUP = { pickupAddress: 'Puerto de Mocoa', pickupLatitude: 1.1612, pickupLongitude: -76.6391 };

let h: Harness;
const ids = { home: '', shelter: '', centre: '', giver: '', route: '' };

before(async () => {
  h = await setup();
  await addEmergency(h, SLUG);
  ids.home = await publish(
    h,
    requestBody({
      title: 'Agua para una familia con un bebé',
      address: STREET,
      neighborhood: 'Barrio Canario',
      ...HOME,
      quantityRequired: 10,
      unit: 'bidones',
    }),
  );
  ids.shelter = await publish(
    h,
    requestBody({
      title: 'Colchonetas para el albergue del coliseo',
      category: 'refugio',
      address: SHELTER_ADDRESS,
      neighborhood: 'Obrero',
      ...SHELTER,
      showExactLocation: true,
    }),
  );
  ids.centre = await publish(
    h,
    offerBody({
      title: 'Centro de acopio de la parroquia',
      category: 'acopio',
      collectionCenterStatus: 'needs_resources',
      address: CENTRE_ADDRESS,
      ...CENTRE,
    }),
  );
  ids.giver = await publish(
    h,
    offerBody({ title: 'Camión para llevar mercados', address: GIVER_STREET, ...GIVER, vehicle: 'Camión' }),
  );
  const route = await createLogisticsOperation(
    h.ctx,
    {
      emergencySlug: SLUG,
      destinationHelpId: ids.home,
      title: 'Llevar agua a la familia',
      supplyDescription: 'Diez bidones de agua',
      ...PICKUP,
    },
    'test',
  );
  ids.route = route.id;
});
after(() => h.close());

const detail = async (id: string) => (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` })).body.item;

describe('the public place of a request', () => {
  test('is the stable centre of its ~300 m cell, with neighbourhood and municipality and no street', async () => {
    const item = await detail(ids.home);
    assert.deepEqual(item.location, {
      address: null,
      neighborhood: 'Barrio Canario',
      latitude: HOME_PUBLIC.latitude,
      longitude: HOME_PUBLIC.longitude,
      precision: 'approximate',
      municipalityCode: '86001',
      municipality: 'Mocoa, Putumayo',
      distanceKm: null,
      mapUrl: `https://www.openstreetmap.org/?mlat=${HOME_PUBLIC.latitude}&mlon=${HOME_PUBLIC.longitude}#map=16/${HOME_PUBLIC.latitude}/${HOME_PUBLIC.longitude}`,
    });
    // Another home in the same cell shows the very same point: nothing tells the two apart.
    const neighbour = await publish(
      h,
      requestBody({ title: 'Mercado para la casa vecina', latitude: 1.152611, longitude: -76.642377 }),
    );
    const other = await detail(neighbour);
    assert.deepEqual(
      [other.location.latitude, other.location.longitude],
      [HOME_PUBLIC.latitude, HOME_PUBLIC.longitude],
    );
    // Read again, from the list and from the detail: always the same point.
    const listed = (await list(h, { status: 'all', limit: 100 })).body.items.find(
      (i: { id: string }) => i.id === ids.home,
    );
    assert.deepEqual(listed.location, item.location);
    assert.deepEqual((await detail(ids.home)).location, item.location);
  });

  test('no public output carries the exact point or the street of an approximate request', async () => {
    const outputs = await crawlPublic(h);
    // Searches near the home and for the street's words are outputs too (their records, not the echoed query).
    const queries: Record<string, string | number | boolean>[] = [
      { latitude: HOME.latitude, longitude: HOME.longitude, radiusKm: 0.5 },
      { latitude: HOME.latitude, longitude: HOME.longitude, radiusKm: 0.5, logistics: true },
      { q: 'tejas' },
    ];
    for (const query of queries) {
      const res = await list(h, query);
      outputs.push({ url: JSON.stringify(query), text: JSON.stringify(res.body.items) });
    }
    const near = `latitude=${HOME_PUBLIC.latitude}&longitude=${HOME_PUBLIC.longitude}&radiusKm=1`;
    for (const url of [`/emergencias/${SLUG}?${near}`, `/emergencias/${SLUG}.md?${near}`]) {
      const res = await h.app.inject({ method: 'GET', url });
      assert.ok(res.body.includes(`/ayudas/${ids.home}`), `${url} lists the record`);
      outputs.push({ url, text: res.body });
    }
    const found = leaks(outputs, [
      STREET,
      'casa de tejas',
      ...HOME_TRACES,
      GIVER_STREET,
      'portón verde',
      ...GIVER_TRACES,
    ]);
    assert.deepEqual(found, []);
    // The crawl does reach these outputs: the shelter, shown exactly by choice, is found in them.
    assert.ok(leaks(outputs, [SHELTER_ADDRESS]).length > 10, 'the crawl covers the outputs where a street would be');
    assert.ok(leaks(outputs, [String(SHELTER.latitude)]).length > 10);
    // The street is not even searchable: q finds the record only through public words.
    assert.equal((await list(h, { q: 'tejas' })).body.total, 0);
    assert.ok((await list(h, { q: 'Canario' })).body.items.some((i: { id: string }) => i.id === ids.home));
    assert.ok((await list(h, { q: 'Putumayo' })).body.items.some((i: { id: string }) => i.id === ids.home));
  });

  test('the radius filter and distanceKm are measured to the public point, so a tiny radius cannot pin a home', async () => {
    const around = (point: { latitude: number; longitude: number }, radiusKm: number) =>
      list(h, { ...point, radiusKm, status: 'all', limit: 100 });
    const ids0 = (res: Awaited<ReturnType<typeof around>>) => res.body.items.map((i: { id: string }) => i.id);
    assert.ok(!ids0(await around(HOME, 0.1)).includes(ids.home), 'not found 100 m around the home');
    assert.ok(!ids0(await around(HOME, 0.2)).includes(ids.home), 'nor 200 m around it');
    const wider = await around(HOME, 0.25);
    const hit = wider.body.items.find((i: { id: string }) => i.id === ids.home);
    assert.ok(hit, 'found once the public point is within the radius');
    const toPublic = distanceKm(HOME.latitude, HOME.longitude, HOME_PUBLIC.latitude, HOME_PUBLIC.longitude);
    assert.ok(toPublic > 0.2 && toPublic < 0.25, String(toPublic));
    assert.equal(hit.location.distanceKm, roundKm(toPublic));
    const atPublic = (await around(HOME_PUBLIC, 0.1)).body.items.find((i: { id: string }) => i.id === ids.home);
    assert.equal(atPublic?.location.distanceKm, 0, 'the distance is zero at the public point');
    // An exact request is found at its own point.
    const shelterHit = (await around(SHELTER, 0.1)).body.items.find((i: { id: string }) => i.id === ids.shelter);
    assert.equal(shelterHit?.location.distanceKm, 0);
    // A thief looking for where a person with a truck keeps it finds only the cell, like a home's.
    assert.ok(!ids0(await around(GIVER, 0.1)).includes(ids.giver), 'not found 100 m around the giver');
    const giverHit = (await around(HOME_PUBLIC, 0.1)).body.items.find((i: { id: string }) => i.id === ids.giver);
    assert.equal(giverHit?.location.distanceKm, 0, 'the giver stands at the public point of its cell');
  });

  test('with showExactLocation the exact point and the address are shown', async () => {
    const item = await detail(ids.shelter);
    assert.deepEqual(
      [item.location.address, item.location.latitude, item.location.longitude, item.location.precision],
      [SHELTER_ADDRESS, SHELTER.latitude, SHELTER.longitude, 'exact'],
    );
    assert.equal(item.location.municipalityCode, '86001');
    const page = (await h.app.inject({ method: 'GET', url: `/ayudas/${ids.shelter}` })).body;
    assert.ok(page.includes(SHELTER_ADDRESS) && page.includes(`${SHELTER.latitude}, ${SHELTER.longitude}`));
  });

  test("a person's offer is approximate like a request unless asked; a collection centre is exact", async () => {
    const giver = await detail(ids.giver);
    assert.deepEqual(
      [giver.location.address, giver.location.latitude, giver.location.longitude, giver.location.precision],
      [null, HOME_PUBLIC.latitude, HOME_PUBLIC.longitude, 'approximate'],
    );
    const shop = await detail(
      await publish(
        h,
        offerBody({ title: 'Tienda que regala pan', address: 'Tienda La 14', ...GIVER, showExactLocation: true }),
      ),
    );
    assert.deepEqual(
      [shop.location.address, shop.location.latitude, shop.location.longitude, shop.location.precision],
      ['Tienda La 14', GIVER.latitude, GIVER.longitude, 'exact'],
    );
    const item = await detail(ids.centre);
    assert.deepEqual(
      [item.location.address, item.location.latitude, item.location.longitude, item.location.precision],
      [CENTRE_ADDRESS, CENTRE.latitude, CENTRE.longitude, 'exact'],
    );
    // No place given: no point, and nothing claims to be exact.
    const noPlace = await detail(await publish(h, offerBody({ title: 'Voluntarios para cargar cajas' })));
    assert.deepEqual(
      [noPlace.location.latitude, noPlace.location.precision, noPlace.location.municipalityCode],
      [null, 'approximate', null],
    );
  });

  test('the offer form offers the box unticked and says a centre is public at its address', async () => {
    const page = (await h.app.inject({ method: 'GET', url: '/quiero-ayudar' })).body;
    const box = /<input type="checkbox" id="showExactLocation"[^>]*>/.exec(page)?.[0];
    assert.ok(box, 'the form has the box');
    assert.ok(!box.includes('checked'), 'never ticked in advance');
    assert.ok(page.includes('Un centro de acopio se publica siempre con su dirección y su punto exactos'));
    const twin = (await h.app.inject({ method: 'GET', url: '/quiero-ayudar.md' })).body;
    assert.match(twin, /\| `showExactLocation` \| no \|/);
  });
});

describe('logistics and the console', () => {
  test('a route to an approximate request shows its public place and the distance to it', async () => {
    const res = await h.json({ method: 'GET', url: `/api/logistics-operations?emergencia=${SLUG}` });
    const op = res.body.operations.find((o: { id: string }) => o.id === ids.route);
    assert.deepEqual(
      [op.destination_address, op.destination_latitude, op.destination_longitude],
      [
        'Barrio Canario, Mocoa, Putumayo (ubicación aproximada, unos 300 m)',
        HOME_PUBLIC.latitude,
        HOME_PUBLIC.longitude,
      ],
    );
    const km = distanceKm(PICKUP.pickupLatitude, PICKUP.pickupLongitude, HOME_PUBLIC.latitude, HOME_PUBLIC.longitude);
    assert.equal(op.distance_km, roundKm(km));
    const page = (await h.app.inject({ method: 'GET', url: `/rutas?emergencia=${SLUG}` })).body;
    assert.ok(page.includes('Barrio Canario, Mocoa, Putumayo (ubicación aproximada, unos 300 m)'));
    assert.ok(!page.includes(STREET));
  });

  test('leaders still see the exact place: the route, the record and the review', async () => {
    const emergency = await h.ctx.db
      .selectFrom('emergencies')
      .select('id')
      .where('slug', '=', SLUG)
      .executeTakeFirstOrThrow();
    const route = (await routesForLeaders(h.ctx.db, emergency.id)).find((r) => r.id === ids.route);
    assert.deepEqual(
      [route?.destination_address, route?.destination_latitude, route?.destination_longitude],
      [STREET, HOME.latitude, HOME.longitude],
    );
    const { browser } = await leader(h, [SLUG]);
    const record = await browser.get(`/panel/e/${SLUG}/registros/${ids.home}`);
    assert.equal(record.statusCode, 200);
    for (const value of [STREET, String(HOME.latitude), String(HOME.longitude)]) {
      assert.ok(record.body.includes(value), `${value} in the console`);
    }
  });
});

describe('how a request chooses', () => {
  test('the request form offers the box unticked, says what becomes public, and the box reaches the record', async () => {
    const page = (await h.app.inject({ method: 'GET', url: '/necesito-ayuda' })).body;
    const box = /<input type="checkbox" id="showExactLocation"[^>]*>/.exec(page)?.[0];
    assert.ok(box, 'the form has the box');
    assert.ok(!box.includes('checked'), 'never ticked in advance');
    assert.ok(
      page.includes('Mostrar mi ubicación exacta (si no, se muestra un punto aproximado a unos 300 m y el barrio)'),
    );
    assert.match(page, /un punto aproximado \(unos 300 m\), o mi dirección y el punto exacto/);
    const twin = (await h.app.inject({ method: 'GET', url: '/necesito-ayuda.md' })).body;
    assert.match(twin, /\| `showExactLocation` \| no \|/);
    const privacy = (await h.app.inject({ method: 'GET', url: '/privacidad' })).body;
    assert.match(privacy, /unos 300 m/);
    assert.doesNotMatch(privacy, /location\.precision/, 'the citizen text has no field names');
    const developers = (await h.app.inject({ method: 'GET', url: '/desarrolladores' })).body;
    assert.match(developers, /location\.precision: approximate/);

    const fields = {
      externalId: randomUUID(),
      emergencySlug: SLUG,
      title: 'Agua para el salón comunal',
      category: 'agua',
      urgency: 'needed',
      latitude: '1.1481',
      longitude: '-76.6502',
      address: `Salón comunal ${randomUUID().slice(0, 8)}`,
      neighborhood: 'El Progreso',
      contactName: 'Rosa Quiñones',
      contactWhatsapp: '+573001112233',
      publishContact: 'si',
    };
    const send = (extra: Record<string, string>) =>
      h.app.inject({
        method: 'POST',
        url: '/necesito-ayuda',
        payload: new URLSearchParams({ ...fields, ...extra, externalId: randomUUID() }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const idOf = (res: { statusCode: number; headers: Record<string, unknown> }) => {
      assert.equal(res.statusCode, 303);
      return /\/recibido\/([0-9a-f-]{36})/.exec(String(res.headers.location))?.[1] as string;
    };
    const stored = (id: string) =>
      h.ctx.db
        .selectFrom('help_records')
        .select(['exact_location', 'municipality_code'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    assert.deepEqual(
      { ...(await stored(idOf(await send({ showExactLocation: 'si' })))) },
      {
        exact_location: 1,
        municipality_code: '86001',
      },
    );
    assert.equal((await stored(idOf(await send({})))).exact_location, 0, 'unticked: approximate');
  });

  test('the API and the MCP tools take showExactLocation, false by default, for requests and offers', () => {
    const parsed = helpSubmission.parse(requestBody());
    assert.equal(parsed.type === 'request' && parsed.showExactLocation, false);
    assert.ok('showExactLocation' in requestToolShape, 'publicar_solicitud takes it too');
    const offer = helpSubmission.parse(offerBody());
    assert.equal(offer.type === 'offer' && offer.showExactLocation, false);
    assert.ok('showExactLocation' in offerToolShape, 'publicar_ofrecimiento takes it too');
    // The offer's stored choice: 0 unless asked, so a resend of an old offer is not a revision.
    assert.equal(submissionFields(offer, 'e1', null).exact_location, 0);
    const asked = helpSubmission.parse(offerBody({ showExactLocation: true }));
    assert.equal(submissionFields(asked, 'e1', null).exact_location, 1);
  });

  test('a revision that moves the point names the municipality again; content hashes from before stay valid', async () => {
    const body = requestBody({ title: 'Medicamentos para una abuela', ...HOME });
    const id = await publish(h, body);
    // Sent again by its owner with a point in Medellín, the revision carries the new municipality.
    await submit(h, { ...body, latitude: 6.2442, longitude: -75.5812 });
    const row = await h.ctx.db
      .selectFrom('help_records')
      .select(['pending_revision', 'municipality_code'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.equal(row.municipality_code, '86001', 'the published place stays until the revision is approved');
    assert.equal(JSON.parse(row.pending_revision as string).municipality_code, '05001');
    await approveSubmission(h.ctx, id, 'test');
    const item = await detail(id);
    assert.deepEqual([item.location.municipalityCode, item.location.municipality], ['05001', 'Medellín, Antioquia']);

    // The hash of an approximate request is the one computed before these columns existed.
    const fields = submissionFields(helpSubmission.parse(body), 'e1', null);
    const { exact_location: _e, municipality_code: _m, ...before } = fields;
    assert.equal(contentHash(fields), contentHash(before as typeof fields));
    const exact = submissionFields(helpSubmission.parse({ ...body, showExactLocation: true }), 'e1', null);
    assert.notEqual(contentHash(exact), contentHash(fields), 'choosing exact is a change of content');
  });
});
