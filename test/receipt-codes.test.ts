// Receipt codes: every new submission gets one, given only to its sender (the 202, the MCP result, the receipt page
// from the send's cookie); a repeat gets it again only with proof (editToken, registered key, the form's send token);
// the database keeps a hash; /estado answers the state by it and nothing more, lookups are limited, and the code
// never reaches a log line or any other public output.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { rejectSubmission } from '../src/commands/reject-submission.ts';
import { addSource } from '../src/commands/source-registration.ts';
import { RECEIPT_CODE_FORMAT } from '../src/domain/receipt-code.ts';
import { receiptCodeHash } from '../src/domain/receipt-seal.ts';
import { buildApp } from '../src/http/app.ts';
import { STATUS_LOOKUPS_PER_MINUTE } from '../src/http/plugins/rate-limit.ts';
import { addEmergency, type Harness, HELP, offerBody, requestBody, setup } from './helpers/harness.ts';
import { LogCapture } from './helpers/log-capture.ts';
import { modernRequest } from './helpers/mcp.ts';
import { crawlPublic, leaks } from './helpers/public-surface.ts';

let h: Harness;
/** A second instance on the same database that logs everything, down to trace, into `logs`. */
let logged: FastifyInstance;
const logs = new LogCapture();
/** Every code handed out in this file, to search the logs and the public outputs for. */
const handedOut: string[] = [];
let address = 0;
/** A fresh client address per test, so one test's lookups never count against another's. */
const nextAddress = () => `198.51.100.${++address}`;

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

function lookup(app: FastifyInstance, code: string, remoteAddress: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/estado',
    payload: new URLSearchParams({ codigo: code }).toString(),
    headers: { ...FORM, origin: 'http://ayuda.test', ...headers },
    remoteAddress,
  });
}

