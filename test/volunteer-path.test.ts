// The volunteer's path over HTTP: /ayudar shows the needs first (a "near me" form per active emergency and a link to
// its needs) and then offering; the home page's "Quiero ayudar" leads there; a request that still lacks something
// has "Voy a llevar" at its top and one that is covered, completed or closed has none; a request placed only by its
// municipality says so; the forms start on the only active emergency's department and say when the municipality
// is required.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { closeEmergency } from '../src/commands/close-emergency.ts';
import { setRecordStatus } from '../src/commands/set-record-status.ts';
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
const OTHER = 'deslizamiento-salgar';
const MOCOA = '86001';
const VILLAGARZON = '86885';
const POPAYAN = '19001';
let h: Harness;
let phone = 3_105_550_000;

const get = (url: string) => h.app.inject({ method: 'GET', url });

/** A request body with no coordinates: placed only by its municipality. */
function inMunicipality(code: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { latitude: _lat, longitude: _lon, ...body } = requestBody({ municipalityCode: code, ...overrides });
  return body;
}

const pledge = (id: string, body: Record<string, unknown>) =>
  h.json({
    method: 'POST',
    url: `${HELP}/${id}/pledges`,
    payload: { contactName: 'Ana Gómez', contactWhatsapp: `+57${phone++}`, deliverWithinHours: 24, ...body },
  });

/** The top "Voy a llevar" button's link, or null when the page has none. */
function topButton(body: string): string | null {
  return /<section class="acciones llevar"><ul><li><a href="([^"]*)">Voy a llevar<\/a>/.exec(body)?.[1] ?? null;
}

/** Whether the page carries the pledge form itself (pledgeSection, further down the page). */
const hasPledgeForm = (body: string, id: string) =>
  body.includes(`<form class="envio" method="post" action="/ayudas/${id}/comprometer">`);

/** The selected option of a select, by the select's id. */
function selected(body: string, id: string): string | null {
  const select = new RegExp(`<select id="${id}"[^>]*>(.*?)</select>`, 's').exec(body)?.[1] ?? '';
  return /<option value="([^"]*)"[^>]*selected/.exec(select)?.[1] ?? null;
}

before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
});
after(() => h.close());

describe('forms that guide', () => {
  test('with one active emergency and no records yet, both forms start on the department of its centre', async () => {
    for (const path of ['/necesito-ayuda', '/quiero-ayudar']) {
      const { body } = await get(path);
      assert.equal(selected(body, 'departmentCode'), '86', `${path}: Putumayo, where the emergency's centre is`);
      // Its municipalities are already in the page: no "Ver municipios" round trip without JavaScript.
      assert.match(body, new RegExp(`<option value="${MOCOA}">Mocoa</option>`), path);
    }
  });

  test('the department is the one holding most of the emergency’s records', async () => {
    await publish(h, inMunicipality(POPAYAN, { title: 'Cobijas en Popayán' }));
    await publish(h, inMunicipality(POPAYAN, { title: 'Mercados en Popayán' }));
    await publish(h, inMunicipality(MOCOA, { title: 'Agua en Mocoa' }));
    assert.equal(selected((await get('/necesito-ayuda')).body, 'departmentCode'), '19', 'Cauca: two records of three');
    await publish(h, inMunicipality(MOCOA, { title: 'Linternas en Mocoa' }));
    await publish(h, inMunicipality(VILLAGARZON, { title: 'Medicinas en Villagarzón' }));
    assert.equal(selected((await get('/necesito-ayuda')).body, 'departmentCode'), '86', 'Putumayo: three of five');
  });

  test('a form sent back keeps the department the person left, even none', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/necesito-ayuda',
      payload: new URLSearchParams({ departmentCode: '', verMunicipios: 'Ver municipios' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: BASE_URL },
    });
    assert.equal(res.statusCode, 200);
    assert.equal(selected(res.body, 'departmentCode'), null, 'nothing preset on a form the person sent');
  });

  test('the request form says the municipality is required without a point; the offer form does not', async () => {
    const request = (await get('/necesito-ayuda')).body;
    assert.match(request, /<label for="municipalityCode">Municipio \(obligatorio si no marca el punto\)<\/label>/);
    const offer = (await get('/quiero-ayudar')).body;
    assert.match(offer, /<label for="municipalityCode">Municipio<\/label>/);
    const english = (await get('/necesito-ayuda?lang=en')).body;
    assert.match(english, /Municipality \(required unless you mark the point\)/);
  });

  test('with two active emergencies no department is preset: the person’s emergency is not known yet', async () => {
    await addEmergency(h, OTHER, 'Deslizamiento Salgar');
    try {
      for (const path of ['/necesito-ayuda', '/quiero-ayudar']) {
        assert.equal(selected((await get(path)).body, 'departmentCode'), null, path);
      }
    } finally {
      await closeEmergency(h.ctx, OTHER, 'test');
    }
  });
});

