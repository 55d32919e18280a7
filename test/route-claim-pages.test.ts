// "Quiero llevar esta ruta" on the website without JavaScript: the link on /rutas and the form only for available
// routes, the answer with the code (a page, never a redirect), the refusals in the person's words, /mi-ruta with the
// code showing the team's answer and, once accepted, "en camino" and "entregado" (a delivery adds to the
// destination's covered quantity); the code never in an address, the volunteer's name and WhatsApp never public.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { createLogisticsOperation } from '../src/commands/create-logistics-operation.ts';
import { decideClaim } from '../src/commands/route-claims/decide-claim.ts';
import { setLogisticsStatus } from '../src/commands/set-logistics-status.ts';
import { RECEIPT_CODE_FORMAT } from '../src/domain/receipt-code.ts';
import { claimsOfEmergency } from '../src/repositories/route-claims.ts';
import { addEmergency, BASE_URL, type Harness, HELP, publish, requestBody, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
const VOLUNTEER = 'Yesid Alberto Claimer';
const VOLUNTEER_PHONE = '318 555 0177';
const VOLUNTEER_E164 = '+573185550177';
let h: Harness;
let emergencyId = '';
let address = 1;
/** Every answer to a request of these tests: none may carry a code in a Location header. */
const answers: LightMyRequestResponse[] = [];
const codes: string[] = [];

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await h.app.inject({ method: 'GET', url, headers });
  answers.push(res);
  return res;
};

/** A form as a browser sends it, from our own pages; each from its own address unless one is given. */
async function post(url: string, fields: Record<string, string>, options: { ip?: string; origin?: string } = {}) {
  const res = await h.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: options.origin ?? BASE_URL },
    remoteAddress: options.ip ?? `10.21.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
  });
  answers.push(res);
  return res;
}

let phone = 3_185_550_000;
/** What a volunteer fills in; a new WhatsApp each time unless one is given. */
function claimFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    contactName: 'Carlos Muñoz',
    contactWhatsapp: String(phone++),
    vehicle: 'Camioneta 4x4',
    when: 'Hoy a las 3 pm',
    ...overrides,
  };
}

/** The code the answer shows, large. */
function codeOf(body: string): string {
  const code = /<p class="codigo-valor"><code>([^<]+)<\/code><\/p>/.exec(body)?.[1] ?? '';
  assert.match(code, RECEIPT_CODE_FORMAT, 'the answer shows the code');
  codes.push(code);
  return code;
}

async function newRoute(title: string, quantityRequired = 40) {
  const destination = await publish(
    h,
    requestBody({ emergencySlug: SLUG, title: `Agua: ${title}`, quantityRequired, unit: 'bidones' }),
  );
  const route = await createLogisticsOperation(
    h.ctx,
    {
      emergencySlug: SLUG,
      destinationHelpId: destination,
      title,
      supplyDescription: 'Bidones de agua',
      quantityLabel: '40 bidones',
      pickupAddress: 'Bodega central de Mocoa',
      pickupLatitude: 1.15,
      pickupLongitude: -76.64,
    },
    'leader-1',
  );
  return { id: route.id, destination };
}

const claimUrl = (id: string) => `/rutas/${id}/llevar`;
const claimsOf = async (routeId: string) =>
  (await claimsOfEmergency(h.ctx.db, emergencyId)).filter((c) => c.operation_id === routeId);
const covered = async (id: string) =>
  (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${id}` })).body.item.quantities.covered;

/** Claims a route through the form and returns the code; the claim's row too. */
async function claimThroughForm(routeId: string, fields: Record<string, string> = {}) {
  const res = await post(claimUrl(routeId), claimFields(fields));
  assert.equal(res.statusCode, 200, res.body);
  const code = codeOf(res.body);
  const [row] = (await claimsOf(routeId)).filter((c) => c.contact_name === (fields.contactName ?? 'Carlos Muñoz'));
  assert.ok(row, 'the claim is stored');
  return { code, row, res };
}

before(async () => {
  h = await setup();
  emergencyId = (await addEmergency(h, SLUG, 'Inundación Mocoa')).id;
});
after(async () => {
  // However each test ended: no answer sent a code in a Location header, nor was any page at an address with one.
  for (const res of answers) {
    const location = String(res.headers.location ?? '');
    for (const code of codes) assert.ok(!location.includes(code), `a code in ${location}`);
  }
  await h.close();
});

