// Needs stay current in the leaders' console: a record's page says whether it is vigente, por confirmar or expired
// with its dates; leaders confirm it (after a call) or close it there and on the por confirmar list; the digest
// lists overdue pledges with the pledger's WhatsApp, routes untouched for a day, and what is about to expire.
// Sessions end after 2 idle hours, so every leader signs in after the clock has moved.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { refreshConfirmations } from '../src/commands/confirmation/refresh-confirmations.ts';
import { createLogisticsOperation } from '../src/commands/create-logistics-operation.ts';
import { setLogisticsStatus } from '../src/commands/set-logistics-status.ts';
import { leader } from './helpers/console.ts';
import { addEmergency, type Harness, HELP, offerBody, publish, requestBody, setup } from './helpers/harness.ts';

let h: Harness;
const SLUG = 'inundacion-mocoa';
const OTHER = 'avalancha-salgar';
const QUIET = 'sismo-popayan';
before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  await addEmergency(h, OTHER, 'Avalancha Salgar');
  await addEmergency(h, QUIET, 'Sismo Popayán');
});
after(() => h.close());

const request = (title: string, overrides: Record<string, unknown> = {}) =>
  publish(h, requestBody({ emergencySlug: SLUG, title, ...overrides }));
const detail = async (id: string) => (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` })).body.item;
const recordPath = (id: string, slug = SLUG) => `/panel/e/${slug}/registros/${id}`;
const action = (id: string, verb: 'confirmar' | 'cerrar', slug = SLUG) => `/panel/e/${slug}/vigencia/${id}/${verb}`;
/** Moves the clock and lets the sweep move every record the new time changes. */
const advance = async (hours: number) => {
  h.clock.advanceHours(hours);
  await refreshConfirmations(h.ctx);
};
/** The part of a page from the section with this id to the end of that section. */
const section = (body: string, id: string) => {
  const start = body.indexOf(`id="${id}"`);
  assert.ok(start >= 0, `section ${id} is on the page`);
  return body.slice(start, body.indexOf('</section>', start));
};

describe('Vigencia on a record’s console page', () => {
  test('a fresh record is vigente, with when it turns por confirmar and when it expires', async () => {
    const id = await request('Agua para el barrio San Agustín');
    const { browser } = await leader(h, [SLUG]);
    const page = await browser.get(recordPath(id));
    assert.equal(page.statusCode, 200);
    const vigencia = section(page.body, 'vigencia');
    assert.match(vigencia, /<h2>Vigencia<\/h2>/);
    assert.match(vigencia, /<strong class="tag">Vigente<\/strong>/);
    assert.match(vigencia, /Última confirmación: .+ · pasa a «por confirmar» .+ · vence /);
    assert.ok(vigencia.includes(`action="${action(id, 'confirmar')}"`));
    assert.ok(vigencia.includes('>Confirmar que sigue vigente</button>'));
    assert.ok(vigencia.includes('>Ya no se necesita</button>'));
    const offer = await publish(h, offerBody({ emergencySlug: SLUG, title: 'Ofrezco lancha para cruzar el río' }));
    const offerPage = await browser.get(recordPath(offer));
    assert.ok(
      section(offerPage.body, 'vigencia').includes('>Ya no se ofrece</button>'),
      'an offer is no longer offered',
    );
  });

  test('por confirmar on its page and on /por-confirmar; Confirmar makes it current again', async () => {
    const id = await request('Mercados para la vereda El Pepino', { urgency: 'urgent' });
    await advance(73);
    assert.equal((await detail(id)).confirmation.state, 'to_confirm');
    const { browser } = await leader(h, [SLUG]);
    const page = await browser.get(recordPath(id));
    assert.match(section(page.body, 'vigencia'), /<strong class="tag">Por confirmar<\/strong>/);
    assert.match(section(page.body, 'vigencia'), /por confirmar desde .+ · vence /);

    const home = await browser.get(`/panel/e/${SLUG}`);
    assert.ok(home.body.includes(`href="/panel/e/${SLUG}/por-confirmar"`), 'the emergency’s navigation links to it');
    const list = await browser.get(`/panel/e/${SLUG}/por-confirmar`);
    assert.equal(list.statusCode, 200);
    assert.match(list.body, /aria-current="page">Por confirmar</);
    const pending = section(list.body, 'por-confirmar');
    assert.match(pending, /<h2>Por confirmar \(\d+\)<\/h2>/);
    const item = pending.slice(pending.indexOf(`id="vigencia-${id}"`));
    assert.ok(item.includes(`<a href="${recordPath(id)}">Mercados para la vereda El Pepino</a>`));
    assert.match(item, /Solicitud · urgencia <strong>Urgente<\/strong> · última confirmación .+ · vence /);
    assert.ok(item.includes(`action="${action(id, 'confirmar')}"`));

    const confirmed = await browser.post(action(id, 'confirmar'), { volver: 'lista' });
    assert.equal(confirmed.statusCode, 303, confirmed.body);
    assert.equal(confirmed.headers.location, `/panel/e/${SLUG}/por-confirmar?hecho=vigente`);
    const afterList = await browser.get(confirmed.headers.location as string);
    assert.match(afterList.body, /class="flash"[^>]*>Confirmada como vigente/);
    assert.ok(!afterList.body.includes(`id="vigencia-${id}"`), 'no longer listed');
    const item2 = await detail(id);
    assert.equal(item2.confirmation.state, 'current');
    assert.equal(item2.status, 'active');

    // From the record's page, back to it (a new session: the last one idled out while the clock moved).
    await advance(73);
    const { browser: later } = await leader(h, [SLUG]);
    await later.get(recordPath(id));
    const again = await later.post(action(id, 'confirmar'), { volver: 'registro' });
    assert.equal(again.statusCode, 303);
    assert.equal(again.headers.location, `${recordPath(id)}?hecho=vigente#vigencia`);
    const back = await later.get(again.headers.location as string);
    assert.match(back.body, /class="flash"[^>]*>Confirmada como vigente/);
    assert.match(section(back.body, 'vigencia'), /<strong class="tag">Vigente<\/strong>/);
  });

  test('an expired record says so, is listed among the expired, and a confirmation brings it back', async () => {
    const id = await request('Carpas para el coliseo');
    await advance(72 + 72 + 1);
    assert.equal((await detail(id)).confirmation.state, 'expired');
    const { browser } = await leader(h, [SLUG]);
    const page = await browser.get(recordPath(id));
    assert.match(section(page.body, 'vigencia'), /Vencida: ya no aparece en listas ni mapa/);
    const list = await browser.get(`/panel/e/${SLUG}/por-confirmar`);
    assert.ok(section(list.body, 'vencidos').includes(`id="vigencia-${id}"`));
    assert.ok(!section(list.body, 'por-confirmar').includes(`id="vigencia-${id}"`));
    assert.match(section(list.body, 'vencidos'), /venció /);
    assert.equal((await browser.post(action(id, 'confirmar'), { volver: 'lista' })).statusCode, 303);
    assert.equal((await detail(id)).confirmation.state, 'current');
  });

  test('"Ya no se necesita" completes the record; a second closing is refused', async () => {
    const id = await request('Colchonetas para el albergue');
    await advance(73);
    const { browser } = await leader(h, [SLUG]);
    await browser.get(recordPath(id));
    const closed = await browser.post(action(id, 'cerrar'), { volver: 'registro' });
    assert.equal(closed.statusCode, 303, closed.body);
    assert.equal(closed.headers.location, `${recordPath(id)}?hecho=ya-no-se-necesita`);
    const page = await browser.get(closed.headers.location as string);
    assert.match(page.body, /class="flash"[^>]*>Marcada como que ya no se necesita/);
    assert.ok(!page.body.includes('id="vigencia"'), 'a completed record has nothing to confirm');
    const item = await detail(id);
    assert.equal(item.status, 'completed');
    assert.equal(item.confirmation.state, 'current');
    const list = await browser.get(`/panel/e/${SLUG}/por-confirmar`);
    assert.ok(!list.body.includes(`id="vigencia-${id}"`));
    const again = await browser.post(action(id, 'cerrar'));
    assert.equal(again.statusCode, 409);
  });

  test('a leader of another emergency gets 404 for the action, and 403 in the emergency that is not theirs', async () => {
    const id = await request('Medicinas para el puesto de salud');
    await advance(73);
    const { browser: stranger } = await leader(h, [OTHER]);
    await stranger.get(`/panel/e/${OTHER}/por-confirmar`);
    assert.equal((await stranger.post(action(id, 'confirmar', OTHER))).statusCode, 404);
    assert.equal((await stranger.post(action(id, 'cerrar', OTHER))).statusCode, 404);
    assert.equal((await stranger.post(action(id, 'confirmar', SLUG))).statusCode, 403);
    assert.equal((await stranger.get(`/panel/e/${SLUG}/por-confirmar`)).statusCode, 403);
    assert.equal((await stranger.get(`/panel/e/${SLUG}/resumen`)).statusCode, 403);
    const item = await detail(id);
    assert.deepEqual([item.status, item.confirmation.state], ['active', 'to_confirm'], 'nothing changed');
  });

  test('a form without the CSRF token, or from another site, is refused and changes nothing', async () => {
    const id = await request('Pañales para el hogar infantil');
    await advance(73);
    const { browser } = await leader(h, [SLUG]);
    await browser.get(recordPath(id));
    const missing = await browser.post(action(id, 'confirmar'), { _csrf: '' });
    assert.equal(missing.statusCode, 403);
    assert.match(missing.body, /El formulario caducó/);
    await browser.get(recordPath(id));
    const crossSite = await browser.post(action(id, 'cerrar'), {}, { origin: 'https://otro.example' });
    assert.equal(crossSite.statusCode, 403);
    const item = await detail(id);
    assert.deepEqual([item.status, item.confirmation.state], ['active', 'to_confirm']);
  });
});

