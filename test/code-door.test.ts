// One door for every code: /codigo takes a receipt, pledge or route-claim code and answers its own page in the POST's
// response (never a redirect); /estado, /compromisos and /mi-ruta take any code too; a support reference is
// explained, not looked up; all four doors share one per-address lookup budget; the code never enters an address.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { createLogisticsOperation } from '../src/commands/create-logistics-operation.ts';
import { RECEIPT_CODE_FORMAT } from '../src/domain/receipt-code.ts';
import { STATUS_LOOKUPS_PER_MINUTE } from '../src/http/plugins/rate-limit.ts';
import { codeKind } from '../src/queries/code-kind.ts';
import { addEmergency, BASE_URL, type Harness, HELP, publish, requestBody, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
let h: Harness;
let address = 1;
/** Every answer of these tests: none may carry a code in a Location header or answer with a redirect. */
const answers: LightMyRequestResponse[] = [];
const codes: string[] = [];

/** A form as a browser sends it, from our own pages; each from its own address unless one is given. */
async function post(url: string, fields: Record<string, string>, ip?: string) {
  const res = await h.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: BASE_URL },
    remoteAddress: ip ?? `10.31.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
  });
  answers.push(res);
  return res;
}

/** A published request with a quantity, and its receipt code. */
async function receipt(title: string) {
  const res = await h.json({
    method: 'POST',
    url: HELP,
    payload: requestBody({ emergencySlug: SLUG, title, quantityRequired: 30, unit: 'bidones' }),
  });
  assert.equal(res.status, 202);
  const code = res.body.receiptCode as string;
  codes.push(code);
  return { id: res.body.id as string, code };
}

/** A pledge to a published request, and its code. */
async function pledgeCode(title: string) {
  const id = await publish(h, requestBody({ emergencySlug: SLUG, title, quantityRequired: 30, unit: 'bidones' }));
  const res = await h.json({
    method: 'POST',
    url: `${HELP}/${id}/pledges`,
    payload: { quantity: 10, contactName: 'Martha Díaz', contactWhatsapp: '+573157770011' },
  });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  const code = res.body.code as string;
  codes.push(code);
  return { id, code };
}

/** A route offered through its form, and the offer's code. */
async function routeCode(title: string) {
  const destination = await publish(
    h,
    requestBody({ emergencySlug: SLUG, title: `Agua: ${title}`, quantityRequired: 40, unit: 'bidones' }),
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
  const res = await post(`/rutas/${route.id}/llevar`, {
    contactName: 'Carlos Muñoz',
    contactWhatsapp: '318 555 0177',
    vehicle: 'Camioneta 4x4',
    when: 'Hoy a las 3 pm',
  });
  assert.equal(res.statusCode, 200, res.body);
  const code = /<p class="codigo-valor"><code>([^<]+)<\/code><\/p>/.exec(res.body)?.[1] ?? '';
  assert.match(code, RECEIPT_CODE_FORMAT);
  codes.push(code);
  return { id: route.id, code };
}

const title = (body: string) => /<h1>([^<]*)<\/h1>/.exec(body)?.[1];

before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
});
after(async () => {
  // However each test ended: no answer was a redirect, and none carried a code in its Location header.
  for (const res of answers) {
    assert.ok(res.statusCode < 300 || res.statusCode >= 400, `a redirect: ${res.statusCode}`);
    const location = String(res.headers.location ?? '');
    for (const code of codes) {
      assert.ok(!location.includes(code) && !location.includes(code.replaceAll('-', '')), `a code in ${location}`);
    }
  }
  await h.close();
});

describe('/codigo', () => {
  test('the page asks for any code without JavaScript, and its twin says how', async () => {
    const page = await h.app.inject({ method: 'GET', url: '/codigo' });
    assert.equal(page.statusCode, 200);
    assert.equal(title(page.body), 'Tengo un código');
    assert.match(page.body, /<form class="envio" method="post" action="\/codigo">/);
    const twin = await h.app.inject({ method: 'GET', url: '/codigo.md' });
    assert.equal(twin.statusCode, 200);
    assert.match(twin.body, /POST \/codigo/);
    assert.match(twin.body, new RegExp(`${STATUS_LOOKUPS_PER_MINUTE} consultas por minuto, compartidas con /estado`));
  });

  test('each kind of code opens its own page in the answer to the POST', async () => {
    const own = await receipt('Agua para la familia Rojas');
    const pledge = await pledgeCode('Cobijas para el albergue');
    const route = await routeCode('Ruta a la vereda alta');
    assert.equal(await codeKind(h.ctx, own.code), 'receipt');
    assert.equal(await codeKind(h.ctx, pledge.code), 'pledge');
    assert.equal(await codeKind(h.ctx, route.code), 'route_claim');

    const status = await post('/codigo', { codigo: own.code.toLowerCase().replaceAll('-', ' ') });
    assert.equal(status.statusCode, 200);
    assert.equal(title(status.body), 'Estado de su envío');
    assert.match(status.body, /En revisión/);

    const pledged = await post('/codigo', { codigo: pledge.code });
    assert.equal(pledged.statusCode, 200);
    assert.equal(title(pledged.body), 'Su compromiso');
    assert.match(pledged.body, /Cobijas para el albergue/);
    // Its actions carry the code on in hidden fields to /compromisos, never in an address.
    assert.ok(pledged.body.includes(`<input type="hidden" name="codigo" value="${pledge.code}">`));
    assert.match(pledged.body, /action="\/compromisos\/entregar"/);
    assert.match(String(pledged.headers['cache-control']), /no-store/);

    const routed = await post('/codigo', { codigo: route.code });
    assert.equal(routed.statusCode, 200);
    assert.equal(title(routed.body), 'Su ruta');
    assert.match(routed.body, /Bodega central de Mocoa/);
  });

  test('an unknown code and a malformed one get the very same answer', async () => {
    const unknown = await post('/codigo', { codigo: 'H3M-77K-PQR-WXY' });
    const malformed = await post('/codigo', { codigo: 'H3M-77K' });
    const empty = await post('/codigo', {});
    assert.equal(unknown.statusCode, 404);
    assert.equal(malformed.statusCode, 404);
    assert.equal(empty.statusCode, 404);
    assert.equal(unknown.body, malformed.body);
    assert.equal(unknown.body, empty.body);
    assert.match(unknown.body, /No encontramos ese código/);
    assert.ok(!unknown.body.includes('H3M'), 'what was typed is not shown again');
  });

  test('a support reference is explained: not a code, read it to the team, whose contact is listed', async () => {
    const page = await post('/codigo', { codigo: 'ref 0123456789' });
    assert.equal(page.statusCode, 200);
    assert.equal(title(page.body), 'Esto es una referencia, no un código');
    assert.match(page.body, /<code>REF-0123456789<\/code>/);
    assert.match(page.body, /Inundación Mocoa/);
    assert.match(page.body, /href="\/privacidad"/);
    // Only the references this service draws: a longer number is no reference, and no code either.
    const other = await post('/codigo', { codigo: 'REF-01234567890' });
    assert.equal(other.statusCode, 404);
  });

  test('a code in an address opens nothing: a link someone sends cannot carry one', async () => {
    // How a scammer would use it: send "check your request here" with a code in the link, to learn it from a log or
    // to make a person act on someone else's pledge. The door reads a code only from a POST body.
    const pledge = await pledgeCode('Leña para la vereda');
    for (const url of [`/codigo?codigo=${pledge.code}`, `/estado?codigo=${pledge.code}`]) {
      const page = await h.app.inject({ method: 'GET', url });
      assert.equal(page.statusCode, 200, url);
      assert.ok(!page.body.includes(pledge.code), `${url}: the code is not echoed`);
      assert.ok(!page.body.includes('Leña para la vereda'), `${url}: nothing is looked up`);
    }
  });

  test('a post from another site is refused', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/codigo',
      payload: 'codigo=K7P-42Q-X9M-D3R',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://estafa.example' },
    });
    assert.equal(res.statusCode, 403);
  });
});

describe('the old doors take any code', () => {
  test('a pledge code typed on /estado opens the pledge; a route code opens the route', async () => {
    const pledge = await pledgeCode('Mercados para la vereda');
    const page = await post('/estado', { codigo: pledge.code });
    assert.equal(page.statusCode, 200);
    assert.equal(title(page.body), 'Su compromiso');
    assert.ok(!/Revise que tenga las doce letras/.test(page.body));
    const route = await routeCode('Ruta al colegio');
    assert.equal(title((await post('/estado', { codigo: route.code })).body), 'Su ruta');
  });

  test('a receipt code typed on /compromisos or /mi-ruta opens the status', async () => {
    const own = await receipt('Pañales para el albergue');
    for (const door of ['/compromisos', '/mi-ruta']) {
      const page = await post(door, { codigo: own.code });
      assert.equal(page.statusCode, 200, door);
      assert.equal(title(page.body), 'Estado de su envío', door);
    }
    const pledge = await pledgeCode('Linternas para la vereda');
    assert.equal(title((await post('/mi-ruta', { codigo: pledge.code })).body), 'Su compromiso');
  });
});

describe('one budget for four doors', () => {
  test('a guesser cycling /codigo, /estado, /compromisos and /mi-ruta gets one budget, not four', async () => {
    // How a scammer in a flood would use this: guess codes to find someone's request (and their pledgers' numbers)
    // or a pledge to cancel, spreading the guesses over every door. They share one count per address.
    const ip = '10.99.0.7';
    const doors = ['/codigo', '/estado', '/compromisos', '/mi-ruta'];
    const statuses: number[] = [];
    for (let i = 0; i < STATUS_LOOKUPS_PER_MINUTE + doors.length; i++) {
      const res = await post(doors[i % doors.length] as string, { codigo: 'K7P-42Q-X9M-D3R' }, ip);
      statuses.push(res.statusCode);
    }
    assert.deepEqual(
      statuses.slice(0, STATUS_LOOKUPS_PER_MINUTE),
      Array(STATUS_LOOKUPS_PER_MINUTE).fill(404),
      'the budget itself',
    );
    assert.deepEqual(statuses.slice(STATUS_LOOKUPS_PER_MINUTE), Array(doors.length).fill(429), 'every door refuses');
    // Even a real code is refused once the budget is spent: the refusal says nothing about the code.
    const own = await receipt('Agua para la escuela');
    const refused = await post('/codigo', { codigo: own.code }, ip);
    assert.equal(refused.statusCode, 429);
    assert.ok(!refused.body.includes('Estado de su envío'));
    // Another address still has its own.
    assert.equal((await post('/codigo', { codigo: own.code })).statusCode, 200);
  });
});

describe('the code travels in POST bodies between /estado and /retirar', () => {
  test('"Retirar esta solicitud" carries the code, so only the number is asked; a wrong number keeps the code', async () => {
    const own = await receipt('Colchonetas para el albergue');
    const status = await post('/estado', { codigo: own.code });
    const withdraw =
      /<form method="post" action="\/retirar">\s*<input type="hidden" name="codigo" value="([^"]+)">\s*<button type="submit" class="peligro">Retirar esta solicitud<\/button>/.exec(
        status.body,
      );
    assert.ok(withdraw, 'a form, not a link: the code goes in its body');
    assert.equal(withdraw[1], own.code);

    const asked = await post('/retirar', { codigo: own.code });
    assert.equal(asked.statusCode, 200);
    assert.match(asked.body, /Su código ya está escrito/);
    assert.ok(asked.body.includes(`name="codigo" type="text" value="${own.code}"`), 'the code in its field');
    assert.match(asked.body, /name="whatsapp" type="tel" value=""/);

    const wrong = await post('/retirar', { codigo: own.code, whatsapp: '311 000 0000' });
    assert.equal(wrong.statusCode, 404);
    assert.ok(
      wrong.body.includes(`name="codigo" type="text" value="${own.code}"`),
      'the code stays after a wrong number',
    );
    assert.ok(!wrong.body.includes('311 000 0000'), 'the number is never shown again');

    const right = await post('/retirar', { codigo: own.code, whatsapp: '300 123 4567' });
    assert.equal(right.statusCode, 200);
    assert.match(right.body, /Confirme que quiere retirar/);
  });
});

describe('/estado after an action', () => {
  test('"Sigue vigente" answers with a visible success notice; the buttons that close the request look secondary', async () => {
    const own = await receipt('Agua para la vereda El Pepino');
    await approveSubmission(h.ctx, own.id, 'leader-1');
    const page = await post('/estado', { codigo: own.code });
    assert.match(page.body, /<button type="submit">Sigue vigente<\/button>/);
    assert.match(page.body, /<button type="submit" class="secondary">Ya me ayudaron<\/button>/);
    assert.match(page.body, /<button type="submit" class="secondary">Ya no lo necesito<\/button>/);
    const confirmed = await post('/estado/vigencia', { codigo: own.code, resultado: 'current' });
    assert.equal(confirmed.statusCode, 200);
    assert.match(
      confirmed.body,
      /<div class="aviso-ok" role="status"><p>Gracias: quedó confirmada como vigente\.<\/p><\/div>/,
    );
  });
});

describe('the receipt', () => {
  test('leads with the code and the sentence to keep it; the number is a detail line lower down; it links /codigo', async () => {
    const own = await receipt('Leche para bebés');
    const page = await h.app.inject({
      method: 'GET',
      url: `/recibido/${own.id}`,
      headers: { cookie: `ayuda_recibo=${own.code}` },
    });
    assert.equal(page.statusCode, 200);
    const main = page.body.slice(page.body.indexOf('<main'));
    const code = main.indexOf(`<code>${own.code}</code>`);
    const keep = main.indexOf('Guárdelo: con este código');
    const state = main.indexOf('Tipo');
    const number = main.indexOf(`Número de envío: <code>${own.id}</code>`);
    assert.ok(code > 0 && keep > code && state > keep, 'the code and the sentence to keep it come first');
    assert.ok(number > state, 'the number comes later, on a line of its own');
    assert.ok(!main.includes('<dt>Número de envío</dt>'), 'not among the facts');
    assert.match(main, /<a href="\/codigo">Tengo un código<\/a>/);
    // Later, without the code, the receipt still links the door for every code.
    const later = await h.app.inject({ method: 'GET', url: `/recibido/${own.id}` });
    assert.ok(!later.body.includes(own.code));
    assert.match(later.body, /<a href="\/codigo">Tengo un código<\/a>/);
  });
});
