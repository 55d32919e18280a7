// Pledges in the leaders' console: the request's page and the emergency's list show who will bring what, with
// their WhatsApp; leaders cancel, confirm (less than pledged, too) and dispute, checked in the public quantities.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
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

let phone = 3_200_000_000;
const water = (title: string, slug = SLUG) =>
  publish(h, requestBody({ emergencySlug: slug, title, quantityRequired: 30, unit: 'bidones' }));
const pledge = async (id: string, quantity: number | undefined, contactName = 'Ana Gómez') => {
  const contactWhatsapp = `+57${phone++}`;
  const res = await h.json({
    method: 'POST',
    url: `${HELP}/${id}/pledges`,
    payload: quantity === undefined ? { contactName, contactWhatsapp } : { quantity, contactName, contactWhatsapp },
  });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  return { code: res.body.code as string, contactWhatsapp };
};
const quantities = async (id: string) =>
  (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` })).body.item.quantities;
/** The pledge ids on a console page, in the order shown. */
const pledgeIds = (body: string) => [...body.matchAll(/id="compromiso-([0-9a-f-]{36})"/g)].map((m) => m[1] as string);
/** The id of the pledge whose item on the page mentions `text`. */
const pledgeIdNear = (body: string, text: string) => {
  const item = body.split('<li class="card" id="compromiso-').find((part) => part.includes(text));
  assert.ok(item, `a pledge of ${text} is listed`);
  return item.slice(0, 36);
};
const recordPath = (id: string, slug = SLUG) => `/panel/e/${slug}/registros/${id}`;
const action = (id: string, verb: string, slug = SLUG) => `/panel/e/${slug}/compromisos/${id}/${verb}`;

describe('pledges on a request’s console page', () => {
  test('a leader sees each pledger’s name and WhatsApp, with a wa.me link and the expected delivery', async () => {
    const { browser } = await leader(h, [SLUG]);
    const id = await water('Agua para el barrio Los Ángeles');
    const { contactWhatsapp } = await pledge(id, 12, 'Carlos Ruiz');
    const page = await browser.get(recordPath(id));
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<h2>Compromisos \(1\)<\/h2>/);
    assert.ok(page.body.includes('Carlos Ruiz'));
    assert.ok(page.body.includes(`href="https://wa.me/${contactWhatsapp.slice(1)}"`));
    assert.match(page.body, /Lleva: <strong>12 bidones<\/strong> · entrega prevista /);
    assert.ok(page.body.includes('Comprometido: aún no sale'));
    assert.ok(page.body.includes('>Confirmar entrega<span class="sr-only"> (Carlos Ruiz, 12 bidones)</span></button>'));
    assert.ok(page.body.includes('>Cancelar<span class="sr-only">'));
    // The public never sees who.
    const publicPage = await h.app.inject({ method: 'GET', url: `/ayudas/${id}` });
    assert.ok(!publicPage.body.includes('Carlos Ruiz'));
  });

  test('cancel, confirm a smaller quantity and dispute: each redirects back with a message and moves the quantities', async () => {
    const { browser } = await leader(h, [SLUG]);
    const id = await water('Agua para la vereda El Pepino');
    await pledge(id, 10, 'Primera Persona');
    await pledge(id, 15, 'Segunda Persona');
    assert.deepEqual(
      [(await quantities(id)).committed, (await quantities(id)).uncommitted],
      [25, 5],
      'both pledges hold their quantity',
    );
    const page = await browser.get(recordPath(id));
    const [second, first] = pledgeIds(page.body);
    assert.ok(first && second, 'both pledges are listed');

    const cancelled = await browser.post(action(first, 'cancelar'), { volver: 'registro' });
    assert.equal(cancelled.statusCode, 303, cancelled.body);
    assert.equal(cancelled.headers.location, `${recordPath(id)}?hecho=compromiso-cancelado#compromisos`);
    const afterCancel = await browser.get(cancelled.headers.location as string);
    assert.match(afterCancel.body, /class="flash"[^>]*>Compromiso cancelado/);
    assert.ok(afterCancel.body.includes('Cancelado'));
    let q = await quantities(id);
    assert.deepEqual([q.covered, q.committed, q.uncommitted], [0, 15, 15]);

    const delivered = await browser.post(action(second, 'entregar'), { volver: 'registro', quantity: '12' });
    assert.equal(delivered.statusCode, 303, delivered.body);
    assert.match(
      (await browser.get(delivered.headers.location as string)).body,
      /class="flash"[^>]*>Entrega confirmada/,
    );
    q = await quantities(id);
    assert.deepEqual([q.covered, q.pending, q.committed], [12, 18, 0], 'covered grows by what arrived');
    assert.ok(browser.last?.body.includes('llegó: 12 bidones'));
    assert.ok(browser.last?.body.includes('>No llegó<span class="sr-only">'));

    const disputed = await browser.post(action(second, 'disputar'), { volver: 'registro' });
    assert.equal(disputed.statusCode, 303, disputed.body);
    const afterDispute = await browser.get(disputed.headers.location as string);
    assert.match(afterDispute.body, /class="flash"[^>]*>Entrega marcada como no recibida/);
    assert.ok(afterDispute.body.includes('Entrega disputada'));
    q = await quantities(id);
    assert.deepEqual([q.covered, q.pending], [0, 30], 'covered goes back');

    // A settled pledge takes no second action: the refusal is shown beside it.
    const again = await browser.post(action(second, 'disputar'), { volver: 'registro' });
    assert.equal(again.statusCode, 409);
    assert.match(again.body, /Ese compromiso ya no está abierto/);
  });

  test('more than was pledged, or not a number, is refused beside the pledge and changes nothing', async () => {
    const { browser } = await leader(h, [SLUG]);
    const id = await water('Agua para el puesto de salud');
    await pledge(id, 8);
    const [pledgeId] = pledgeIds((await browser.get(recordPath(id))).body);
    assert.ok(pledgeId);
    const over = await browser.post(action(pledgeId, 'entregar'), { volver: 'registro', quantity: '9' });
    assert.equal(over.statusCode, 400);
    assert.match(over.body, /no mayor que 8/);
    await browser.get(recordPath(id));
    const words = await browser.post(action(pledgeId, 'entregar'), { volver: 'registro', quantity: 'ocho' });
    assert.equal(words.statusCode, 400);
    const q = await quantities(id);
    assert.deepEqual([q.covered, q.committed], [0, 8]);
    // A decimal comma is a number.
    await browser.get(recordPath(id));
    assert.equal((await browser.post(action(pledgeId, 'entregar'), { quantity: '7,5' })).statusCode, 303);
    assert.equal((await quantities(id)).covered, 7.5);
  });

  test('a leader of another emergency gets 404 for the action, and 403 in the emergency that is not theirs', async () => {
    const id = await water('Agua para el albergue del colegio');
    await pledge(id, 5);
    const { browser: own } = await leader(h, [SLUG]);
    const [pledgeId] = pledgeIds((await own.get(recordPath(id))).body);
    assert.ok(pledgeId);
    const { browser: stranger } = await leader(h, [OTHER]);
    await stranger.get(`/panel/e/${OTHER}/compromisos`);
    const res = await stranger.post(action(pledgeId, 'cancelar', OTHER));
    assert.equal(res.statusCode, 404);
    assert.equal((await stranger.post(action(pledgeId, 'cancelar', SLUG))).statusCode, 403);
    assert.equal((await stranger.get(`/panel/e/${SLUG}/compromisos`)).statusCode, 403);
    assert.equal((await quantities(id)).committed, 5, 'nothing changed');
  });

  test('a form without the CSRF token, or from another site, is refused and changes nothing', async () => {
    const { browser } = await leader(h, [SLUG]);
    const id = await water('Agua para el comedor comunitario');
    await pledge(id, 6);
    const [pledgeId] = pledgeIds((await browser.get(recordPath(id))).body);
    assert.ok(pledgeId);
    const missing = await browser.post(action(pledgeId, 'cancelar'), { _csrf: '' });
    assert.equal(missing.statusCode, 403);
    assert.match(missing.body, /El formulario caducó/);
    await browser.get(recordPath(id));
    const crossSite = await browser.post(action(pledgeId, 'cancelar'), {}, { origin: 'https://otro.example' });
    assert.equal(crossSite.statusCode, 403);
    assert.equal((await quantities(id)).committed, 6);
  });

  test('a request without pledges says so; offers have no pledge section', async () => {
    const { browser } = await leader(h, [SLUG]);
    const id = await water('Agua para la finca La Esperanza');
    const page = await browser.get(recordPath(id));
    assert.match(page.body, /<h2>Compromisos \(0\)<\/h2>/);
    assert.ok(page.body.includes('Nadie se ha comprometido todavía'));
    const offer = await publish(h, offerBody({ emergencySlug: SLUG, title: 'Ofrezco bidones de agua' }));
    const offerPage = await browser.get(recordPath(offer));
    assert.equal(offerPage.statusCode, 200);
    assert.ok(!offerPage.body.includes('id="compromisos"'));
  });
});