describe('the emergency’s digest page', () => {
  test('lists an overdue pledge with the pledger’s WhatsApp, a stale route, and what is about to expire', async () => {
    const destination = await request('Agua para el albergue del colegio', { quantityRequired: 40, unit: 'bidones' });
    const route = await createLogisticsOperation(
      h.ctx,
      {
        emergencySlug: SLUG,
        destinationHelpId: destination,
        title: 'Llevar agua al colegio',
        supplyDescription: 'Bidones de agua de 20 litros',
        pickupAddress: 'Parque principal de Mocoa',
        pickupLatitude: 1.1497,
        pickupLongitude: -76.6469,
        volunteerContact: '+573105550101',
      },
      'test',
    );
    await setLogisticsStatus(h.ctx, route.id, 'assigned', 'test');
    const waiting = await createLogisticsOperation(
      h.ctx,
      {
        emergencySlug: SLUG,
        destinationHelpId: destination,
        title: 'Llevar agua a la cancha',
        supplyDescription: 'Bidones de agua',
        pickupAddress: 'Parque principal de Mocoa',
        pickupLatitude: 1.1497,
        pickupLongitude: -76.6469,
      },
      'test',
    );
    const claimed = await h.json({
      method: 'POST',
      url: `/api/logistics-operations/${waiting.id}/claims`,
      payload: { contactName: 'Julián Ortega', contactWhatsapp: '+573205550177', vehicle: 'Moto', when: 'Hoy' },
    });
    assert.equal(claimed.status, 202, JSON.stringify(claimed.body));
    h.clock.advanceHours(23);
    const pledged = await h.json({
      method: 'POST',
      url: `${HELP}/${destination}/pledges`,
      payload: { quantity: 12, deliverWithinHours: 1, contactName: 'Rosa Mendoza', contactWhatsapp: '+573205550123' },
    });
    assert.equal(pledged.status, 202, JSON.stringify(pledged.body));
    await advance(2);
    const stale = await request('Linternas para la vereda La Tebaida');
    await advance(73);

    const { browser } = await leader(h, [SLUG]);
    const home = await browser.get(`/panel/e/${SLUG}`);
    assert.ok(home.body.includes(`href="/panel/e/${SLUG}/resumen"`), 'the emergency’s navigation links to it');
    const page = await browser.get(`/panel/e/${SLUG}/resumen`);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /aria-current="page">Resumen</);

    const pledges = section(page.body, 'compromisos-vencidos');
    assert.match(pledges, /<h2>Compromisos vencidos sin confirmar \(\d+\)<\/h2>/);
    assert.ok(pledges.includes(`href="${recordPath(destination)}#compromisos">Agua para el albergue del colegio</a>`));
    assert.ok(pledges.includes('Rosa Mendoza'));
    assert.ok(pledges.includes('href="https://wa.me/573205550123"'));
    assert.match(pledges, /Lleva: <strong>12 bidones<\/strong> · entrega prevista /);

    const routes = section(page.body, 'rutas-quietas');
    assert.match(routes, /<h2>Rutas sin movimiento hace 24 h \(\d+\)<\/h2>/);
    assert.ok(routes.includes('Llevar agua al colegio'));
    assert.ok(routes.includes('Asignada a un voluntario'));
    assert.ok(routes.includes('href="https://wa.me/573105550101"'), 'the volunteer’s number is a WhatsApp link');

    const claims = section(page.body, 'ofrecimientos-sin-respuesta');
    assert.ok(claims.includes('Llevar agua a la cancha') && claims.includes('Julián Ortega'), claims);
    assert.ok(claims.includes('href="https://wa.me/573205550177"'));

    const soon = section(page.body, 'por-vencer');
    assert.ok(soon.includes(`<a href="${recordPath(stale)}">Linternas para la vereda La Tebaida</a>`));
    assert.match(soon.slice(soon.indexOf(`id="vigencia-${stale}"`)), /· vence /);
    assert.match(section(page.body, 'vencidas'), /<h2>Vencidas \(\d+\)<\/h2>/);

    // Confirming from the digest comes back to it.
    const confirmed = await browser.post(action(stale, 'confirmar'), { volver: 'resumen' });
    assert.equal(confirmed.headers.location, `/panel/e/${SLUG}/resumen?hecho=vigente`);
    const afterConfirm = await browser.get(confirmed.headers.location as string);
    assert.match(afterConfirm.body, /class="flash"[^>]*>Confirmada como vigente/);
    assert.ok(!section(afterConfirm.body, 'por-vencer').includes(`id="vigencia-${stale}"`));
  });

  test('an emergency with nothing pending says so in every section', async () => {
    const { browser } = await leader(h, [QUIET]);
    const page = await browser.get(`/panel/e/${QUIET}/resumen`);
    assert.equal(page.statusCode, 200);
    for (const id of ['compromisos-vencidos', 'rutas-quietas', 'por-vencer', 'vencidas']) {
      assert.ok(section(page.body, id).includes('<p>Nada pendiente.</p>'), id);
    }
    const list = await browser.get(`/panel/e/${QUIET}/por-confirmar`);
    assert.match(section(list.body, 'por-confirmar'), /<h2>Por confirmar \(0\)<\/h2>[\s\S]*Nada pendiente/);
    assert.match(section(list.body, 'vencidos'), /<h2>Vencidos \(0\)<\/h2>[\s\S]*Nada pendiente/);
  });
});
