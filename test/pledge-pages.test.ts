// "Voy a llevar" on the website without JavaScript: the form on a request's page (only where pledges are taken),
// the answer with the code (a page, never a redirect), the API's refusals in the person's words, the same form sent
// again answering the same code, /compromisos to confirm or cancel with the code, the emergency list's filter; the
// code never in an address and the pledger's name and WhatsApp never on a public page.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { closeEmergency } from '../src/commands/close-emergency.ts';
import { setRecordStatus } from '../src/commands/set-record-status.ts';
import { RECEIPT_CODE_FORMAT } from '../src/domain/receipt-code.ts';
import { pledgesOfRecord } from '../src/repositories/pledges.ts';
import {
  addEmergency,
  BASE_URL,
  type Harness,
  HELP,
  offerBody,
  publish,
  requestBody,
  setup,
} from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
const CLOSED = 'sismo-cerrado';
const PLEDGER = 'Rosalba Quiñones Pledge';
const PLEDGER_PHONE = '315 555 0142';
const PLEDGER_E164 = '+573155550142';
let h: Harness;
let address = 1;
/** Every answer to a POST of these tests: none may carry a code in a Location header. */
const answers: LightMyRequestResponse[] = [];
const codes: string[] = [];

const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });

/** A form as a browser sends it, from our own pages; each from its own address unless one is given. */
async function post(url: string, fields: Record<string, string>, options: { ip?: string; origin?: string } = {}) {
  const res = await h.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: options.origin ?? BASE_URL },
    remoteAddress: options.ip ?? `10.20.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
  });
  answers.push(res);
  return res;
}

let phone = 3_205_550_000;
/** What a person fills in on the form; a new WhatsApp each time unless one is given. */
function pledgeFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    idempotencyKey: crypto.randomUUID(),
    quantity: '',
    deliverWithinHours: '48',
    contactName: PLEDGER,
    contactWhatsapp: String(phone++),
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

const water = (title: string, quantityRequired = 30) =>
  publish(h, requestBody({ emergencySlug: SLUG, title, quantityRequired, unit: 'bidones' }));
const pledgeUrl = (id: string) => `/ayudas/${id}/comprometer`;

before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  await addEmergency(h, CLOSED, 'Sismo cerrado');
});
after(async () => {
  // However each test ended: no answer of any test sent a code in a Location header.
  for (const res of answers) {
    const location = String(res.headers.location ?? '');
    for (const code of codes) assert.ok(!location.includes(code), `a code in ${location}`);
  }
  await h.close();
});

describe('the form on the record page', () => {
  test('a request that takes pledges shows "Voy a llevar" with the uncommitted quantity, when, name and WhatsApp', async () => {
    const id = await water('Agua para el albergue de la escuela');
    const page = (await get(`/ayudas/${id}`)).body;
    const section = page.slice(
      page.indexOf('id="voy-a-llevar"'),
      page.indexOf('</section>', page.indexOf('id="voy-a-llevar"')),
    );
    assert.ok(section.includes('<h2>Voy a llevar</h2>'));
    assert.ok(section.includes(`action="/ayudas/${id}/comprometer"`));
    assert.match(section, /<input type="hidden" name="idempotencyKey" value="[0-9a-f-]{36}">/);
    assert.ok(section.includes('Cuánto va a llevar (en bidones)'));
    assert.ok(section.includes('Sin comprometer: 30 bidones'));
    const options = [...section.matchAll(/<option value="(\d+)"( selected)?>([^<]+)<\/option>/g)];
    assert.deepEqual(
      options.map((o) => o[1]),
      ['6', '24', '48', '72', '168'],
    );
    assert.deepEqual(
      options.filter((o) => o[2]).map((o) => o[3]),
      ['En 2 días'],
      'two days unless chosen',
    );
    assert.ok(section.includes('Hoy (en unas 6 horas)') && section.includes('En una semana'));
    assert.ok(section.includes('name="contactName"') && section.includes('name="contactWhatsapp"'));
    assert.match(section, /solo los ven el equipo de la emergencia y quien pidió la ayuda[^<]*Nunca se publican/);
    assert.ok(section.includes('href="/compromisos"'), 'the way to confirm or cancel later');
    // The figures beside covered and pending.
    assert.ok(page.includes('<dt>Comprometido</dt><dd>0 bidones</dd>'));
    assert.ok(page.includes('<dt>Sin comprometer</dt><dd>30 bidones</dd>'));
    // Each drawing of the page is a new form.
    const again = (await get(`/ayudas/${id}`)).body;
    const key = (body: string) => /name="idempotencyKey" value="([^"]+)"/.exec(body)?.[1];
    assert.notEqual(key(page), key(again));
    // The twin has no form: the private note and the way to the form's own page (whose twin explains the API).
    const twin = (await get(`/ayudas/${id}.md`)).body;
    assert.ok(twin.includes('## Voy a llevar'));
    assert.ok(twin.includes(`(${BASE_URL}/ayudas/${id}/comprometer.md)`));
    assert.ok(twin.includes('**Sin comprometer:** 30 bidones'));
    assert.ok(!twin.includes('<form'));
  });

  test('offers, completed requests and requests of a closed emergency show no form, and their page refuses', async () => {
    const offer = await publish(h, offerBody({ emergencySlug: SLUG, title: 'Camioneta para cargar' }));
    const done = await water('Agua ya entregada');
    await setRecordStatus(h.ctx, done, 'completed', 'test');
    const closed = await publish(h, requestBody({ emergencySlug: CLOSED, title: 'Carpas', quantityRequired: 5 }));
    await closeEmergency(h.ctx, CLOSED, 'test');
    for (const id of [offer, done, closed]) {
      const page = (await get(`/ayudas/${id}`)).body;
      assert.ok(!page.includes('voy-a-llevar') && !page.includes('/comprometer'), id);
      const form = await get(pledgeUrl(id));
      assert.equal(form.statusCode, 200);
      assert.match(form.body, /Esta solicitud ya no recibe compromisos/);
      assert.ok(!form.body.includes('name="contactName"'));
      const res = await post(pledgeUrl(id), pledgeFields({ quantity: '1' }));
      assert.equal(res.statusCode, 409, id);
      assert.match(res.body, /Esta solicitud ya no recibe compromisos/);
      assert.equal((await pledgesOfRecord(h.ctx.db, id)).length, 0);
    }
    assert.equal((await get(pledgeUrl('00000000-0000-4000-8000-000000000000'))).statusCode, 404);
    assert.equal((await post(pledgeUrl('no-es-un-id'), pledgeFields())).statusCode, 404);
  });

  test('the form page and its twin: the figures, the form, the same call through the API', async () => {
    const id = await water('Agua para la vereda El Pepino');
    const page = await get(pledgeUrl(id));
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes(`<link rel="alternate" type="text/markdown" href="/ayudas/${id}/comprometer.md">`));
    assert.ok(page.body.includes(`<a href="/ayudas/${id}">Agua para la vereda El Pepino</a>`));
    assert.ok(page.body.includes('<dt>Sin comprometer</dt><dd>30 bidones</dd>'));
    const twin = await get(`${pledgeUrl(id)}.md`);
    assert.equal(twin.headers['content-type'], 'text/markdown; charset=utf-8');
    assert.ok(twin.body.includes(`${BASE_URL}/api/public/v1/help/${id}/pledges`));
    assert.ok(twin.body.includes('Idempotency-Key'));
    assert.ok(twin.body.includes('/api/public/v1/pledges/confirm'));
    assert.equal((await get(pledgeUrl(id), { accept: 'text/markdown' })).body, twin.body);
    const english = await get(`${pledgeUrl(id)}?lang=en`);
    assert.match(english.body, /<html lang="en">/);
    assert.ok(english.body.includes(`action="/ayudas/${id}/comprometer?lang=en"`));
    assert.ok(english.body.includes('I pledge to bring it'));
  });
});

describe('pledging through the form', () => {
  test('the answer is a page with the code (200, no redirect, not cached); the record shows what is committed', async () => {
    const id = await water('Bidones para el coliseo');
    const res = await post(pledgeUrl(id), pledgeFields({ quantity: '20', deliverWithinHours: '24' }));
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers.location, undefined);
    assert.equal(res.headers['cache-control'], 'no-store');
    const code = codeOf(res.body);
    assert.ok(res.body.includes('Gracias: su compromiso quedó registrado.'));
    assert.ok(res.body.includes('<dt>Lo que va a llevar</dt><dd>20 bidones</dd>'));
    assert.ok(res.body.includes('<dt>Entregar antes de</dt><dd>11 de mayo de 2026'), 'by when, in Colombia’s time');
    assert.ok(res.body.includes('href="/compromisos"'));
    assert.ok(res.body.includes('/static/codigo.css'));
    // "Ver mi compromiso" opens the pledge at once, the code carried in the form's body, never in an address.
    const form =
      /<form method="post" action="\/compromisos"[^>]*><input type="hidden" name="codigo" value="([^"]+)">/.exec(
        res.body,
      );
    assert.equal(form?.[1], code);
    const opened = await post('/compromisos', { codigo: code });
    assert.equal(opened.statusCode, 200);
    assert.equal(opened.headers.location, undefined);
    assert.ok(opened.body.includes('20 bidones'), 'the pledge it opens');
    const page = (await get(`/ayudas/${id}`)).body;
    assert.ok(page.includes('<dt>Comprometido</dt><dd>20 bidones</dd>'));
    assert.ok(page.includes('<dt>Sin comprometer</dt><dd>10 bidones</dd>'));
    assert.ok(page.includes('<dt>Pendiente</dt><dd>30 bidones</dd>'), 'pending keeps its meaning');
    assert.ok(page.includes('Sin comprometer: 10 bidones'), 'the form says how much is still open');
    assert.ok(page.includes('Alguien se comprometió a llevar 20 bidones'), 'the history says how much, never who');
    assert.ok(!page.includes(code));
  });

  test('more than is open: 409 saying how much is still open, with what was typed kept', async () => {
    const id = await water('Agua para el puesto de salud');
    assert.equal((await post(pledgeUrl(id), pledgeFields({ quantity: '25' }))).statusCode, 200);
    const res = await post(pledgeUrl(id), pledgeFields({ quantity: '6', contactName: 'Héctor Fabio Ramírez' }));
    assert.equal(res.statusCode, 409);
    assert.match(res.body, /Solo quedan 5 bidones sin comprometer: escriba esa cantidad o menos\./);
    assert.ok(res.body.includes('value="Héctor Fabio Ramírez"'), 'what was typed stays');
    assert.ok(res.body.includes('<a href="#quantity">'), 'the summary leads to the field');
    assert.equal((await pledgesOfRecord(h.ctx.db, id)).length, 1, 'nothing written');
    assert.equal((await post(pledgeUrl(id), pledgeFields({ quantity: '5' }))).statusCode, 200);
    const page = (await get(`/ayudas/${id}`)).body;
    assert.match(page, /Todo lo que falta ya está comprometido/);
    assert.ok(!page.includes(`action="/ayudas/${id}/comprometer"`), 'no form once everything is pledged');
    const none = await post(pledgeUrl(id), pledgeFields({ quantity: '1' }));
    assert.equal(none.statusCode, 409);
    assert.match(none.body, /Todo lo que falta ya está comprometido/);
  });

  test('missing or wrong fields: 400, one message per field in Spanish, nothing written', async () => {
    const id = await water('Agua para la cancha');
    const res = await post(
      pledgeUrl(id),
      pledgeFields({ quantity: '', contactName: 'A', contactWhatsapp: 'no sé', deliverWithinHours: 'pronto' }),
    );
    assert.equal(res.statusCode, 400);
    const summary = res.body.slice(
      res.body.indexOf('id="errores"'),
      res.body.indexOf('</div>', res.body.indexOf('id="errores"')),
    );
    for (const field of ['quantity', 'deliverWithinHours', 'contactName', 'contactWhatsapp']) {
      assert.ok(summary.includes(`href="#${field}"`), field);
    }
    assert.ok(res.body.includes('Escriba cuánto va a llevar.'));
    assert.ok(res.body.includes('Elija cuándo espera entregarlo.'));
    assert.ok(res.body.includes('value="no sé"'));
    const zero = await post(pledgeUrl(id), pledgeFields({ quantity: '0' }));
    assert.equal(zero.statusCode, 400);
    assert.ok(zero.body.includes('Escriba un número mayor que 0'));
    assert.equal((await pledgesOfRecord(h.ctx.db, id)).length, 0);
    // As people write them: a decimal comma and a Colombian number without +57.
    const ok = await post(pledgeUrl(id), pledgeFields({ quantity: '2,5', contactWhatsapp: '311 555 0199' }));
    assert.equal(ok.statusCode, 200, ok.body);
    assert.ok(ok.body.includes('<dd>2,5 bidones</dd>'));
    const [row] = await pledgesOfRecord(h.ctx.db, id);
    assert.equal(row?.contact_whatsapp, '+573115550199');
  });

  test('the same form sent again (reload, double tap) answers the same code; other details under its key are refused', async () => {
    const id = await water('Agua para el barrio San Miguel');
    const fields = pledgeFields({ quantity: '8' });
    const ip = '10.30.0.1';
    const first = await post(pledgeUrl(id), fields, { ip });
    const again = await post(pledgeUrl(id), fields, { ip });
    assert.equal(again.statusCode, 200);
    assert.equal(codeOf(again.body), codeOf(first.body));
    assert.equal((await pledgesOfRecord(h.ctx.db, id)).length, 1, 'one pledge');
    const changed = await post(pledgeUrl(id), { ...fields, quantity: '9' }, { ip });
    assert.equal(changed.statusCode, 409);
    assert.match(changed.body, /Este formulario ya se había enviado con otros datos/);
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(changed.body)?.[1];
    assert.ok(key && key !== fields.idempotencyKey, 'a new key, so sending it again is a new pledge');
    assert.equal(
      (await post(pledgeUrl(id), { ...fields, quantity: '9', idempotencyKey: key }, { ip })).statusCode,
      200,
    );
    assert.equal((await pledgesOfRecord(h.ctx.db, id)).length, 2);
  });

  test('a request without a quantity: no quantity asked, and the page counts the people who pledged', async () => {
    const id = await publish(h, requestBody({ emergencySlug: SLUG, title: 'Ayuda para la familia Ortiz' }));
    const page = (await get(`/ayudas/${id}`)).body;
    assert.ok(page.includes(`action="/ayudas/${id}/comprometer"`));
    assert.ok(!page.includes('name="quantity"'));
    for (let i = 0; i < 2; i++) {
      const res = await post(pledgeUrl(id), pledgeFields({ quantity: '7' }));
      assert.equal(res.statusCode, 200, res.body);
      assert.ok(res.body.includes('Ayuda (la solicitud no pide una cantidad)'));
    }
    const after = (await get(`/ayudas/${id}`)).body;
    assert.ok(after.includes('2 personas se comprometieron a llevar algo'));
    assert.ok((await get(`/ayudas/${id}.md`)).body.includes('2 personas se comprometieron a llevar algo'));
    assert.ok(after.includes(`action="/ayudas/${id}/comprometer"`), 'more people may still pledge');
  });

  test('five open pledges on one WhatsApp: 429 with what to do', async () => {
    const id = await water('Agua para el hogar infantil', 100);
    const whatsapp = '3205559999';
    for (let i = 0; i < 5; i++) {
      assert.equal(
        (await post(pledgeUrl(id), pledgeFields({ quantity: '1', contactWhatsapp: whatsapp }))).statusCode,
        200,
      );
    }
    const res = await post(pledgeUrl(id), pledgeFields({ quantity: '1', contactWhatsapp: whatsapp }));
    assert.equal(res.statusCode, 429);
    assert.match(res.body, /Este WhatsApp ya tiene 5 compromisos abiertos en esta emergencia/);
  });

  test('a form from another site is refused with 403 and writes nothing', async () => {
    const id = await water('Agua para el mirador');
    const res = await post(pledgeUrl(id), pledgeFields({ quantity: '1' }), { origin: 'https://evil.example' });
    assert.equal(res.statusCode, 403);
    for (const url of ['/compromisos', '/compromisos/entregar', '/compromisos/cancelar']) {
      assert.equal(
        (await post(url, { codigo: 'K7P-42Q-X9M-D3R' }, { origin: 'https://evil.example' })).statusCode,
        403,
      );
    }
    assert.equal((await pledgesOfRecord(h.ctx.db, id)).length, 0);
  });

  test('English with ?lang=en: errors and the answer', async () => {
    const id = await water('Water for the shelter');
    const wrong = await post(`${pledgeUrl(id)}?lang=en`, pledgeFields({ quantity: '31' }));
    assert.equal(wrong.statusCode, 409);
    assert.match(wrong.body, /Only 30 bidones are still unpledged/);
    const res = await post(`${pledgeUrl(id)}?lang=en`, pledgeFields({ quantity: '3' }));
    assert.match(res.body, /Thank you: your pledge was recorded\./);
    assert.ok(res.body.includes('href="/compromisos?lang=en"'));
  });
});

describe('/compromisos', () => {
  test('the form and its twin; an unknown code is "no encontramos ese código"', async () => {
    const page = await get('/compromisos');
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes('action="/compromisos"'));
    assert.ok(page.body.includes('<link rel="alternate" type="text/markdown" href="/compromisos.md">'));
    const twin = await get('/compromisos.md');
    assert.equal(twin.headers['content-type'], 'text/markdown; charset=utf-8');
    assert.ok(twin.body.includes('POST /compromisos/entregar'));
    assert.equal((await get('/compromisos', { accept: 'text/markdown' })).body, twin.body);
    for (const codigo of ['AAA-AAA-AAA-AAA', 'no es un código', '', 'x'.repeat(200)]) {
      const res = await post('/compromisos', { codigo });
      assert.equal(res.statusCode, 404, codigo);
      assert.match(res.body, /No encontramos ese código\./);
    }
  });

  test('look up with the code as people type it, report less than pledged; the record keeps it reserved, not covered', async () => {
    const id = await water('Bidones para la escuela rural');
    const code = codeOf((await post(pledgeUrl(id), pledgeFields({ quantity: '20' }))).body);
    const typed = ` ${code.toLowerCase().replaceAll('-', ' ')} `;
    const found = await post('/compromisos', { codigo: typed });
    assert.equal(found.statusCode, 200);
    assert.equal(found.headers['cache-control'], 'no-store');
    assert.ok(found.body.includes(`<a href="/ayudas/${id}">Bidones para la escuela rural</a>`));
    assert.ok(found.body.includes('<dt>Lo que va a llevar</dt><dd>20 bidones</dd>'));
    assert.ok(found.body.includes('<dt>Estado</dt><dd>Comprometido: aún no sale</dd>'));
    assert.ok(found.body.includes('<dt>Entregar antes de</dt>'));
    assert.ok(
      found.body.includes('action="/compromisos/entregar"') && found.body.includes('action="/compromisos/cancelar"'),
    );
    assert.ok(!found.body.includes(PLEDGER), 'no contact on the pledge page either');

    const over = await post('/compromisos/entregar', { codigo: typed, quantity: '25' });
    assert.equal(over.statusCode, 400);
    assert.match(over.body, /no mayor que 20 bidones/);
    assert.ok(over.body.includes('value="25"'));
    const done = await post('/compromisos/entregar', { codigo: typed, quantity: '12' });
    assert.equal(done.statusCode, 200, done.body);
    assert.match(done.body, /Gracias: la entrega quedó registrada\. Suma a lo cubierto cuando quien pidió la ayuda/);
    assert.ok(done.body.includes('<dt>Estado</dt><dd>Entregado según usted, sin confirmar'));
    assert.ok(done.body.includes('<dt>Cantidad entregada</dt><dd>12 bidones</dd>'));
    // Said once: the status says it was delivered, the amount line says how much.
    assert.equal(done.body.match(/>Entregado/g)?.length, 1, 'Entregado appears once');
    // The pledger's word is not a confirmation: covered stays, what they brought stays reserved.
    const page = (await get(`/ayudas/${id}`)).body;
    assert.ok(page.includes('<dt>Cubierto</dt><dd>0 bidones</dd>'));
    assert.ok(page.includes('<dt>Comprometido</dt><dd>12 bidones</dd>'));
    assert.ok(page.includes('<dt>Sin comprometer</dt><dd>18 bidones</dd>'));
    assert.ok(page.includes('Entregado según quien lo llevó, sin confirmar: 12 bidones'));

    const twice = await post('/compromisos/entregar', { codigo: code });
    assert.equal(twice.statusCode, 409);
    assert.match(twice.body, /Este compromiso ya estaba cerrado \(Entregado según usted, sin confirmar/);
    const closed = await post('/compromisos', { codigo: code });
    assert.match(closed.body, /Este compromiso ya está cerrado/);
    assert.ok(!closed.body.includes('action="/compromisos/entregar"'));
  });

  test('cancelling with the code frees what was pledged', async () => {
    const id = await water('Bidones para el albergue sur');
    const code = codeOf((await post(pledgeUrl(id), pledgeFields({ quantity: '30' }))).body);
    assert.match((await get(`/ayudas/${id}`)).body, /Todo lo que falta ya está comprometido/);
    const res = await post('/compromisos/cancelar', { codigo: code });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /El compromiso quedó cancelado/);
    assert.ok(res.body.includes('<dt>Estado</dt><dd>Cancelado</dd>'));
    const page = (await get(`/ayudas/${id}`)).body;
    assert.ok(page.includes('<dt>Sin comprometer</dt><dd>30 bidones</dd>'));
    assert.ok(page.includes(`action="/ayudas/${id}/comprometer"`));
    assert.equal((await post('/compromisos/cancelar', { codigo: 'AAA-AAA-AAA-AAA' })).statusCode, 404);
  });

  test('lookups and actions share the per-address limit of code lookups: then 429 with the form', async () => {
    const ip = '10.40.0.1';
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 25 && last?.statusCode !== 429; i++) {
      last = await post(i % 2 ? '/compromisos' : '/compromisos/entregar', { codigo: 'AAA-AAA-AAA-AAA' }, { ip });
    }
    assert.equal(last?.statusCode, 429);
    assert.match(last?.body ?? '', /Se hicieron demasiados intentos desde su conexión/);
    assert.ok(last?.body.includes('action="/compromisos"'));
  });

  test('no GET takes a code: the code in a query string is ignored', async () => {
    const id = await water('Agua para el parque');
    const code = codeOf((await post(pledgeUrl(id), pledgeFields({ quantity: '1' }))).body);
    const res = await get(`/compromisos?codigo=${code}`);
    assert.equal(res.statusCode, 200);
    assert.ok(!res.body.includes('action="/compromisos/entregar"') && !res.body.includes(code));
  });
});

describe('the pages themselves', () => {
  test('no inline script, style attribute or style element on any of them', async () => {
    const id = await water('Agua para la vereda baja');
    const done = await post(pledgeUrl(id), pledgeFields({ quantity: '2' }));
    const code = codeOf(done.body);
    const pages = [
      (await get(`/ayudas/${id}`)).body,
      (await get(pledgeUrl(id))).body,
      done.body,
      (await post(pledgeUrl(id), pledgeFields())).body,
      (await get('/compromisos')).body,
      (await post('/compromisos', { codigo: code })).body,
      (await post('/compromisos/cancelar', { codigo: code })).body,
    ];
    for (const body of pages) {
      for (const tag of body.match(/<script\b[^>]*>/g) ?? []) assert.match(tag, /\bsrc="\/static\//);
      assert.doesNotMatch(body, /\sstyle=|<style|<[a-z][^>]*\son[a-z]+=/i);
    }
  });
});

describe('privacy', () => {
  test('the pledger’s name and WhatsApp never appear on the record page, its twin or the emergency page', async () => {
    const id = await water('Agua para la vereda alta');
    const res = await post(
      pledgeUrl(id),
      pledgeFields({ quantity: '4', contactName: PLEDGER, contactWhatsapp: PLEDGER_PHONE }),
    );
    assert.equal(res.statusCode, 200);
    assert.ok(!res.body.includes(PLEDGER_E164) && !res.body.includes('0142'), 'not even on the answer');
    for (const url of [
      `/ayudas/${id}`,
      `/ayudas/${id}.md`,
      `/ayudas/${id}?lang=en`,
      pledgeUrl(id),
      `${pledgeUrl(id)}.md`,
      `/emergencias/${SLUG}`,
      `/emergencias/${SLUG}.md`,
      `${HELP}?view=detail&id=${id}`,
    ]) {
      const { body } = await get(url);
      for (const secret of [PLEDGER, PLEDGER_E164, '555 0142', '5550142']) {
        assert.ok(!body.includes(secret), `${secret} in ${url}`);
      }
    }
  });
});

describe('the emergency list', () => {
  test('"Solo lo que falta comprometer" maps to commitment=uncommitted, as the API filters it', async () => {
    const slug = 'creciente-rio';
    await addEmergency(h, slug, 'Creciente del río');
    const open = await publish(
      h,
      requestBody({ emergencySlug: slug, title: 'Agua aún sin comprometer', quantityRequired: 10, unit: 'bidones' }),
    );
    const full = await publish(
      h,
      requestBody({ emergencySlug: slug, title: 'Agua ya comprometida', quantityRequired: 10, unit: 'bidones' }),
    );
    assert.equal((await post(pledgeUrl(full), pledgeFields({ quantity: '10' }))).statusCode, 200);
    const form = (await get(`/emergencias/${slug}`)).body;
    assert.match(
      form,
      /<input type="checkbox" id="f-commitment" name="commitment" value="uncommitted" aria-describedby/,
    );
    assert.ok(form.includes('<label for="f-commitment">Solo lo que falta comprometer</label>'));
    const filtered = await get(`/emergencias/${slug}?commitment=uncommitted`);
    assert.equal(filtered.statusCode, 200);
    assert.ok(filtered.body.includes('value="uncommitted" checked'));
    assert.ok(filtered.body.includes(open) && !filtered.body.includes(full));
    assert.match(filtered.body, /Filtros:[^<]*Solo lo que falta comprometer/);
    const api = await h.json({
      method: 'GET',
      url: `${HELP}?view=list&emergencySlug=${slug}&commitment=uncommitted`,
    });
    assert.deepEqual(
      api.body.items.map((i: { id: string }) => i.id),
      [open],
    );
    const all = (await get(`/emergencias/${slug}`)).body;
    assert.ok(all.includes(open) && all.includes(full));
    const twin = (await get(`/emergencias/${slug}.md?commitment=uncommitted`)).body;
    assert.ok(twin.includes(`/ayudas/${open}.md`) && !twin.includes(full));
    const wrong = await get(`/emergencias/${slug}?commitment=todo`);
    assert.equal(wrong.statusCode, 400);
    assert.match(wrong.body, /Compromisos<\/strong>/);
  });
});