describe('/ayudar', () => {
  test('the home page’s "Quiero ayudar" leads to /ayudar', async () => {
    const { body } = await get('/');
    assert.match(body, /<a href="\/ayudar">Quiero ayudar<\/a>/);
    assert.match((await get('/?lang=en')).body, /<a href="\/ayudar\?lang=en">I want to help<\/a>/);
  });

  test('shows the needs first: a "near me" form per active emergency with its municipalities, then offering', async () => {
    const res = await get('/ayudar');
    assert.equal(res.statusCode, 200);
    const { body } = res;
    assert.match(body, /<h1>Quiero ayudar<\/h1>/);
    const form = /<form class="envio cerca" method="get" action="\/emergencias\/inundacion-mocoa">(.*?)<\/form>/s.exec(
      body,
    )?.[1];
    assert.ok(form, 'a GET form to the emergency page');
    assert.match(form, /<select id="cerca-inundacion-mocoa" name="cerca" required>/);
    // The municipalities of the emergency's records, by DIVIPOLA code, and only those.
    const codes = [...form.matchAll(/<option value="(\d{5})">/g)].map((m) => m[1]).sort();
    assert.deepEqual(codes, [POPAYAN, MOCOA, VILLAGARZON].sort());
    assert.match(form, /<option value="86001">Mocoa, Putumayo<\/option>/);
    assert.match(form, /<input type="hidden" name="sort" value="distance">/);
    assert.match(form, /<input type="hidden" name="commitment" value="uncommitted">/);
    assert.match(body, /href="\/emergencias\/inundacion-mocoa\?type=request&amp;commitment=uncommitted"/);
    const near = body.indexOf('Ver lo que se necesita cerca de mí');
    const offer = body.indexOf('<a href="/quiero-ayudar">Ofrecer algo</a>');
    assert.ok(near > 0 && offer > near, 'the needs come before offering');
    assert.match(body, /<a href="\/compromisos">Mis compromisos<\/a>/);
    assert.ok(Buffer.byteLength(body) < 11_000, `small: ${Buffer.byteLength(body)} bytes`);
  });

  test('a closed emergency is not offered', async () => {
    const { body } = await get('/ayudar');
    assert.ok(!body.includes(OTHER), 'the closed emergency is not offered');
  });

  test('the English page keeps its language in the form and the links', async () => {
    const { body } = await get('/ayudar?lang=en');
    assert.match(body, /<h1>I want to help<\/h1>/);
    assert.match(body, /<input type="hidden" name="lang" value="en">/);
    assert.match(body, /<a href="\/quiero-ayudar\?lang=en">Offer something<\/a>/);
  });

  test('its Markdown twin says how to ask for what is missing near a municipality', async () => {
    for (const url of ['/ayudar.md', { url: '/ayudar', headers: { accept: 'text/markdown' } }]) {
      const res = await h.app.inject(typeof url === 'string' ? { method: 'GET', url } : { method: 'GET', ...url });
      assert.equal(res.statusCode, 200);
      assert.match(res.headers['content-type'] as string, /^text\/markdown/);
      assert.match(res.body, /^# Quiero ayudar/m);
      assert.match(res.body, /\/emergencias\/inundacion-mocoa\.md\?cerca=CÓDIGO&sort=distance&commitment=uncommitted/);
      assert.match(res.body, /86001 Mocoa, Putumayo/);
      assert.match(res.body, /\/quiero-ayudar\.md\)/);
    }
  });
});