describe('the link on /rutas and the form', () => {
  test('each available route links to its form; the form page shows the route as the list does, and its twin the API', async () => {
    const route = await newRoute('Ruta a la vereda alta');
    const list = (await get(`/rutas?emergencia=${SLUG}`)).body;
    const card = list.slice(
      list.indexOf(`id="ruta-${route.id}"`),
      list.indexOf('</section>', list.indexOf(`id="ruta-${route.id}"`)),
    );
    assert.ok(card.includes(`<a href="/rutas/${route.id}/llevar">Quiero llevar esta ruta</a>`));
    assert.ok(list.includes('href="/mi-ruta"'), 'the way back for who already offered');
    const listTwin = (await get(`/rutas.md?emergencia=${SLUG}`)).body;
    assert.ok(listTwin.includes(`(${BASE_URL}/rutas/${route.id}/llevar.md)`));

    const page = await get(claimUrl(route.id));
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes('<h1>Quiero llevar esta ruta</h1>'));
    assert.ok(page.body.includes('<h2>Llevar bidones de agua a San Miguel, Mocoa, Putumayo</h2>'));
    for (const fact of [
      'Ruta a la vereda alta',
      'Bodega central de Mocoa',
      '40 bidones',
      `/ayudas/${route.destination}`,
    ]) {
      assert.ok(page.body.includes(fact), fact);
    }
    assert.ok(!page.body.includes('Calle 8'), 'the destination as the list shows it: its public place');
    assert.ok(page.body.includes(`action="/rutas/${route.id}/llevar"`));
    for (const name of ['contactName', 'contactWhatsapp', 'vehicle', 'when']) {
      assert.ok(page.body.includes(`name="${name}"`), name);
    }
    assert.match(page.body, /solo los ve el equipo de la emergencia[^<]*Nunca se publican/);
    assert.ok(page.body.includes('href="/mi-ruta"'));
    assert.ok(page.body.includes(`<link rel="alternate" type="text/markdown" href="/rutas/${route.id}/llevar.md">`));
    const twin = await get(`${claimUrl(route.id)}.md`);
    assert.equal(twin.headers['content-type'], 'text/markdown; charset=utf-8');
    assert.ok(twin.body.includes(`${BASE_URL}/api/logistics-operations/${route.id}/claims`));
    assert.ok(twin.body.includes('/api/logistics-operations/claims/progress'));
    assert.ok(!twin.body.includes('<form'));
    const english = await get(`${claimUrl(route.id)}?lang=en`);
    assert.match(english.body, /<html lang="en">/);
    assert.ok(english.body.includes(`action="/rutas/${route.id}/llevar?lang=en"`));
    assert.ok(english.body.includes('Offer to take it'));
  });

  test('a route that is not available shows no form and refuses with 409; an unknown one is not found', async () => {
    const taken = await newRoute('Ruta ya asignada');
    await setLogisticsStatus(h.ctx, taken.id, 'assigned', 'leader-1');
    const cancelled = await newRoute('Ruta cancelada');
    await setLogisticsStatus(h.ctx, cancelled.id, 'cancelled', 'leader-1');
    const list = (await get(`/rutas?emergencia=${SLUG}`)).body;
    for (const { id } of [taken, cancelled]) {
      assert.ok(!list.includes(`/rutas/${id}/llevar`), 'no link on the list');
      const page = await get(claimUrl(id));
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /Esta ruta ya no está disponible/);
      assert.ok(!page.body.includes('name="contactName"'));
      const res = await post(claimUrl(id), claimFields());
      assert.equal(res.statusCode, 409, id);
      assert.match(res.body, /Esta ruta ya no está disponible/);
      assert.equal((await claimsOf(id)).length, 0);
    }
    assert.equal((await get(claimUrl('0b6c7a9e-4f1d-4a51-9a34-2f9f0c1d2e11'))).statusCode, 404);
    assert.equal((await get(`${claimUrl('0b6c7a9e-4f1d-4a51-9a34-2f9f0c1d2e11')}.md`)).statusCode, 404);
    assert.equal((await post(claimUrl('no-es-un-id'), claimFields())).statusCode, 404);
  });
});

