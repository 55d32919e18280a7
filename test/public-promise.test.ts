// What a person is told will be public is what the approved record publishes, on every channel and for every type:
// the 202 message of the API, the confirmation an assistant (MCP) shows, the summary of a WhatsApp conversation,
// the website's terms beside the form and its receipt, and the KoboToolbox form's note. Each promise comes from domain/public-promise.ts; here
// each is read as a person reads it, the record is approved, and its public detail and page are held to it.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { sendDueOutbound } from '../src/commands/channels/send-outbound.ts';
import { addEmergency, type Harness, HELP, offerBody, requestBody, setup } from './helpers/harness.ts';
import { CONFIRMS, connect, LOCAL_BASE_URL, listen } from './helpers/mcp.ts';
import {
  ProviderStandIn,
  signedWhatsapp,
  WHATSAPP_ENV,
  whatsappNotification,
  whatsappSender,
} from './helpers/message-providers.ts';
import { nextMobile, nextWord } from './helpers/samples.ts';

let h: Harness;
let graph: ProviderStandIn;
let mcpUrl = '';

before(async () => {
  graph = await new ProviderStandIn().start();
  h = await setup({
    ...WHATSAPP_ENV,
    WHATSAPP_API_URL: graph.url('/v23.0'),
    BASE_URL: LOCAL_BASE_URL,
    KOBO_SECRET: 'secreto-de-kobo-para-promesas',
  });
  mcpUrl = await listen(h);
  await addEmergency(h);
});
after(async () => {
  await h.close();
  await graph.close();
});

interface Sent {
  id: string;
  /** The words the person read about what will be public. */
  promise: string;
  address: string;
  /** The point sent, as text, when one was. */
  point: string[];
}

const APPROXIMATE = 'un punto aproximado (unos 300 m)';
const EXACT = '(ubicación exacta)';
const NEVER = 'No se publica nunca: la dirección y el punto exacto';

