// Volunteers' offers to take a route in the leaders' console: the logistics page counts the offers waiting and lists
// each route's offers with the volunteer's name and WhatsApp; a leader accepts one (the route is assigned to that
// person, the other offers declined) or declines it; another emergency's leader cannot reach them, and a form
// without the CSRF token or from another site changes nothing.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLogisticsOperation } from '../src/commands/create-logistics-operation.ts';
import { leader } from './helpers/console.ts';
import { addEmergency, type Harness, publish, requestBody, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
const OTHER = 'avalancha-salgar';
let h: Harness;
before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  await addEmergency(h, OTHER, 'Avalancha Salgar');
});
after(() => h.close());

async function newRoute(title: string, slug = SLUG) {
  const destination = await publish(
    h,
    requestBody({ emergencySlug: slug, title: `Agua: ${title}`, quantityRequired: 40, unit: 'bidones' }),
  );
  const route = await createLogisticsOperation(
    h.ctx,
    {
      emergencySlug: slug,
      destinationHelpId: destination,
      title,
      supplyDescription: 'Bidones de agua',
      pickupAddress: 'Bodega central',
      pickupLatitude: 1.15,
      pickupLongitude: -76.64,
    },
    'leader-1',
  );
  return route.id;
}

let phone = 3_195_550_000;
/** An offer through the public API, as the website's form sends it; returns the WhatsApp used. */
async function offer(routeId: string, contactName: string, vehicle = 'Moto') {
  const contactWhatsapp = `+57${phone++}`;
  const res = await h.json({
    method: 'POST',
    url: `/api/logistics-operations/${routeId}/claims`,
    payload: { contactName, contactWhatsapp, vehicle, when: 'Hoy a las 3 pm' },
  });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  return { contactWhatsapp, code: res.body.code as string };
}

const logistics = (slug = SLUG) => `/panel/e/${slug}/logistica`;
const action = (claimId: string, verb: 'aceptar' | 'rechazar', slug = SLUG) =>
  `/panel/e/${slug}/rutas/solicitudes/${claimId}/${verb}`;