describe('claiming through the form', () => {
  test('the answer is a page with the code (200, no redirect, not cached), waiting for the team; the route stays available', async () => {
    const route = await newRoute('Ruta al colegio');
    const res = await post(claimUrl(route.id), claimFields({ when: 'Mañana temprano' }));
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers.location, undefined);
    assert.equal(res.headers['cache-control'], 'no-store');
    const code = codeOf(res.body);
    assert.ok(res.body.includes('Gracias: su ofrecimiento llegó al equipo de la emergencia.'));
    assert.ok(res.body.includes('<dt>Su ofrecimiento</dt><dd>Esperando al equipo de la emergencia</dd>'));
    assert.ok(res.body.includes('<dt>Cuándo puede salir</dt><dd>Mañana temprano</dd>'));
    assert.ok(res.body.includes('<dt>Vehículo</dt><dd>Camioneta 4x4</dd>'));
    assert.match(res.body, /«En camino» cuando salga y «Entregado» cuando llegue/);
    assert.ok(res.body.includes('href="/mi-ruta"'));
    assert.ok(res.body.includes('/static/codigo.css'));
    const list = (await get(`/rutas?emergencia=${SLUG}`)).body;
    assert.ok(list.includes(`/rutas/${route.id}/llevar`), 'still available until the team decides');
    assert.ok(!list.includes(code));
    const [row] = await claimsOf(route.id);
    assert.equal(row?.status, 'pending');
    assert.equal(row?.vehicle, 'Camioneta 4x4');
  });

  test('missing or wrong fields: 400, one message per field, what was typed kept, nothing written', async () => {
    const route = await newRoute('Ruta al puesto de salud');
    const res = await post(
      claimUrl(route.id),
      claimFields({ contactName: 'A', contactWhatsapp: 'no sé', vehicle: '', when: '' }),
    );
    assert.equal(res.statusCode, 400);
    const summary = res.body.slice(
      res.body.indexOf('id="errores"'),
      res.body.indexOf('</div>', res.body.indexOf('id="errores"')),
    );
    for (const field of ['contactName', 'contactWhatsapp', 'when'])
      assert.ok(summary.includes(`href="#${field}"`), field);
    assert.ok(!summary.includes('href="#vehicle"'), 'the vehicle is optional');
    assert.ok(res.body.includes('value="no sé"') && res.body.includes('value="A"'));
    assert.equal((await claimsOf(route.id)).length, 0);
    // As people write it: a Colombian number without +57.
    const ok = await post(claimUrl(route.id), claimFields({ contactWhatsapp: '311 555 0199', vehicle: '' }));
    assert.equal(ok.statusCode, 200, ok.body);
    codeOf(ok.body);
    const [row] = await claimsOf(route.id);
    assert.equal(row?.contact_whatsapp, '+573115550199');
    assert.equal(row?.vehicle, null);
  });

  test('the route given to someone while the form was open: 409 "ya no está disponible", nothing written', async () => {
    const route = await newRoute('Ruta que se asigna mientras tanto');
    assert.ok((await get(claimUrl(route.id))).body.includes('name="contactName"'));
    const first = await claimThroughForm(route.id, { contactName: 'Primera Persona' });
    await decideClaim(h.ctx, first.row.id, emergencyId, 'accept', 'panel:lider@ayuda.test');
    const res = await post(claimUrl(route.id), claimFields({ contactName: 'Llegó Tarde' }));
    assert.equal(res.statusCode, 409);
    assert.match(res.body, /Esta ruta ya no está disponible/);
    assert.ok(!res.body.includes('name="contactName"'));
    assert.equal((await claimsOf(route.id)).length, 1);
  });

  test('three open offers on one WhatsApp: the fourth is 429 with what to do', async () => {
    const whatsapp = '3185559999';
    for (let i = 0; i < 3; i++) {
      const route = await newRoute(`Ruta limitada ${i + 1}`);
      assert.equal((await post(claimUrl(route.id), claimFields({ contactWhatsapp: whatsapp }))).statusCode, 200);
    }
    const route = await newRoute('Ruta limitada 4');
    const res = await post(claimUrl(route.id), claimFields({ contactWhatsapp: whatsapp }));
    assert.equal(res.statusCode, 429);
    assert.match(res.body, /Este WhatsApp ya tiene 3 ofrecimientos abiertos en esta emergencia/);
    assert.ok(res.body.includes(`value="${whatsapp}"`), 'what was typed stays');
  });

  test('a form from another site is refused with 403 and writes nothing', async () => {
    const route = await newRoute('Ruta del mirador');
    const evil = { origin: 'https://evil.example' };
    assert.equal((await post(claimUrl(route.id), claimFields(), evil)).statusCode, 403);
    for (const url of ['/mi-ruta', '/mi-ruta/avanzar']) {
      assert.equal((await post(url, { codigo: 'K7P-42Q-X9M-D3R', status: 'in_transit' }, evil)).statusCode, 403);
    }
    assert.equal((await claimsOf(route.id)).length, 0);
  });
});