/** Approves the record and holds its public detail and page to the promise. */
async function keeps(sent: Sent): Promise<void> {
  await approveSubmission(h.ctx, sent.id, 'leader-1');
  const detail = (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${sent.id}` })).body.item;
  const page = (await h.app.inject({ method: 'GET', url: `/ayudas/${sent.id}` })).body;
  const outputs = `${JSON.stringify(detail)}\n${page}`;
  if (sent.promise.includes(APPROXIMATE)) {
    assert.equal(detail.location.precision, 'approximate', sent.promise);
    assert.equal(detail.location.address, null);
  }
  if (sent.promise.includes(EXACT)) {
    assert.equal(detail.location.precision, 'exact', sent.promise);
    assert.equal(detail.location.address, sent.address);
  }
  assert.ok(sent.promise.includes(APPROXIMATE) !== sent.promise.includes(EXACT), `one rule promised: ${sent.promise}`);
  if (sent.promise.includes(NEVER)) {
    for (const value of [sent.address, ...sent.point]) assert.ok(!outputs.includes(value), `${value} is published`);
  } else {
    assert.ok(outputs.includes(sent.address), 'an exact place promised is published');
  }
}

const place = () => ({ address: `Calle ${nextWord()} 3-21`, latitude: 1.156789, longitude: -76.656789 });
const POINT_TEXT = ['1.156789', '76.656789'];

describe('the API 202 message', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['a request', { ...requestBody() }],
    ['a person’s offer', { ...offerBody() }],
    ['an offer asking for its exact place', { ...offerBody({ showExactLocation: true }) }],
    ['a collection centre', { ...offerBody({ collectionCenterStatus: 'needs_resources', category: 'acopio' }) }],
  ];
  for (const [name, body] of cases) {
    test(`${name}: the message says what the approval publishes, and it does`, async () => {
      const where = place();
      const res = await h.json({ method: 'POST', url: HELP, payload: { ...body, ...where } });
      assert.equal(res.status, 202, JSON.stringify(res.body));
      assert.match(res.body.message, /se publica lo que escribió/);
      await keeps({ id: res.body.id, promise: res.body.message, address: where.address, point: POINT_TEXT });
    });
  }
});

describe('the confirmation an assistant shows (MCP)', () => {
  for (const [tool, body] of [
    ['publicar_solicitud', requestBody()],
    ['publicar_ofrecimiento', offerBody()],
  ] as const) {
    test(`${tool}: what the person confirmed is what is published`, async () => {
      const where = place();
      const whatsapp = nextMobile();
      const all: Record<string, unknown> = { ...body, ...where, contactWhatsapp: whatsapp };
      const { type: _type, source: _source, ...fields } = all;
      const assistant = await connect(mcpUrl, 'legacy', CONFIRMS);
      const result = await assistant.client.callTool({ name: tool, arguments: fields });
      await assistant.client.close();
      assert.notEqual(result.isError, true, JSON.stringify(result));
      const row = await h.ctx.db
        .selectFrom('help_records')
        .select('id')
        .where('contact_whatsapp', '=', whatsapp)
        .executeTakeFirstOrThrow();
      await keeps({
        id: row.id,
        promise: assistant.asked[0]?.message ?? '',
        address: where.address,
        point: POINT_TEXT,
      });
    });
  }
});

describe('the summary of a WhatsApp conversation', () => {
  for (const type of ['request', 'offer'] as const) {
    test(`${type === 'request' ? 'a request' : 'an offer'}: the summary before sending says what is published, and it is`, async () => {
      const whatsapp = nextMobile();
      const from = whatsapp.slice(1);
      const s = whatsappSender(from);
      const address = `Calle ${nextWord()} 7-70`;
      const steps =
        type === 'request'
          ? [
              s.text('Hola'),
              s.choice('type:request'),
              s.choice('cat:agua'),
              s.text('Agua para la familia'),
              s.text('30 bidones'),
              s.choice('urg:urgent'),
              s.place(1.156789, -76.656789),
              s.text('San Miguel'),
              s.text(address),
              s.choice('name:profile'),
            ]
          : [
              s.text('Hola'),
              s.choice('type:offer'),
              s.choice('cat:transporte'),
              s.text('Camioneta para llevar mercados'),
              s.place(1.156789, -76.656789),
              s.text(address),
              s.choice('name:profile'),
            ];
      for (const message of [...steps, s.choice('yes')]) {
        assert.equal((await h.request(signedWhatsapp(whatsappNotification([message])))).statusCode, 200);
      }
      await sendDueOutbound(h.ctx);
      const texts = graph.sent.filter((m) => m.body?.to === from).map((m) => JSON.stringify(m.body));
      const summary = JSON.parse(texts.find((t) => t.includes('Revise su')) ?? '{}') as {
        interactive?: any;
        text?: any;
      };
      const promise = JSON.stringify(summary);
      assert.match(promise, /se publica lo que escribió/, 'the summary says it');
      assert.equal((await h.request(signedWhatsapp(whatsappNotification([s.choice('send')])))).statusCode, 200);
      const row = await h.ctx.db
        .selectFrom('help_records')
        .select('id')
        .where('contact_whatsapp', '=', whatsapp)
        .executeTakeFirstOrThrow();
      await keeps({ id: row.id, promise, address, point: POINT_TEXT });
    });
  }
});

describe('the website: the terms beside the form and the receipt after sending', () => {
  for (const [path, kind] of [
    ['/necesito-ayuda', 'request'],
    ['/quiero-ayudar', 'offer'],
  ] as const) {
    test(`${kind}: the terms and the receipt promise an approximate place, and so it is`, async () => {
      const page = (await h.app.inject({ method: 'GET', url: path })).body;
      const terms = /<div class="plazos" id="plazos">([\s\S]*?)<\/div>/.exec(page)?.[1] ?? '';
      assert.match(terms, /el lugar \(aproximado, salvo que marque/);
      const where = place();
      const sent = await h.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: h.config.baseUrl },
        payload: new URLSearchParams({
          externalId: randomUUID(),
          emergencySlug: 'inundacion-mocoa',
          title: kind === 'request' ? 'Agua para la familia' : 'Camioneta para mercados',
          category: kind === 'request' ? 'agua' : 'transporte',
          ...(kind === 'request' ? { urgency: 'needed' } : {}),
          latitude: String(where.latitude),
          longitude: String(where.longitude),
          address: where.address,
          contactName: 'María Rojas',
          contactWhatsapp: nextMobile(),
          publishContact: 'si',
        }).toString(),
      });
      assert.equal(sent.statusCode, 303, sent.body);
      const receiptUrl = String(sent.headers.location);
      const id = /\/recibido\/([0-9a-f-]{36})$/.exec(receiptUrl)?.[1] ?? '';
      const receipt = (await h.app.inject({ method: 'GET', url: receiptUrl })).body;
      assert.ok(!receipt.includes(where.address), 'the receipt does not repeat the address');
      const promise = receipt.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
      assert.match(promise, /Lugar que se publica al aprobarse Mocoa, Putumayo, un punto aproximado/);
      assert.match(promise, /No se publica nunca la dirección y el punto exacto/);
      await keeps({ id, promise: `${APPROXIMATE}. ${NEVER}`, address: where.address, point: POINT_TEXT });
    });
  }
});

describe('the KoboToolbox form’s privacy note', () => {
  test('it promises an approximate place and never the street or point, for requests and offers alike', async () => {
    const survey = readFileSync(new URL('../integraciones/kobo/survey.csv', import.meta.url), 'utf8');
    const note = /note,nota_privacidad,"([^"]*)"/.exec(survey)?.[1] ?? '';
    assert.match(note, /un punto aproximado \(unos 300 m\)/);
    assert.match(note, /La dirección y el punto exacto los ven solo los líderes/);
    for (const tipo of ['solicitud', 'ofrecimiento']) {
      const where = place();
      const res = await h.json({
        method: 'POST',
        url: '/integraciones/kobo',
        headers: { 'x-ayuda-kobo-secret': 'secreto-de-kobo-para-promesas' },
        payload: {
          tipo,
          emergencia: 'inundacion-mocoa',
          categoria: tipo === 'solicitud' ? 'agua' : 'transporte',
          titulo: `Ayuda por Kobo ${nextWord()}`,
          ubicacion: `${where.latitude} ${where.longitude} 580 5`,
          direccion: where.address,
          nombre_contacto: 'María Rojas',
          whatsapp: nextMobile(),
          consentimiento: 'si',
          _xform_id_string: 'aK3pQz7Vn2XcRtY8mLw4Bd',
          _uuid: `4f7c2a61-9a0e-4c55-b1f3-${tipo === 'solicitud' ? '000000000001' : '000000000002'}`,
        },
      });
      assert.equal(res.status, 202, JSON.stringify(res.body));
      await keeps({ id: res.body.id, promise: `${APPROXIMATE}. ${NEVER}`, address: where.address, point: POINT_TEXT });
    }
  });
});
