// The daily limits on pledges and route claims: a number and an address may make so many in a rolling 24 hours,
// whatever became of them, so a scammer cannot pledge-and-cancel or "deliver" his way around them; a registered
// integration and a collection centre answer by name and are not counted; one of the service's own proxies that did
// not say for whom is many people, not one client. Small limits here, so each rule is reached in a few requests.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createEditLink } from '../src/commands/center-edit-links.ts';
import { createLogisticsOperation } from '../src/commands/create-logistics-operation.ts';
import { addSource } from '../src/commands/source-registration.ts';
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
import { freshClientAddress, nextMobile } from './helpers/samples.ts';

const PER_NUMBER = 3;
const PER_ADDRESS = 5;
const LIMITS = { HELPER_LIMIT_PER_NUMBER: String(PER_NUMBER), HELPER_LIMIT_PER_ADDRESS: String(PER_ADDRESS) };

let h: Harness;
let need = '';
before(async () => {
  h = await setup(LIMITS);
  await addEmergency(h);
  need = await publish(h, requestBody({ title: 'Agua para el albergue', quantityRequired: 10_000, unit: 'bidones' }));
});
after(() => h.close());

function pledge(
  on: Harness,
  whatsapp: string,
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  return on.json({
    method: 'POST',
    url: `${HELP}/${need}/pledges`,
    payload: { quantity: 1, contactName: 'Ayuda Rápida', contactWhatsapp: whatsapp },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

const cancel = (code: string, remoteAddress: string) =>
  h.json({ method: 'POST', url: '/api/public/v1/pledges/cancel', payload: { code }, remoteAddress });

async function newRoute() {
  const destination = await publish(h, requestBody({ title: 'Agua para la vereda', quantityRequired: 40 }));
  const route = await createLogisticsOperation(
    h.ctx,
    {
      emergencySlug: 'inundacion-mocoa',
      destinationHelpId: destination,
      title: 'Llevar agua a la vereda',
      supplyDescription: 'Bidones de agua',
      pickupAddress: 'Bodega central',
      pickupLatitude: 1.15,
      pickupLongitude: -76.64,
    },
    'leader-1',
  );
  return route.id;
}

function assertLimit(response: { status: number; body: any }, field: string, code: string, limit: number) {
  assert.equal(response.status, 429, JSON.stringify(response.body));
  assert.equal(response.body.code, 'helper_limit_reached');
  assert.deepEqual({ field: response.body.details[0].field, code: response.body.details[0].code }, { field, code });
  assert.equal(response.body.details[0].limit, limit);
}

test('pledging and cancelling in a loop from one number stops at the daily limit, route claims included', async () => {
  const number = nextMobile();
  for (let i = 0; i < PER_NUMBER; i++) {
    const remoteAddress = freshClientAddress();
    const made = await pledge(h, number, { remoteAddress });
    assert.equal(made.status, 202, JSON.stringify(made.body));
    assert.equal((await cancel(made.body.code, remoteAddress)).status, 200);
  }
  // Every pledge was cancelled, so the open-pledge cap sees none: the daily limit still counts them.
  assertLimit(
    await pledge(h, number, { remoteAddress: freshClientAddress() }),
    'contactWhatsapp',
    'per_whatsapp_24h',
    PER_NUMBER,
  );
  // Pledges and route claims share the count.
  const routeId = await newRoute();
  const claimed = await h.json({
    method: 'POST',
    url: `/api/logistics-operations/${routeId}/claims`,
    payload: { contactName: 'Carlos Muñoz', contactWhatsapp: number, when: 'Hoy a las 3 pm' },
    remoteAddress: freshClientAddress(),
  });
  assertLimit(claimed, 'contactWhatsapp', 'per_whatsapp_24h', PER_NUMBER);
  // Nothing was saved by the refusals.
  const rows = await h.ctx.db
    .selectFrom('pledges')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('contact_whatsapp', '=', number)
    .executeTakeFirstOrThrow();
  assert.equal(Number(rows.n), PER_NUMBER);
  // A rolling day: a day later the number may pledge again.
  h.clock.advanceHours(24);
  assert.equal((await pledge(h, number, { remoteAddress: freshClientAddress() })).status, 202);
});

test('one address making pledges with many numbers stops at its own daily limit, and the web form says why', async () => {
  const remoteAddress = freshClientAddress();
  const routeId = await newRoute();
  const claimed = await h.json({
    method: 'POST',
    url: `/api/logistics-operations/${routeId}/claims`,
    payload: { contactName: 'Carlos Muñoz', contactWhatsapp: nextMobile(), when: 'Hoy a las 3 pm' },
    remoteAddress,
  });
  assert.equal(claimed.status, 202, JSON.stringify(claimed.body));
  for (let i = 1; i < PER_ADDRESS; i++) {
    const made = await pledge(h, nextMobile(), { remoteAddress });
    assert.equal(made.status, 202, JSON.stringify(made.body));
  }
  assertLimit(await pledge(h, nextMobile(), { remoteAddress }), 'client', 'per_address_24h', PER_ADDRESS);
  // The web form: the same limit, in words, with what the person typed kept.
  const form = await h.app.inject({
    method: 'POST',
    url: `/ayudas/${need}/comprometer`,
    payload: new URLSearchParams({
      idempotencyKey: 'formulario-limite-diario',
      quantity: '1',
      deliverWithinHours: '48',
      contactName: 'Ayuda Rápida',
      contactWhatsapp: '3205550999',
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: BASE_URL },
    remoteAddress,
  });
  assert.equal(form.statusCode, 429);
  assert.match(
    form.body,
    /Desde esta conexión ya se hicieron 5 compromisos u ofrecimientos de rutas en las últimas 24 horas/,
  );
  assert.match(form.body, /3205550999/);
  // Another address is another client.
  assert.equal((await pledge(h, nextMobile(), { remoteAddress: freshClientAddress() })).status, 202);
});

test('a registered integration and a collection centre are not counted; a key that proves nothing is refused', async () => {
  const { key } = await addSource(h.ctx, 'red-de-ayuda', 'admin-1');
  const number = nextMobile();
  const remoteAddress = freshClientAddress();
  for (let i = 0; i < PER_ADDRESS + 2; i++) {
    const made = await pledge(h, number, { remoteAddress, headers: { authorization: `Bearer ${key}` } });
    assert.equal(made.status, 202, JSON.stringify(made.body));
  }
  const centre = await publish(
    h,
    offerBody({ title: 'Centro de acopio del colegio', category: 'acopio', collectionCenterStatus: 'needs_resources' }),
  );
  const { token } = await createEditLink(h.ctx, centre, 'leader-1');
  for (let i = 0; i < PER_NUMBER + 1; i++) {
    const made = await pledge(h, number, { remoteAddress, headers: { authorization: `Bearer ${token}` } });
    assert.equal(made.status, 202, JSON.stringify(made.body));
  }
  const forged = await pledge(h, nextMobile(), { remoteAddress, headers: { authorization: `Bearer ${key}x` } });
  assert.equal(forged.status, 401);
  assert.equal(forged.body.code, 'source_key_required');
  // The same person without the key is counted like anyone: the number already made its pledges today.
  assertLimit(
    await pledge(h, number, { remoteAddress: freshClientAddress() }),
    'contactWhatsapp',
    'per_whatsapp_24h',
    PER_NUMBER,
  );
});

test('behind TRUST_PROXY, each forwarded client is counted apart, and the proxy’s own address is not one client', async () => {
  const proxied = await setup({ ...LIMITS, TRUST_PROXY: '127.0.0.1' }, h);
  try {
    const proxy = '127.0.0.1';
    // Through the proxy, for one client: that client's limit.
    const client = freshClientAddress();
    for (let i = 0; i < PER_ADDRESS; i++) {
      const made = await pledge(proxied, nextMobile(), {
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': client },
      });
      assert.equal(made.status, 202, JSON.stringify(made.body));
    }
    assertLimit(
      await pledge(proxied, nextMobile(), { remoteAddress: proxy, headers: { 'x-forwarded-for': client } }),
      'client',
      'per_address_24h',
      PER_ADDRESS,
    );
    // Another client through the same proxy is not held by the first one's pledges.
    const other = freshClientAddress();
    const made = await pledge(proxied, nextMobile(), { remoteAddress: proxy, headers: { 'x-forwarded-for': other } });
    assert.equal(made.status, 202, JSON.stringify(made.body));
    // The proxy itself, saying for nobody: many people, so only the numbers are counted.
    for (let i = 0; i < PER_ADDRESS + 1; i++) {
      const own = await pledge(proxied, nextMobile(), { remoteAddress: proxy });
      assert.equal(own.status, 202, JSON.stringify(own.body));
    }
    const number = nextMobile();
    for (let i = 0; i < PER_NUMBER; i++)
      assert.equal((await pledge(proxied, number, { remoteAddress: proxy })).status, 202);
    assertLimit(
      await pledge(proxied, number, { remoteAddress: proxy }),
      'contactWhatsapp',
      'per_whatsapp_24h',
      PER_NUMBER,
    );
  } finally {
    await proxied.close();
  }
});