describe('/mi-ruta', () => {
  test('the form and its twin; an unknown code is "no encontramos ese código"', async () => {
    const page = await get('/mi-ruta');
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes('action="/mi-ruta"'));
    assert.ok(page.body.includes('<link rel="alternate" type="text/markdown" href="/mi-ruta.md">'));
    const twin = await get('/mi-ruta.md');
    assert.equal(twin.headers['content-type'], 'text/markdown; charset=utf-8');
    assert.ok(twin.body.includes('POST /mi-ruta/avanzar'));
    assert.equal((await get('/mi-ruta', { accept: 'text/markdown' })).body, twin.body);
    for (const codigo of ['AAA-AAA-AAA-AAA', 'no es un código', '', 'x'.repeat(200)]) {
      const res = await post('/mi-ruta', { codigo });
      assert.equal(res.statusCode, 404, codigo);
      assert.match(res.body, /No encontramos ese código\./);
    }
    const unknown = await post('/mi-ruta/avanzar', { codigo: 'AAA-AAA-AAA-AAA', status: 'in_transit' });
    assert.equal(unknown.statusCode, 404);
    assert.match(unknown.body, /No encontramos ese código\./);
  });

  test('waiting, accepted, on its way, delivered: each step with the code; the delivery is reported, not yet covered', async () => {
    const route = await newRoute('Ruta a Villa Rosa');
    const { code, row } = await claimThroughForm(route.id, { contactName: 'Ruta Feliz' });
    const typed = ` ${code.toLowerCase().replaceAll('-', ' ')} `;

    const waiting = await post('/mi-ruta', { codigo: typed });
    assert.equal(waiting.statusCode, 200);
    assert.equal(waiting.headers['cache-control'], 'no-store');
    assert.ok(waiting.body.includes('<dt>Ruta</dt><dd>Ruta a Villa Rosa</dd>'));
    assert.ok(waiting.body.includes('<dt>Su ofrecimiento</dt><dd>Esperando al equipo de la emergencia</dd>'));
    assert.ok(waiting.body.includes('<dt>Estado de la ruta</dt><dd>Disponible</dd>'));
    assert.match(waiting.body, /todavía no ha decidido/);
    assert.ok(!waiting.body.includes('action="/mi-ruta/avanzar"'), 'nothing to mark yet');
    assert.ok(!waiting.body.includes(code), 'the code is not printed back');

    await decideClaim(h.ctx, row.id, emergencyId, 'accept', 'panel:lider@ayuda.test');
    const accepted = await post('/mi-ruta', { codigo: typed });
    assert.ok(accepted.body.includes('<dt>Su ofrecimiento</dt><dd>Aceptado: la ruta es suya</dd>'));
    assert.ok(accepted.body.includes('<dt>Estado de la ruta</dt><dd>Asignada</dd>'));
    assert.ok(accepted.body.includes('<dt>Recogida</dt><dd>Bodega central de Mocoa</dd>'));
    assert.ok(accepted.body.includes(`<a href="/ayudas/${route.destination}">Agua: Ruta a Villa Rosa</a>`));
    assert.ok(accepted.body.includes('action="/mi-ruta/avanzar"'));
    assert.ok(accepted.body.includes('<input type="hidden" name="status" value="in_transit">'));
    assert.ok(accepted.body.includes('Ya salí (en camino)'));
    assert.ok(!accepted.body.includes('value="delivered"'), 'en camino first');

    // "Entregado" before "en camino" is not a step the page offers; sent anyway, it changes nothing.
    const early = await post('/mi-ruta/avanzar', { codigo: typed, status: 'delivered', quantity: '5' });
    assert.equal(early.statusCode, 409);
    assert.match(early.body, /Ese paso ya no se puede dar/);
    assert.equal(await covered(route.destination), 0);

    const going = await post('/mi-ruta/avanzar', { codigo: typed, status: 'in_transit' });
    assert.equal(going.statusCode, 200, going.body);
    assert.equal(going.headers.location, undefined);
    assert.match(going.body, /Quedó marcado: va en camino/);
    assert.ok(going.body.includes('<dt>Estado de la ruta</dt><dd>En camino</dd>'));
    assert.ok(going.body.includes('<input type="hidden" name="status" value="delivered">'));
    // Asked in the unit it carries: the request's here, as the route's cargo says none.
    assert.ok(going.body.includes('Cuánto entregó (opcional)'));
    assert.match(going.body, /<input id="unit" name="unit" type="text" value="bidones"/);

    const wrong = await post('/mi-ruta/avanzar', { codigo: typed, status: 'delivered', quantity: 'muchos' });
    assert.equal(wrong.statusCode, 400);
    assert.ok(wrong.body.includes('value="muchos"'));
    assert.match(wrong.body, /Escriba un número mayor que 0/);
    // The unit is published with the delivery: a web address is refused beside the field, and nothing is recorded.
    const linked = await post('/mi-ruta/avanzar', {
      codigo: typed,
      status: 'delivered',
      quantity: '25',
      unit: 'verifique en panel-ayuda.example',
    });
    assert.equal(linked.statusCode, 400);
    assert.match(linked.body, /Una unidad son palabras como cajas, litros o kg/);
    assert.ok(linked.body.includes('aria-invalid="true"'));

    const done = await post('/mi-ruta/avanzar', { codigo: typed, status: 'delivered', quantity: '25' });
    assert.equal(done.statusCode, 200, done.body);
    assert.match(done.body, /Gracias: la entrega quedó registrada/);
    assert.match(done.body, /Quedó registrado que entregó 25 bidones: suma a lo cubierto de la solicitud cuando/);
    assert.ok(done.body.includes('<dt>Estado de la ruta</dt><dd>Entregada</dd>'));
    assert.equal(await covered(route.destination), 0, 'the volunteer’s word is reported, not covered');
    const record = (await get(`/ayudas/${route.destination}`)).body;
    assert.ok(record.includes('<dt>Cubierto</dt><dd>0 bidones</dd>'));
    assert.ok(record.includes('Entregado según quien lo llevó, sin confirmar: 25 bidones'));

    const twice = await post('/mi-ruta/avanzar', { codigo: code, status: 'delivered', quantity: '25' });
    assert.equal(twice.statusCode, 409);
    const reported = await h.ctx.db
      .selectFrom('pledges')
      .select(['status', 'delivered_quantity'])
      .where('help_id', '=', route.destination)
      .execute();
    assert.deepEqual(reported, [{ status: 'reported', delivered_quantity: 25 }], 'reported once, never twice');
    const later = await post('/mi-ruta', { codigo: code });
    assert.match(later.body, /La ruta quedó entregada/);
    assert.ok(!later.body.includes('action="/mi-ruta/avanzar"'));
  });

  test('a declined offer says so and offers no step; the others of an accepted route are declined too', async () => {
    const route = await newRoute('Ruta con dos ofrecimientos');
    const mine = await claimThroughForm(route.id, { contactName: 'No Elegido' });
    const other = await claimThroughForm(route.id, { contactName: 'Sí Elegido' });
    await decideClaim(h.ctx, other.row.id, emergencyId, 'accept', 'panel:lider@ayuda.test');
    const res = await post('/mi-ruta', { codigo: mine.code });
    assert.equal(res.statusCode, 200);
    assert.ok(res.body.includes('<dt>Su ofrecimiento</dt><dd>No aceptado</dd>'));
    assert.match(res.body, /eligió a otra persona/);
    assert.ok(!res.body.includes('action="/mi-ruta/avanzar"'));
    const refused = await post('/mi-ruta/avanzar', { codigo: mine.code, status: 'in_transit' });
    assert.equal(refused.statusCode, 409);
    const route2 = await newRoute('Ruta rechazada');
    const declined = await claimThroughForm(route2.id, { contactName: 'Rechazado Directo' });
    await decideClaim(h.ctx, declined.row.id, emergencyId, 'decline', 'panel:lider@ayuda.test');
    assert.ok((await post('/mi-ruta', { codigo: declined.code })).body.includes('<dd>No aceptado</dd>'));
  });

  test('lookups and steps share the per-address limit of code lookups: then 429 with the form', async () => {
    const ip = '10.41.0.1';
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 25 && last?.statusCode !== 429; i++) {
      last = await post(
        i % 2 ? '/mi-ruta' : '/mi-ruta/avanzar',
        { codigo: 'AAA-AAA-AAA-AAA', status: 'in_transit' },
        { ip },
      );
    }
    assert.equal(last?.statusCode, 429);
    assert.match(last?.body ?? '', /Se hicieron demasiados intentos desde su conexión/);
    assert.ok(last?.body.includes('action="/mi-ruta"'));
  });

  test('no GET takes a code: the code in a query string is ignored', async () => {
    const route = await newRoute('Ruta del parque');
    const { code } = await claimThroughForm(route.id);
    const res = await get(`/mi-ruta?codigo=${code}`);
    assert.equal(res.statusCode, 200);
    assert.ok(!res.body.includes('Esperando') && !res.body.includes(code));
    assert.equal((await get(`/mi-ruta/avanzar?codigo=${code}&status=in_transit`)).statusCode, 404);
  });
});

