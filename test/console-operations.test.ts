// Console operations: logistics routes and collection-centre inventories, checked in the public outputs.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { runCli } from './helpers/cli.ts';
import { leader } from './helpers/console.ts';
import { addEmergency, type Harness, HELP, offerBody, publish, requestBody, setup } from './helpers/harness.ts';

let h: Harness;
const SLUG = 'inundacion-mocoa';
const OTHER = 'avalancha-salgar';
before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  await addEmergency(h, OTHER, 'Avalancha Salgar');
});
after(() => h.close());

const detail = async (id: string) => (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` })).body.item;
const publicRoutes = async (slug = SLUG) =>
  (await h.json({ method: 'GET', url: `/api/logistics-operations?emergencia=${slug}` })).body.operations as {
    id: string;
    title: string;
    pickup_latitude: number;
  }[];
const centre = (slug = SLUG, overrides: Record<string, unknown> = {}) =>
  publish(
    h,
    offerBody({
      emergencySlug: slug,
      title: 'Centro de acopio Coliseo',
      collectionCenterStatus: 'needs_resources',
      address: 'Coliseo municipal',
      latitude: 1.152,
      longitude: -76.648,
      ...overrides,
    }),
  );

describe('logistics routes in the console', () => {
  test('create from a centre, see it public without the volunteer, move it, deliver into covered quantity', async () => {
    const { browser } = await leader(h, [SLUG]);
    const pickup = await centre();
    const destination = await publish(
      h,
      requestBody({ emergencySlug: SLUG, title: 'Agua para Villa Rosa', quantityRequired: 40, unit: 'bidones' }),
    );
    const page = await browser.get(`/panel/e/${SLUG}/logistica?destino=${destination}`);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, new RegExp(`<option value="${destination}" selected>`));
    const volunteer = `Voluntario Pedro +57300${process.pid}`;
    const created = await browser.post(`/panel/e/${SLUG}/logistica`, {
      destinationHelpId: destination,
      title: 'Bidones a Villa Rosa',
      supplyDescription: 'Bidones de agua de 20 litros',
      quantityLabel: '20 bidones',
      pickupHelpId: pickup,
      routeConditions: 'Vía destapada después del puente',
      volunteerContact: volunteer,
    });
    assert.equal(created.statusCode, 303, created.body);
    const listed = (await publicRoutes()).find((r) => r.title === 'Bidones a Villa Rosa');
    assert.ok(listed, 'the new route is public at once');
    assert.equal(listed.pickup_latitude, 1.152, 'the centre’s place is the pickup');
    assert.equal((await detail(destination)).logistics.availableRoutes, 1);
    const consolePage = (await browser.get(`/panel/e/${SLUG}/logistica`)).body;
    assert.ok(consolePage.includes(volunteer), 'leaders see the volunteer contact');
    const raw = await h.app.inject({ method: 'GET', url: `/api/logistics-operations?emergencia=${SLUG}` });
    assert.ok(!raw.body.includes(volunteer));

    const move = (status: string, fields: Record<string, string> = {}) =>
      browser.post(`/panel/e/${SLUG}/logistica/${listed.id}/estado`, { status, ...fields });
    assert.equal((await move('delivered')).statusCode, 409, 'available cannot jump to delivered');
    await browser.get(`/panel/e/${SLUG}/logistica`);
    assert.equal((await move('assigned')).statusCode, 303);
    assert.equal(
      (await publicRoutes()).some((r) => r.id === listed.id),
      false,
      'assigned routes leave the public list',
    );
    assert.equal((await detail(destination)).logistics.availableRoutes, 0);
    await browser.get(`/panel/e/${SLUG}/logistica`);
    await move('in_transit');
    await browser.get(`/panel/e/${SLUG}/logistica`);
    assert.equal((await move('delivered', { addCovered: 'veinte' })).statusCode, 400);
    await browser.get(`/panel/e/${SLUG}/logistica`);
    assert.equal((await move('delivered', { addCovered: '20', note: 'Entregados en la escuela' })).statusCode, 303);
    const item = await detail(destination);
    assert.equal(item.quantities.covered, 20);
    assert.ok(item.timeline.some((t: { note: string }) => t.note === 'Entregados en la escuela'));

    const cli = await runCli(['logistics', 'list', '--emergency', SLUG, '--json'], { DATABASE_URL: h.dbUrl });
    assert.equal(cli.code, 0, cli.stderr);
    const route = (JSON.parse(cli.stdout) as { id: string; status: string; volunteer_contact: string }[]).find(
      (r) => r.id === listed.id,
    );
    assert.equal(route?.status, 'delivered');
    assert.equal(route?.volunteer_contact, volunteer);
  });

  test('a pickup address with coordinates works; bad input is shown inline and writes nothing', async () => {
    const { browser } = await leader(h, [SLUG]);
    const destination = await publish(h, requestBody({ emergencySlug: SLUG, title: 'Mercados para Los Pinos' }));
    const before = (await publicRoutes()).length;
    await browser.get(`/panel/e/${SLUG}/logistica`);
    const bad = await browser.post(`/panel/e/${SLUG}/logistica`, {
      destinationHelpId: destination,
      title: 'X',
      supplyDescription: 'Mercados',
      pickupAddress: 'Bodega central',
      pickupLatitude: '1,14',
      pickupLongitude: '10',
    });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /Revise estos campos/);
    assert.match(bad.body, /id="title"[^>]*aria-invalid="true"/);
    assert.match(bad.body, /id="pickupLongitude"[^>]*aria-invalid="true"/);
    assert.equal((await publicRoutes()).length, before);
    const good = await browser.post(`/panel/e/${SLUG}/logistica`, {
      destinationHelpId: destination,
      title: 'Mercados a Los Pinos',
      supplyDescription: 'Mercados familiares',
      pickupAddress: 'Bodega central',
      pickupLatitude: '1,14',
      pickupLongitude: '-76.64',
    });
    assert.equal(good.statusCode, 303);
    assert.equal((await publicRoutes()).length, before + 1);
  });

  test('routes of another emergency are out of reach', async () => {
    const theirs = await leader(h, [OTHER]);
    const destination = await publish(h, requestBody({ emergencySlug: OTHER, title: 'Agua en Salgar' }));
    await theirs.browser.get(`/panel/e/${OTHER}/logistica`);
    await theirs.browser.post(`/panel/e/${OTHER}/logistica`, {
      destinationHelpId: destination,
      title: 'Agua a Salgar',
      supplyDescription: 'Agua',
      pickupAddress: 'Plaza de Salgar',
      pickupLatitude: '5.96',
      pickupLongitude: '-75.98',
    });
    const route = (await publicRoutes(OTHER))[0];
    assert.ok(route);
    const { browser } = await leader(h, [SLUG]);
    await browser.get(`/panel/e/${SLUG}/logistica`);
    assert.equal(
      (await browser.post(`/panel/e/${SLUG}/logistica/${route.id}/estado`, { status: 'cancelled' })).statusCode,
      404,
    );
    assert.equal(
      (await browser.post(`/panel/e/${OTHER}/logistica/${route.id}/estado`, { status: 'cancelled' })).statusCode,
      403,
    );
    // A destination from another emergency is refused through one's own.
    await browser.get(`/panel/e/${SLUG}/logistica`);
    const crossed = await browser.post(`/panel/e/${SLUG}/logistica`, {
      destinationHelpId: destination,
      title: 'Ruta cruzada',
      supplyDescription: 'Agua',
      pickupAddress: 'Plaza',
      pickupLatitude: '1.1',
      pickupLongitude: '-76.6',
    });
    assert.equal(crossed.statusCode, 400);
    assert.equal((await publicRoutes(OTHER)).length, 1);
  });
});

describe('collection centres and their inventory', () => {
  const inventario = async (categoria?: string) =>
    (
      await h.json({
        method: 'GET',
        url: `/api/public/v1/inventario?emergencia=${SLUG}${categoria ? `&categoria=${categoria}` : ''}`,
      })
    ).body;

  test('leaders declare, update and remove lines; the public inventory follows, ages and goes stale', async () => {
    const { browser } = await leader(h, [SLUG]);
    const id = await centre(SLUG, { title: 'Centro de acopio Parroquia' });
    const list = await browser.get(`/panel/e/${SLUG}/centros`);
    assert.ok(list.body.includes(`/panel/e/${SLUG}/centros/${id}`));
    const url = `/panel/e/${SLUG}/centros/${id}`;
    await browser.get(url);
    const bad = await browser.post(`${url}/lineas`, { kind: 'need', category: 'agua', quantity: '-3', unit: '' });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /id="quantity"[^>]*aria-invalid="true"/);
    assert.match(bad.body, /id="unit"[^>]*aria-invalid="true"/);
    assert.equal(
      (await inventario()).centers.find((c: { collectionCenterId: string }) => c.collectionCenterId === id)?.need
        .length ?? 0,
      0,
    );
    const saved = await browser.post(`${url}/lineas`, {
      kind: 'need',
      category: 'agua',
      quantity: '120',
      unit: 'bidones',
      note: 'Para albergues',
    });
    assert.equal(saved.statusCode, 303);
    await browser.get(url);
    await browser.post(`${url}/lineas`, { kind: 'have', category: 'alimentos', quantity: '35,5', unit: 'kg' });
    let mine = (await inventario()).centers.find((c: { collectionCenterId: string }) => c.collectionCenterId === id);
    assert.equal(mine.need[0].quantity, 120);
    assert.equal(mine.have[0].quantity, 35.5);
    assert.equal(mine.have[0].stale, false);
    h.clock.advanceHours(25);
    const { browser: fresh } = await leader(h, [SLUG]);
    const stalePage = await fresh.get(url);
    assert.match(stalePage.body, /puede que ya no esté/);
    mine = (await inventario()).centers.find((c: { collectionCenterId: string }) => c.collectionCenterId === id);
    assert.equal(mine.have[0].stale, true);
    const lineId = mine.have[0].id as string;
    assert.equal((await fresh.post(`${url}/lineas/${lineId}/quitar`)).statusCode, 303);
    mine = (await inventario()).centers.find((c: { collectionCenterId: string }) => c.collectionCenterId === id);
    assert.equal(mine.have.length, 0);
  });

  test('a secret edit link lets the centre update its inventory without an account, until it is revoked', async () => {
    const { browser } = await leader(h, [SLUG]);
    const id = await centre(SLUG, { title: 'Centro de acopio Bomberos' });
    const url = `/panel/e/${SLUG}/centros/${id}`;
    await browser.get(url);
    const created = await browser.post(`${url}/enlaces`);
    assert.equal(created.statusCode, 200);
    const link = /value="http:\/\/ayuda\.test(\/centro\/[A-Za-z0-9_-]{43})"/.exec(created.body)?.[1];
    assert.ok(link, 'the new link is shown once');
    assert.ok(!(await browser.get(url)).body.includes(link), 'and never again');

    const staff = await h.app.inject({ method: 'GET', url: link });
    assert.equal(staff.statusCode, 200);
    assert.equal(staff.headers['referrer-policy'], 'same-origin');
    assert.equal(staff.headers['cache-control'], 'no-store');
    assert.match(staff.body, /Inventario de Centro de acopio Bomberos/);
    const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      h.app.inject({
        method: 'POST',
        url: `${link}/lineas`,
        payload: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
    assert.equal(
      (await form({ kind: 'need', category: 'panales', quantity: 'muchos', unit: 'paquetes' })).statusCode,
      400,
    );
    const foreign = await form(
      { kind: 'need', category: 'panales', quantity: '40', unit: 'paquetes' },
      { origin: 'https://evil.example' },
    );
    assert.equal(foreign.statusCode, 403);
    assert.equal((await form({ kind: 'need', category: 'panales', quantity: '40', unit: 'paquetes' })).statusCode, 303);
    const stock = await inventario('panales');
    assert.ok(
      stock.centers.some(
        (c: { collectionCenterId: string; need: { quantity: number }[] }) =>
          c.collectionCenterId === id && c.need[0]?.quantity === 40,
      ),
    );

    const other = await centre(SLUG, { title: 'Otro centro' });
    const otherUrl = `/panel/e/${SLUG}/centros/${other}`;
    await browser.get(otherUrl);
    await browser.post(`${otherUrl}/lineas`, { kind: 'have', category: 'ropa', quantity: '10', unit: 'cajas' });
    const otherLine = (await inventario('ropa')).centers.find(
      (c: { collectionCenterId: string }) => c.collectionCenterId === other,
    ).have[0].id;
    const crossed = await h.app.inject({
      method: 'POST',
      url: `${link}/lineas/${otherLine}/quitar`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    assert.equal(crossed.statusCode, 404, 'a link reaches only its own centre');

    const page = await browser.get(url);
    const linkId = /\/enlaces\/([0-9a-f-]{36})\/revocar/.exec(page.body)?.[1];
    assert.ok(linkId);
    assert.equal((await browser.post(`${url}/enlaces/${linkId}/revocar`)).statusCode, 303);
    const revoked = await h.app.inject({ method: 'GET', url: link });
    assert.equal(revoked.statusCode, 404);
    assert.match(revoked.body, /El enlace de edición no existe o fue revocado/);
    assert.equal((await form({ kind: 'need', category: 'agua', quantity: '1', unit: 'l' })).statusCode, 404);
    const audit = await h.ctx.db.selectFrom('audit_log').select('actor').where('target_id', '=', id).execute();
    assert.ok(
      audit.some((a) => a.actor === `enlace-centro:${linkId}`),
      'changes through the link are audited by link',
    );
    assert.ok(
      audit.every((a) => !a.actor.includes(link.slice(8, 20))),
      'never by its secret',
    );
  });

  test('a record that is not a published centre has no centre page', async () => {
    const { browser } = await leader(h, [SLUG]);
    const request = await publish(h, requestBody({ emergencySlug: SLUG }));
    assert.equal((await browser.get(`/panel/e/${SLUG}/centros/${request}`)).statusCode, 404);
  });
});