/** The id of the offer whose item on the page names `name`. */
const claimIdOf = (body: string, name: string) => {
  const item = body
    .split('<li id="ofrecimiento-')
    .slice(1)
    .find((part) => part.includes(name));
  assert.ok(item, `an offer of ${name} is listed`);
  return item.slice(0, item.indexOf('"'));
};
const routeStatus = async (id: string) =>
  await h.ctx.db
    .selectFrom('logistics_operations')
    .select(['status', 'volunteer_contact'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const publicRoutes = async () =>
  (await h.json({ method: 'GET', url: `/api/logistics-operations?emergencia=${SLUG}` })).body.operations.map(
    (o: { id: string }) => o.id,
  );

describe('offers on the logistics page', () => {
  test('the page counts the offers waiting and shows each one with name, wa.me link, vehicle, when and date', async () => {
    const { browser } = await leader(h, [SLUG]);
    const empty = await browser.get(logistics());
    assert.equal(empty.statusCode, 200);
    const routeId = await newRoute('Ruta a la vereda El Pepino');
    const { contactWhatsapp } = await offer(routeId, 'Carlos Ruiz Consola', 'Camioneta 4x4');
    await offer(routeId, 'Diana Pérez Consola');
    const page = await browser.get(logistics());
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<h2>Ofrecimientos por decidir: \d+<\/h2>/);
    assert.ok(page.body.includes(`href="#ruta-${routeId}"`), 'the count leads to the route');
    const card = page.body.slice(page.body.indexOf(`id="ruta-${routeId}"`));
    assert.ok(card.includes('Ofrecimientos de voluntarios (2, 2 por decidir)'));
    assert.ok(card.includes('<strong>Carlos Ruiz Consola</strong>'));
    assert.ok(card.includes(`href="https://wa.me/${contactWhatsapp.slice(1)}"`));
    assert.ok(card.includes('Vehículo: Camioneta 4x4 · Puede salir: Hoy a las 3 pm'));
    assert.match(card, /Ofrecido \d/);
    assert.ok(card.includes('>Aceptar<span class="sr-only"> (Carlos Ruiz Consola)</span></button>'));
    assert.ok(card.includes('>No aceptar<span class="sr-only"> (Carlos Ruiz Consola)</span></button>'));
    const claimId = claimIdOf(page.body, 'Carlos Ruiz Consola');
    assert.ok(card.includes(`action="/panel/e/${SLUG}/rutas/solicitudes/${claimId}/aceptar"`));
    // The public never sees who.
    for (const url of [
      `/rutas?emergencia=${SLUG}`,
      `/rutas/${routeId}/llevar`,
      `/api/logistics-operations?emergencia=${SLUG}`,
    ]) {
      assert.ok(!(await h.app.inject({ method: 'GET', url })).body.includes('Carlos Ruiz Consola'), url);
    }
  });

  test('accepting assigns the route to that person and declines the other offers: 303 back with a message', async () => {
    const { browser } = await leader(h, [SLUG]);
    const routeId = await newRoute('Ruta al colegio');
    await offer(routeId, 'Elegida Aceptada', 'Lancha');
    await offer(routeId, 'Otra Declinada');
    const page = await browser.get(logistics());
    const chosen = claimIdOf(page.body, 'Elegida Aceptada');
    const res = await browser.post(action(chosen, 'aceptar'));
    assert.equal(res.statusCode, 303, res.body);
    assert.equal(res.headers.location, `${logistics()}?hecho=ofrecimiento-aceptado#ruta-${routeId}`);
    const after = await browser.get(res.headers.location as string);
    assert.match(after.body, /class="flash"[^>]*>Ofrecimiento aceptado: la ruta quedó asignada a esa persona/);
    const route = await routeStatus(routeId);
    assert.equal(route.status, 'assigned');
    assert.match(String(route.volunteer_contact), /Elegida Aceptada/);
    assert.ok(!(await publicRoutes()).includes(routeId), 'no longer offered in public');
    const card = after.body.slice(after.body.indexOf(`id="ruta-${routeId}"`));
    assert.match(card, /Voluntario \(privado\): Elegida Aceptada/);
    const items = card.split('<li id="ofrecimiento-').slice(1);
    const chosenItem = items.find((i) => i.includes('Elegida Aceptada')) ?? '';
    const otherItem = items.find((i) => i.includes('Otra Declinada')) ?? '';
    assert.ok(chosenItem.includes('Aceptado: la ruta es suya'));
    assert.ok(otherItem.includes('No aceptado'));
    assert.ok(!chosenItem.includes('/aceptar"') && !otherItem.includes('/aceptar"'), 'nothing left to decide');

    // Deciding again is refused beside the offer and changes nothing.
    const other = claimIdOf(after.body, 'Otra Declinada');
    const again = await browser.post(action(other, 'aceptar'));
    assert.equal(again.statusCode, 409);
    assert.match(again.body, /Ese ofrecimiento no permite ese paso/);
    assert.equal((await routeStatus(routeId)).status, 'assigned');
  });

  test('declining leaves the route available and the offer "No aceptado"', async () => {
    const { browser } = await leader(h, [SLUG]);
    const routeId = await newRoute('Ruta al puesto de salud');
    await offer(routeId, 'Persona Rechazada');
    const page = await browser.get(logistics());
    const claimId = claimIdOf(page.body, 'Persona Rechazada');
    const res = await browser.post(action(claimId, 'rechazar'));
    assert.equal(res.statusCode, 303, res.body);
    assert.equal(res.headers.location, `${logistics()}?hecho=ofrecimiento-rechazado#ruta-${routeId}`);
    const after = await browser.get(res.headers.location as string);
    assert.match(after.body, /class="flash"[^>]*>Ofrecimiento no aceptado/);
    assert.equal((await routeStatus(routeId)).status, 'available');
    assert.ok((await publicRoutes()).includes(routeId));
    const item =
      after.body
        .split('<li id="ofrecimiento-')
        .slice(1)
        .find((i) => i.includes('Persona Rechazada')) ?? '';
    assert.ok(item.includes('No aceptado') && !item.includes('/rechazar"'));
  });

  test('a leader of another emergency gets 404 for the decision, and 403 in the emergency that is not theirs', async () => {
    const routeId = await newRoute('Ruta de otra emergencia');
    await offer(routeId, 'Ofrecimiento Ajeno');
    const { browser: own } = await leader(h, [SLUG]);
    const claimId = claimIdOf((await own.get(logistics())).body, 'Ofrecimiento Ajeno');
    const { browser: stranger } = await leader(h, [OTHER]);
    const otherPage = await stranger.get(logistics(OTHER));
    assert.equal(otherPage.statusCode, 200);
    assert.ok(!otherPage.body.includes('Ofrecimiento Ajeno'), 'not listed in the other emergency');
    const res = await stranger.post(action(claimId, 'aceptar', OTHER));
    assert.equal(res.statusCode, 404);
    assert.equal((await stranger.post(action(claimId, 'aceptar', SLUG))).statusCode, 403);
    assert.equal((await stranger.get(logistics(SLUG))).statusCode, 403);
    assert.equal((await routeStatus(routeId)).status, 'available', 'nothing changed');
  });

  test('a form without the CSRF token, or from another site, is refused and changes nothing', async () => {
    const { browser } = await leader(h, [SLUG]);
    const routeId = await newRoute('Ruta del comedor');
    await offer(routeId, 'Sin Token');
    const claimId = claimIdOf((await browser.get(logistics())).body, 'Sin Token');
    const missing = await browser.post(action(claimId, 'aceptar'), { _csrf: '' });
    assert.equal(missing.statusCode, 403);
    assert.match(missing.body, /El formulario caducó/);
    await browser.get(logistics());
    const crossSite = await browser.post(action(claimId, 'aceptar'), {}, { origin: 'https://otro.example' });
    assert.equal(crossSite.statusCode, 403);
    assert.equal((await routeStatus(routeId)).status, 'available');
    // Signed out: back to the sign-in page, nothing decided.
    const anonymous = await h.app.inject({ method: 'POST', url: action(claimId, 'aceptar') });
    assert.equal(anonymous.statusCode, 303);
    assert.equal((await routeStatus(routeId)).status, 'available');
  });

  test('with nothing waiting the page says so', async () => {
    const { browser } = await leader(h, [OTHER]);
    const page = await browser.get(logistics(OTHER));
    assert.ok(page.body.includes('Ningún ofrecimiento de voluntarios espera su decisión.'));
  });
});