describe('a request’s page', () => {
  test('"Voy a llevar" sits under the description while something is lacking, and leads to the pledge form', async () => {
    const id = await publish(
      h,
      requestBody({ title: 'Bidones para la escuela', quantityRequired: 30, unit: 'bidones' }),
    );
    const { body } = await get(`/ayudas/${id}`);
    assert.equal(topButton(body), `/ayudas/${id}/comprometer`);
    assert.ok(hasPledgeForm(body, id), 'the button and the form below agree: something can be pledged');
    const button = body.indexOf('class="acciones llevar"');
    assert.ok(button > body.indexOf('Sin agua desde ayer'), 'after the description');
    assert.ok(button < body.indexOf('<section class="card ficha">'), 'before every card');
    assert.equal((await get(`/ayudas/${id}/comprometer`)).statusCode, 200, 'the form is there');
    assert.equal(topButton((await get(`/ayudas/${id}?lang=en`)).body), null, 'English says it in English');
    assert.match(
      (await get(`/ayudas/${id}?lang=en`)).body,
      /href="\/ayudas\/[^"]+\/comprometer\?lang=en">I will bring it</,
    );
    // Partly pledged: still lacking.
    assert.equal((await pledge(id, { quantity: 20 })).status, 202);
    assert.equal(topButton((await get(`/ayudas/${id}`)).body), `/ayudas/${id}/comprometer`);
  });

  test('no "Voy a llevar" once everything is pledged, once completed, on an offer, or once the emergency closes', async () => {
    const pledged = await publish(h, requestBody({ title: 'Baldes', quantityRequired: 5, unit: 'baldes' }));
    assert.equal((await pledge(pledged, { quantity: 5 })).status, 202);
    const pledgedPage = (await get(`/ayudas/${pledged}`)).body;
    assert.equal(topButton(pledgedPage), null, 'fully pledged');
    assert.ok(!pledgedPage.includes(`/ayudas/${pledged}/comprometer"`), 'no link to a form that takes nothing');
    assert.ok(!hasPledgeForm(pledgedPage, pledged), 'the form below says the same');
    const done = await publish(h, requestBody({ title: 'Carpas' }));
    await setRecordStatus(h.ctx, done, 'completed', 'leader');
    assert.equal(topButton((await get(`/ayudas/${done}`)).body), null, 'completed');
    const offer = await publish(h, offerBody());
    assert.equal(topButton((await get(`/ayudas/${offer}`)).body), null, 'an offer');
    const noQuantity = await publish(h, requestBody({ title: 'Ayuda para limpiar' }));
    assert.equal(topButton((await get(`/ayudas/${noQuantity}`)).body), `/ayudas/${noQuantity}/comprometer`);
    const elsewhere = await addEmergency(h, 'sequia-guajira', 'Sequía en La Guajira');
    const closing = await publish(
      h,
      requestBody({ emergencySlug: elsewhere.slug, title: 'Agua en Uribia', quantityRequired: 10, unit: 'tanques' }),
    );
    assert.ok(topButton((await get(`/ayudas/${closing}`)).body), 'lacking while its emergency is active');
    await closeEmergency(h.ctx, elsewhere.slug, 'test');
    assert.equal(topButton((await get(`/ayudas/${closing}`)).body), null, 'its emergency closed');
  });

  test('a request placed only by its municipality says so instead of a point', async () => {
    const id = await publish(h, inMunicipality(MOCOA, { title: 'Colchonetas sin punto' }));
    const { body } = await get(`/ayudas/${id}`);
    assert.match(body, /En el municipio de Mocoa \(sin punto exacto\)/);
    assert.ok(!body.includes('<dt>Coordenadas</dt>'), 'no coordinates that would read as the person’s own place');
    assert.match((await get(`/ayudas/${id}.md`)).body, /En el municipio de Mocoa \(sin punto exacto\)/);
    assert.match((await get(`/ayudas/${id}?lang=en`)).body, /In the municipality of Mocoa \(no exact point\)/);
    const pointed = await publish(h, requestBody({ title: 'Con punto' }));
    const withPoint = (await get(`/ayudas/${pointed}`)).body;
    assert.match(withPoint, /<dt>Coordenadas<\/dt>/);
    assert.ok(!withPoint.includes('sin punto exacto'));
  });
});

describe('how a scammer in a flood would use this against someone', () => {
  test('the "near me" forms and the top button carry no code and no personal data, only public addresses', async () => {
    const id = await publish(
      h,
      requestBody({ title: 'Leche para bebés', quantityRequired: 40, unit: 'tarros', contactName: 'Rosa Quiñones' }),
    );
    const made = await pledge(id, { quantity: 1, contactName: 'Pedro Estafa' });
    assert.equal(made.status, 202);
    const code = made.body.code as string;
    const pages = [(await get('/ayudar')).body, (await get('/ayudar.md')).body, (await get(`/ayudas/${id}`)).body];
    for (const page of pages) {
      assert.ok(!page.includes(code), 'no pledge code');
      assert.ok(!page.includes('Pedro Estafa'), 'no pledger');
    }
    // The "near me" form sends only the municipality and fixed filters, by GET: nothing a person typed about
    // themselves, so a link someone forwards cannot carry it.
    const ayudar = pages[0] as string;
    const names = [...ayudar.matchAll(/<form[^>]*>(.*?)<\/form>/gs)].flatMap((form) =>
      [...(form[1] as string).matchAll(/name="([^"]+)"/g)].map((m) => m[1]),
    );
    assert.deepEqual([...new Set(names)].sort(), ['cerca', 'commitment', 'sort']);
    assert.ok(!ayudar.includes('Rosa Quiñones') && !ayudar.includes('300 123 4567'), 'no requester’s contact');
    // The top button is the record's own pledge form, on this site: never an outside address or a WhatsApp chat.
    assert.equal(topButton(pages[2] as string), `/ayudas/${id}/comprometer`);
  });
});

describe('once no emergency is active', () => {
  test('/ayudar says so and still offers to give, with no form', async () => {
    await closeEmergency(h.ctx, SLUG, 'test');
    const page = (await get('/ayudar')).body;
    assert.match(page, /No hay ninguna emergencia activa en este momento/);
    assert.match(page, /<a href="\/quiero-ayudar">Ofrecer algo<\/a>/);
    assert.ok(!page.includes('<form'));
  });
});