/** The visible text of a page's <main>, tags and runs of space dropped. */
function mainText(body: string): string {
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(body)?.[1] ?? '';
  return main
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

async function submitApi(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await h.json({ method: 'POST', url: HELP, payload: body, headers });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  if (typeof res.body.receiptCode === 'string') handedOut.push(res.body.receiptCode);
  return res.body;
}

before(async () => {
  h = await setup();
  await addEmergency(h);
  logged = await buildApp(h.ctx, h.database, { logger: { level: 'trace', stream: logs } });
  await logged.ready();
});
after(async () => {
  await logged.close();
  await h.close();
});

describe('a receipt code is given once, to the sender', () => {
  test('a new submission gets a code, kept only as a hash; a repeat without proof gets the same 202 without it', async () => {
    const body = requestBody({ title: 'Agua para la vereda alta' });
    const first = await submitApi(body);
    assert.match(first.receiptCode, RECEIPT_CODE_FORMAT);
    const row = await h.ctx.db
      .selectFrom('help_records')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.receipt_code_hash, receiptCodeHash(first.receiptCode), 'found by its hash');
    const stored = JSON.stringify(row);
    for (const form of [first.receiptCode, first.receiptCode.replace(/-/g, '')]) {
      assert.ok(!stored.includes(form), 'no column holds the code in clear');
    }
    const resent = await submitApi(body);
    assert.equal(resent.id, first.id);
    assert.equal(resent.reviewStatus, first.reviewStatus);
    assert.equal('receiptCode' in resent, false, 'the same content again, unproven: no code');
    assert.equal('editToken' in resent, false);
    const proven = await submitApi(body, { authorization: `Bearer ${first.editToken}` });
    assert.equal(proven.receiptCode, first.receiptCode, 'with the editToken: the same code');
    const revised = await submitApi(
      { ...body, title: 'Agua para la vereda alta y la escuela' },
      { authorization: `Bearer ${first.editToken}` },
    );
    assert.equal(revised.message.startsWith('Recibimos los cambios'), true, revised.message);
    assert.equal(revised.receiptCode, first.receiptCode, 'a revision keeps the code');
    await approveSubmission(h.ctx, first.id, 'test');
    const published = await submitApi(
      { ...body, title: 'Agua para la vereda alta, la escuela y el puesto de salud' },
      { authorization: `Bearer ${first.editToken}` },
    );
    assert.equal(published.receiptCode, first.receiptCode, 'a revision of a published record keeps it too');
  });

  test('a scammer who rebuilds numbered offers from their public pages gets no code, and cannot withdraw them', async () => {
    // An integration numbers its externalIds (of-1, of-2, …) and its offers are published with their WhatsApp.
    const offers = [];
    for (let n = 1; n <= 3; n++) {
      const body = offerBody({ source: 'red-vecinal', externalId: `of-${n}`, title: `Lancha ${n} para cruzar el río` });
      const sent = await submitApi(body);
      await approveSubmission(h.ctx, sent.id, 'test');
      offers.push({ body, sent });
    }
    for (const { body, sent } of offers) {
      // Everything the offer holds, as a stranger could rebuild it: the same pair, the same content.
      for (let guess = 1; guess <= offers.length; guess++) {
        const res = await h.json({ method: 'POST', url: HELP, payload: { ...body, externalId: `of-${guess}` } });
        // The right number gets the same 202 as the sender did, but without the code; the others a conflict.
        assert.equal(res.status, body.externalId === `of-${guess}` ? 202 : 409, JSON.stringify(res.body));
        assert.equal(res.body.receiptCode, undefined, `of-${guess}: no code`);
      }
      const lookedUp = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${sent.id}` });
      assert.equal(lookedUp.status, 200, 'still published: nobody could withdraw it');
    }
  });

  test('a registered integration’s key opens its code again; the key of another does not', async () => {
    const own = await addSource(h.ctx, 'alcaldia-mocoa', 'admin@test');
    const other = await addSource(h.ctx, 'cruz-roja-mocoa', 'admin@test');
    const body = requestBody({ source: own.name, externalId: 'sol-42', title: 'Pañales para el albergue' });
    const first = await submitApi(body, { authorization: `Bearer ${own.key}` });
    assert.match(first.receiptCode, RECEIPT_CODE_FORMAT);
    const again = await submitApi(body, { authorization: `Bearer ${own.key}` });
    assert.equal(again.receiptCode, first.receiptCode);
    const stranger = await h.json({
      method: 'POST',
      url: HELP,
      payload: body,
      headers: { authorization: `Bearer ${other.key}` },
    });
    assert.equal(stranger.status, 401);
    assert.equal(stranger.body.receiptCode, undefined);
  });

  test('an Idempotency-Key keeps the answer without the code; a replay gets it back only with the editToken', async () => {
    const body = requestBody({ title: 'Cobijas para el colegio' });
    const key = randomUUID();
    const first = await submitApi(body, { 'idempotency-key': key });
    const kept = await h.ctx.db.selectFrom('idempotency_keys').selectAll().execute();
    assert.ok(kept.length > 0);
    assert.ok(!JSON.stringify(kept).includes(first.receiptCode), 'no stored answer holds the code');
    const replay = await submitApi(body, { 'idempotency-key': key });
    const { receiptCode: _code, ...withoutCode } = first;
    assert.deepEqual(replay, withoutCode, 'the first answer again (its editToken too), without the code');
    const proven = await submitApi(body, { 'idempotency-key': key, authorization: `Bearer ${first.editToken}` });
    assert.deepEqual(proven, first, 'with the editToken, the whole first answer');
  });

  test('two submissions never share a code', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 20; i++) codes.add((await submitApi(offerBody())).receiptCode);
    assert.equal(codes.size, 20);
  });

  test('the MCP tools return the code to the sender, in the text too; a repeat only with the editToken', async () => {
    const host = new URL(h.config.baseUrl).host;
    // A 2026-07-28 client that can ask its user: the first round asks for the person's confirmation, the retry
    // carries it and gets the result.
    const call = async (name: string, args: Record<string, unknown>) => {
      let retry: Record<string, unknown> = {};
      for (let round = 0; round < 2; round++) {
        const message = modernRequest('tools/call', { name, arguments: args, ...retry });
        const body = message.body as { params: { _meta: Record<string, unknown> } };
        body.params._meta['io.modelcontextprotocol/clientCapabilities'] = { elicitation: { form: {} } };
        const res = await h.app.inject({
          method: 'POST',
          url: '/mcp',
          headers: {
            host,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...message.headers,
          },
          payload: JSON.stringify(message.body),
        });
        assert.equal(res.statusCode, 200, res.body);
        const result = JSON.parse(res.body).result;
        if (!result.requestState) return result;
        retry = {
          requestState: result.requestState,
          inputResponses: { consent: { action: 'accept', content: { confirm: true } } },
        };
      }
      throw new Error(`${name}: no result after the confirmation`);
    };
    for (const [tool, body] of [
      ['publicar_solicitud', requestBody({ title: 'Colchonetas para el albergue' })],
      ['publicar_ofrecimiento', offerBody({ title: 'Lancha para cruzar el río' })],
    ] as const) {
      const { type: _type, source: _source, externalId, ...fields } = body;
      const args = { ...fields, externalId };
      const sent = await call(tool, args);
      assert.equal(sent.isError, undefined, JSON.stringify(sent));
      assert.match(sent.structuredContent.receiptCode, RECEIPT_CODE_FORMAT);
      assert.equal(JSON.parse(sent.content[0].text).receiptCode, sent.structuredContent.receiptCode);
      handedOut.push(sent.structuredContent.receiptCode);
      const again = await call(tool, args);
      assert.equal(again.structuredContent.id, sent.structuredContent.id, 'a repeat: the same record');
      assert.equal(again.structuredContent.receiptCode, undefined, 'a repeat without the editToken: no code');
      const proven = await call(tool, { ...args, editToken: sent.structuredContent.editToken });
      assert.equal(proven.structuredContent.receiptCode, sent.structuredContent.receiptCode, 'with it: the same');
    }
  });

  test('a record from before receipt codes has none: the 202 of a resend leaves it out', async () => {
    const body = requestBody({ title: 'Registro anterior a los códigos' });
    const first = await submitApi(body);
    await h.ctx.db
      .updateTable('help_records')
      .set({ receipt_code_hash: null, receipt_code_sealed: null })
      .where('id', '=', first.id)
      .execute();
    const resent = await submitApi(body, { authorization: `Bearer ${first.editToken}` });
    assert.equal(resent.id, first.id);
    assert.equal('receiptCode' in resent, false);
    const receipt = await h.app.inject({ method: 'GET', url: `/recibido/${first.id}` });
    assert.equal(receipt.statusCode, 200);
    assert.ok(receipt.body.includes(first.id), 'the id, as always');
    assert.doesNotMatch(receipt.body, /código de recibo/i);
  });
});

describe('the receipt page shows the code to the browser that sent the form', () => {
  /** The request form as a phone sends it: its externalId and send token are the rendered form's hidden fields. */
  const formFields = (hidden: { externalId: string; sendToken: string }) =>
    new URLSearchParams({
      ...hidden,
      emergencySlug: 'inundacion-mocoa',
      title: 'Medicinas para el puesto de salud',
      category: 'medicamentos',
      urgency: 'urgent',
      latitude: '1.1478',
      longitude: '-76.6476',
      address: 'Calle 8 # 5-21',
      neighborhood: 'San Miguel',
      contactName: 'Luz Dary Gómez',
      contactWhatsapp: '311 555 0199',
      publishContact: 'si',
    }).toString();

  /** The hidden fields of a freshly rendered form. */
  async function renderedForm(): Promise<{ externalId: string; sendToken: string }> {
    const page = await h.app.inject({ method: 'GET', url: '/necesito-ayuda' });
    const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(page.body)?.[1] ?? '';
    const fields = { externalId: hidden('externalId'), sendToken: hidden('sendToken') };
    assert.ok(fields.externalId && fields.sendToken, 'the form carries both');
    return fields;
  }

  const send = (payload: string, remoteAddress: string) =>
    h.app.inject({
      method: 'POST',
      url: '/necesito-ayuda',
      headers: { ...FORM, origin: 'http://ayuda.test' },
      payload,
      remoteAddress,
    });

  /** The code in the receipt cookie a send set, with the cookie's attributes. */
  function receiptCookie(res: { headers: Record<string, unknown> }): { code: string; attributes: string } | null {
    const all = [res.headers['set-cookie'] ?? []].flat().map(String);
    const cookie = all.find((c) => c.startsWith('ayuda_recibo='));
    if (!cookie) return null;
    const [pair = '', ...attributes] = cookie.split(';').map((p) => p.trim());
    return { code: decodeURIComponent(pair.slice('ayuda_recibo='.length)), attributes: attributes.join('; ') };
  }

  test('the web form leads to a receipt with the code, large, and a wa.me link to keep it', async () => {
    const sent = await send(formFields(await renderedForm()), nextAddress());
    assert.equal(sent.statusCode, 303, sent.body);
    const location = String(sent.headers.location);
    const id = /\/recibido\/([0-9a-f-]{36})$/.exec(location)?.[1] ?? '';
    const cookie = receiptCookie(sent);
    assert.ok(cookie, 'the send sets the receipt cookie');
    const { code, attributes } = cookie;
    assert.match(code, RECEIPT_CODE_FORMAT);
    handedOut.push(code);
    assert.match(attributes, /HttpOnly/i);
    assert.match(attributes, new RegExp(`Path=/recibido/${id}(;|$)`));
    assert.match(attributes, /Max-Age=600/);
    assert.match(attributes, /SameSite=Lax/i);
    const row = await h.ctx.db.selectFrom('help_records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    assert.equal(row.receipt_code_hash, receiptCodeHash(code));
    const withCookie = { cookie: `ayuda_recibo=${code}` };
    const receipt = await h.app.inject({ method: 'GET', url: location, headers: withCookie });
    assert.equal(receipt.statusCode, 200);
    assert.ok(receipt.body.includes(`<p class="codigo-valor"><code>${code}</code></p>`), 'the code, in its own line');
    assert.ok(receipt.body.includes('/static/codigo.css'), 'with its own look');
    assert.equal(receipt.headers['cache-control'], 'no-store', 'no cache keeps a page with a credential');
    const share = /href="(https:\/\/wa\.me\/\?text=[^"]+)"/.exec(receipt.body)?.[1] ?? '';
    assert.ok(share, 'a wa.me link with no number');
    const message = decodeURIComponent(share.replace(/&amp;/g, '&').slice('https://wa.me/?text='.length));
    assert.ok(message.includes(code), message);
    assert.ok(message.includes('http://ayuda.test/estado'), message);
    assert.match(receipt.body, /Guardar o compartir por WhatsApp/);
    const twin = await h.app.inject({ method: 'GET', url: `${location}.md`, headers: withCookie });
    assert.equal(twin.statusCode, 200);
    const twinByAccept = await h.app.inject({
      method: 'GET',
      url: location,
      headers: { ...withCookie, accept: 'text/markdown' },
    });
    assert.ok(twinByAccept.body.includes(code), 'the twin of the same receipt shows it too');

    // Anyone else with the address (the browser's history, a shared link) sees the receipt without the code.
    const stranger = await h.app.inject({ method: 'GET', url: location });
    assert.equal(stranger.statusCode, 200);
    assert.ok(!stranger.body.includes(code), 'not shown without the cookie');
    assert.ok(stranger.body.includes(id), 'the id still is');
    // A cookie with some other code shows nothing.
    const forged = await h.app.inject({
      method: 'GET',
      url: location,
      headers: { cookie: 'ayuda_recibo=K7P-42Q-X9M-D3R' },
    });
    assert.doesNotMatch(forged.body, /codigo-valor/);
  });

  test('a phone whose address changed between the lost first answer and the resend still sees her code', async () => {
    const form = formFields(await renderedForm());
    // The first answer never arrives (a weak network); the phone sends the same form again from another address.
    const lost = await send(form, '198.51.100.201');
    const lostCode = receiptCookie(lost)?.code;
    assert.ok(lostCode);
    const resent = await send(form, '203.0.113.77');
    assert.equal(resent.statusCode, 303);
    assert.equal(resent.headers.location, lost.headers.location, 'the same record');
    assert.equal(receiptCookie(resent)?.code, lostCode, 'and the same code');
    const receipt = await h.app.inject({
      method: 'GET',
      url: String(resent.headers.location),
      headers: { cookie: `ayuda_recibo=${lostCode}` },
      remoteAddress: '203.0.113.77',
    });
    assert.ok(receipt.body.includes(lostCode));
    handedOut.push(lostCode);
  });

  test('the same form from a stranger without its send token, or an hour later, gets no code', async () => {
    const hidden = await renderedForm();
    const sent = await send(formFields(hidden), nextAddress());
    const code = receiptCookie(sent)?.code;
    assert.ok(code);
    handedOut.push(code);
    const other = await renderedForm();
    const stranger = await send(
      formFields({ externalId: hidden.externalId, sendToken: other.sendToken }),
      nextAddress(),
    );
    assert.equal(stranger.statusCode, 303);
    assert.equal(stranger.headers.location, sent.headers.location, 'the same record, nothing duplicated');
    assert.equal(receiptCookie(stranger), null, 'no code for another form’s token');
    h.clock.advanceHours(1.1);
    const late = await send(formFields(hidden), nextAddress());
    assert.equal(late.headers.location, sent.headers.location);
    assert.equal(receiptCookie(late), null, 'the token opens the code for an hour');
  });

  test('a published record’s receipt shows no code to anyone without the cookie', async () => {
    const sent = await submitApi(requestBody({ title: 'Cobijas para el coliseo' }));
    await approveSubmission(h.ctx, sent.id, 'test');
    const receipt = await h.app.inject({ method: 'GET', url: `/recibido/${sent.id}` });
    assert.equal(receipt.statusCode, 200);
    assert.ok(!receipt.body.includes(sent.receiptCode));
  });
});

describe('/estado', () => {
  test('GET is the form, with its twin explaining it; nothing about any submission', async () => {
    const page = await h.app.inject({ method: 'GET', url: '/estado' });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<form class="envio" method="post" action="\/estado">/);
    assert.match(page.body, /name="codigo"/);
    const twin = await h.app.inject({ method: 'GET', url: '/estado.md' });
    assert.equal(twin.statusCode, 200);
    assert.match(twin.body, /`codigo`/);
    assert.match(twin.body, /POST \/estado/);
    assert.ok(twin.body.includes(`${STATUS_LOOKUPS_PER_MINUTE} consultas por minuto`), twin.body);
    const english = await h.app.inject({ method: 'GET', url: '/estado?lang=en' });
    assert.match(english.body, /Check my submission/);
  });

  test('the code as typed answers: in review, then published with the link, and a rejected one is not published', async () => {
    const from = nextAddress();
    const title = `Leche para bebés ${randomUUID().slice(0, 8)}`;
    const sent = await submitApi(requestBody({ title, contactName: 'Nombre Privado De Prueba' }));
    const typed = sent.receiptCode.toLowerCase().replace(/-/g, ' ');
    const pending = await lookup(logged, typed, from);
    assert.equal(pending.statusCode, 200);
    assert.equal(pending.headers['cache-control'], 'no-store');
    const text = mainText(pending.body);
    assert.match(text, /en revisión/);
    assert.match(text, /Solicitud de ayuda/);
    assert.match(text, /Inundación Mocoa/);
    for (const hidden of [
      title,
      'Nombre Privado De Prueba',
      '+573001234567',
      sent.receiptCode,
      sent.id,
      'San Miguel',
    ]) {
      assert.ok(!pending.body.includes(hidden), `the answer does not show ${hidden}`);
    }

    await approveSubmission(h.ctx, sent.id, 'test');
    const published = await lookup(logged, sent.receiptCode, from);
    assert.equal(published.statusCode, 200);
    assert.match(mainText(published.body), /Publicado/);
    assert.ok(published.body.includes(`href="/ayudas/${sent.id}"`), 'the link to the record');
    assert.ok(!published.body.includes(title), 'the link, not the record');

    const other = await submitApi(offerBody({ title: 'Ofrecimiento que no se publicará' }));
    await rejectSubmission(h.ctx, other.id, 'test', 'motivo privado');
    const rejected = await lookup(logged, other.receiptCode, from);
    assert.equal(rejected.statusCode, 200);
    assert.match(mainText(rejected.body), /No publicado/);
    assert.match(mainText(rejected.body), /Ofrecimiento de ayuda/);
    assert.ok(!rejected.body.includes('/ayudas/'), 'no link');
    assert.ok(!rejected.body.includes('motivo privado'));
    assert.ok(!rejected.body.includes('Ofrecimiento que no se publicará'));
  });

  test('an unknown code and a malformed one get the very same page', async () => {
    const from = nextAddress();
    const unknown = await lookup(logged, 'K7P-42Q-X9M-D3R', from);
    const malformed = await lookup(logged, 'esto no es un código', from);
    const empty = await lookup(logged, '', from);
    assert.equal(unknown.statusCode, 404);
    assert.match(unknown.body, /No encontramos ese código/);
    assert.equal(malformed.statusCode, unknown.statusCode);
    assert.equal(malformed.body, unknown.body);
    assert.equal(empty.body, unknown.body);
  });

  test('a post from another site is refused', async () => {
    const sent = await submitApi(requestBody());
    const res = await lookup(logged, sent.receiptCode, nextAddress(), { origin: 'https://otro.example' });
    assert.equal(res.statusCode, 403);
    assert.doesNotMatch(res.body, /en revisión/);
  });

  test(`after ${STATUS_LOOKUPS_PER_MINUTE} lookups in a minute from one address the answer is a 429 page that reveals nothing`, async () => {
    const sent = await submitApi(requestBody());
    const from = nextAddress();
    for (let i = 0; i < STATUS_LOOKUPS_PER_MINUTE; i++) {
      assert.equal((await lookup(logged, 'AAA-AAA-AAA-AAA', from)).statusCode, 404);
    }
    const limited = await lookup(logged, sent.receiptCode, from);
    assert.equal(limited.statusCode, 429);
    assert.match(limited.body, /demasiadas consultas/);
    assert.ok(limited.headers['retry-after'], 'says when to come back');
    assert.doesNotMatch(limited.body, /en revisión|Solicitud de ayuda|Inundación Mocoa/);
    const elsewhere = await lookup(logged, sent.receiptCode, nextAddress());
    assert.equal(elsewhere.statusCode, 200, 'another address goes on');
  });
});

describe('the code stays a secret', () => {
  test('no log line has any code, though the logging instance looked codes up and took submissions', async () => {
    const res = await logged.inject({
      method: 'POST',
      url: HELP,
      payload: requestBody({ title: 'Envío por la instancia que registra' }),
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(res.statusCode, 202);
    const code = JSON.parse(res.body).receiptCode as string;
    handedOut.push(code);
    assert.equal((await lookup(logged, code, nextAddress())).statusCode, 200);
    assert.ok(logs.lines.length > 10, 'the instance did log');
    assert.ok(logs.text.includes('"url":"/estado"'), 'the lookups are logged, without the code');
    assert.ok(handedOut.length > 20);
    for (const handed of handedOut) {
      for (const form of [handed, handed.replace(/-/g, ''), handed.toLowerCase(), handed.slice(0, 7)]) {
        assert.ok(!logs.text.includes(form), `${form} is in no log line`);
      }
    }
  });

  test('no public output has any code, with an approved and a rejected submission planted', async () => {
    const approved = await submitApi(requestBody({ title: 'Plantado y aprobado' }));
    await approveSubmission(h.ctx, approved.id, 'test');
    const rejected = await submitApi(requestBody({ title: 'Plantado y rechazado' }));
    await rejectSubmission(h.ctx, rejected.id, 'test', 'no aplica');
    const outputs = await crawlPublic(h);
    assert.ok(
      outputs.some((o) => o.url === 'POST /estado'),
      'the crawl looks /estado up',
    );
    assert.ok(
      outputs.some((o) => o.url === `/recibido/${approved.id}`),
      'the crawl reads the receipt of the published record',
    );
    assert.deepEqual(leaks(outputs, handedOut), []);
  });
});