describe('the emergency’s pledges page', () => {
  test('lists every pledge open first, linked to its request, filters by status, and acts from the list', async () => {
    const { browser } = await leader(h, [SLUG]);
    const nav = await browser.get(`/panel/e/${SLUG}`);
    assert.ok(nav.body.includes(`href="/panel/e/${SLUG}/compromisos"`), 'the emergency’s navigation links to it');
    const a = await water('Agua para la lista A');
    const b = await water('Agua para la lista B');
    await pledge(a, 3, 'Lista Uno');
    await pledge(b, 4, 'Lista Dos');
    const list = await browser.get(`/panel/e/${SLUG}/compromisos`);
    assert.equal(list.statusCode, 200);
    assert.match(list.body, /aria-current="page">Compromisos</);
    assert.ok(list.body.includes(`href="/panel/e/${SLUG}/registros/${a}#compromisos"`));
    assert.ok(list.body.includes('Lista Uno') && list.body.includes('Lista Dos'));
    const bId = pledgeIdNear(list.body, 'Lista Dos');
    // Deliver B from the list: it moves below the open ones, and the list keeps its filter.
    const delivered = await browser.post(action(bId, 'entregar'), { volver: 'lista' });
    assert.equal(delivered.statusCode, 303);
    assert.equal(
      delivered.headers.location,
      `/panel/e/${SLUG}/compromisos?hecho=compromiso-entregado#compromiso-${bId}`,
    );
    const after = await browser.get(delivered.headers.location as string);
    assert.match(after.body, /class="flash"[^>]*>Entrega confirmada/);
    const openSection = after.body.indexOf('<h2>Comprometido: aún no sale');
    const deliveredSection = after.body.indexOf('<h2>Entregado');
    assert.ok(openSection >= 0 && deliveredSection > openSection, 'open pledges come first');
    assert.equal((await quantities(b)).covered, 4);

    const onlyOpen = await browser.get(`/panel/e/${SLUG}/compromisos?estado=open`);
    assert.ok(onlyOpen.body.includes('Lista Uno'));
    assert.ok(!onlyOpen.body.includes('Lista Dos'));
    const cancelled = await browser.post(action(pledgeIdNear(onlyOpen.body, 'Lista Uno'), 'cancelar'), {
      volver: 'lista',
      estado: 'open',
    });
    assert.match(cancelled.headers.location as string, /\/compromisos\?estado=open&hecho=compromiso-cancelado#/);
    const none = await browser.get(`/panel/e/${SLUG}/compromisos?estado=expired`);
    assert.ok(none.body.includes('No hay compromisos en estado «Venció sin confirmarse»'));
    // Every status has its filter, a reported delivery first: it waits for a leader.
    const filters = [...none.body.matchAll(/compromisos\?estado=([a-z]+)"/g)].map((m) => m[1]);
    assert.deepEqual(filters, ['reported', 'open', 'delivered', 'disputed', 'expired', 'cancelled']);
  });
});

describe('pledges grouped by number and by address', () => {
  test('a leader sees one address’s pledges together and voids them all at once, which restores the needs', async () => {
    const { browser } = await leader(h, [SLUG]);
    const remoteAddress = '10.77.0.9';
    const number = `+57${phone++}`;
    const ids = [await water('Agua para la vereda El Pepino'), await water('Agua para la vereda Planadas')];
    const codes: string[] = [];
    for (const [i, id] of [...ids, ...ids].entries()) {
      const res = await h.json({
        method: 'POST',
        url: `${HELP}/${id}/pledges`,
        payload: { quantity: 10, contactName: 'Ayuda Rápida', contactWhatsapp: i < 3 ? number : `+57${phone++}` },
        remoteAddress,
      });
      assert.equal(res.status, 202, JSON.stringify(res.body));
      codes.push(res.body.code);
    }
    // One of them says it delivered: reported, still reserved.
    const reported = await h.json({
      method: 'POST',
      url: '/api/public/v1/pledges/confirm',
      payload: { code: codes[0] },
      remoteAddress,
    });
    assert.equal(reported.body.pledge.status, 'reported');
    for (const id of ids) assert.equal((await quantities(id)).committed, 20);

    const page = await browser.get(`/panel/e/${SLUG}/compromisos`);
    assert.match(page.body, /<h2 id="grupos">Por número y por conexión<\/h2>/);
    const numberRow = new RegExp(`<th scope="row">\\${number}</th><td>3</td><td>3</td><td>3</td>`);
    assert.match(page.body, numberRow, 'the number’s three pledges, all today, all pending');
    const addressRow = /<th scope="row">Conexión [\w-]{8}<\/th><td>4<\/td><td>4<\/td><td>4<\/td>/;
    assert.match(page.body, addressRow, 'the address’s four pledges');
    assert.ok(!page.body.includes(remoteAddress), 'the address itself is never shown');
    const key = /name="por" value="conexion"><input type="hidden" name="valor" value="([^"]+)"/.exec(page.body)?.[1];
    assert.ok(key);

    const voided = await browser.post(`/panel/e/${SLUG}/compromisos/anular`, { por: 'conexion', valor: key });
    assert.equal(voided.statusCode, 303);
    assert.match(String(voided.headers.location), /hecho=compromisos-anulados/);
    for (const id of ids) {
      const q = await quantities(id);
      assert.equal(q.committed, 0, 'what they reserved is open again');
      assert.equal(q.covered, 0, 'nothing was counted as covered');
    }
    const statuses = await h.ctx.db
      .selectFrom('pledges')
      .select('status')
      .where('client_hash', '=', key)
      .orderBy('created_at')
      .execute();
    assert.deepEqual(
      statuses.map((s) => s.status),
      ['disputed', 'cancelled', 'cancelled', 'cancelled'],
    );
    const entry = await h.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'pledges_voided')
      .executeTakeFirstOrThrow();
    assert.equal(JSON.parse(entry.details ?? '{}').pledges.length, 4);
    assert.ok(!String(entry.details).includes(number), 'the audit names pledges, never the number');
    // The group has nothing left to void; another emergency's leader cannot void this one's pledges.
    const after = await browser.get(`/panel/e/${SLUG}/compromisos`);
    assert.match(
      after.body,
      /<th scope="row">Conexión [\w-]{8}<\/th><td>4<\/td><td>4<\/td><td>0<\/td><td><span class="note">Nada pendiente/,
    );
  });
});