describe('the pages themselves', () => {
  test('no inline script, style attribute or style element on any of them', async () => {
    const route = await newRoute('Ruta sin estilos en línea');
    const done = await post(claimUrl(route.id), claimFields());
    const code = codeOf(done.body);
    const pages = [
      (await get(`/rutas?emergencia=${SLUG}`)).body,
      (await get(claimUrl(route.id))).body,
      done.body,
      (await post(claimUrl(route.id), claimFields({ when: '' }))).body,
      (await get('/mi-ruta')).body,
      (await post('/mi-ruta', { codigo: code })).body,
    ];
    for (const body of pages) {
      for (const tag of body.match(/<script\b[^>]*>/g) ?? []) assert.match(tag, /\bsrc="\/static\//);
      assert.doesNotMatch(body, /\sstyle=|<style|<[a-z][^>]*\son[a-z]+=/i);
    }
  });
});

describe('privacy', () => {
  test('the volunteer’s name and WhatsApp never appear on a public page, a twin or the API, not even their own answers', async () => {
    const route = await newRoute('Ruta privada');
    const { code, row, res } = await claimThroughForm(route.id, {
      contactName: VOLUNTEER,
      contactWhatsapp: VOLUNTEER_PHONE,
    });
    const pages = [res.body];
    pages.push((await post('/mi-ruta', { codigo: code })).body);
    await decideClaim(h.ctx, row.id, emergencyId, 'accept', 'panel:lider@ayuda.test');
    pages.push((await post('/mi-ruta', { codigo: code })).body);
    pages.push((await post('/mi-ruta/avanzar', { codigo: code, status: 'in_transit' })).body);
    for (const url of [
      '/rutas',
      '/rutas.md',
      `/rutas?emergencia=${SLUG}`,
      `/rutas.md?emergencia=${SLUG}`,
      `/rutas?emergencia=${SLUG}&lang=en`,
      claimUrl(route.id),
      `${claimUrl(route.id)}.md`,
      `/ayudas/${route.destination}`,
      `/ayudas/${route.destination}.md`,
      `/emergencias/${SLUG}`,
      `/emergencias/${SLUG}.md`,
      `${HELP}?view=detail&id=${route.destination}`,
      `/api/logistics-operations?emergencia=${SLUG}`,
      '/mi-ruta',
      '/mi-ruta.md',
    ]) {
      pages.push((await get(url)).body);
    }
    for (const body of pages) {
      for (const secret of [VOLUNTEER, VOLUNTEER_E164, '555 0177', '5550177']) {
        assert.ok(!body.includes(secret), `${secret} on a public page`);
      }
    }
  });
});
