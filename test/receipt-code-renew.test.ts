// "Generar código nuevo" in the console: a leader gives a submission (published or in review) a new receipt code,
// shown once on the answer and sent to the person where a channel reaches them. The old code stops working, the
// code is kept in no address, log, audit line or sent message, and nobody but the emergency's leaders, with a form
// of our own, can do it, on a record that is not withdrawn.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { sendDueOutbound } from '../src/commands/channels/send-outbound.ts';
import { withdrawWithReceipt } from '../src/commands/personal-data/withdraw.ts';
import { HIDDEN_CODE } from '../src/domain/outbound-body.ts';
import { RECEIPT_CODE_FORMAT } from '../src/domain/receipt-code.ts';
import { buildApp } from '../src/http/app.ts';
import { Browser, leader } from './helpers/console.ts';
import { addEmergency, type Harness, HELP, requestBody, setup } from './helpers/harness.ts';
import { LogCapture } from './helpers/log-capture.ts';
import {
  ProviderStandIn,
  signedWhatsapp,
  WHATSAPP_ENV,
  whatsappNotification,
  wholeRequest,
} from './helpers/message-providers.ts';

const SLUG = 'inundacion-mocoa';
const OTHER = 'avalancha-salgar';
/** The number the WhatsApp submission comes from. */
const WRITER = '573016661001';
const BUTTON = 'Generar código nuevo';
const PHONE_LINE = 'Si la persona llama, léale el código por teléfono. El código anterior ya no sirve.';

let h: Harness;
let graph: ProviderStandIn;
/** A second instance on the same database that logs everything, down to trace. */
let logged: FastifyInstance;
const logs = new LogCapture();
/** The submission that came by WhatsApp, still in review. */
let whatsappId = '';
let address = 0;
/** A fresh client address per lookup group, so /estado's per-address limit never mixes tests. */
const nextAddress = () => `198.51.100.${++address}`;

before(async () => {
  graph = await new ProviderStandIn().start();
  h = await setup({ ...WHATSAPP_ENV, WHATSAPP_API_URL: graph.url('/v23.0') });
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  // The conversation picks the only open emergency by itself: the second one is added once it is done.
  for (const m of wholeRequest(WRITER, 'Agua para el albergue de la escuela')) {
    const response = await h.request(signedWhatsapp(whatsappNotification([m])));
    assert.equal(response.statusCode, 200, response.body);
  }
  await sendDueOutbound(h.ctx);
  const row = await h.ctx.db
    .selectFrom('help_records')
    .select(['id', 'review_status'])
    .where('contact_whatsapp', '=', `+${WRITER}`)
    .executeTakeFirstOrThrow();
  assert.equal(row.review_status, 'pending_review');
  whatsappId = row.id;
  await addEmergency(h, OTHER, 'Avalancha Salgar');
  logged = await buildApp(h.ctx, h.database, { logger: { level: 'trace', stream: logs } });
  await logged.ready();
});
after(async () => {
  await logged.close();
  await h.close();
  await graph.close();
});

const recordPath = (id: string, slug = SLUG) => `/panel/e/${slug}/registros/${id}`;
const renewPath = (id: string, slug = SLUG) => `${recordPath(id, slug)}/codigo`;

/** A request sent through the API: its id and the receipt code of its 202. */
async function sendRequest(overrides: Record<string, unknown> = {}): Promise<{ id: string; code: string }> {
  const res = await h.json({ method: 'POST', url: HELP, payload: requestBody({ emergencySlug: SLUG, ...overrides }) });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  assert.match(res.body.receiptCode, RECEIPT_CODE_FORMAT);
  return { id: res.body.id, code: res.body.receiptCode };
}

async function publishedRequest(overrides: Record<string, unknown> = {}) {
  const sent = await sendRequest(overrides);
  await approveSubmission(h.ctx, sent.id, 'test');
  return sent;
}

/** /estado asked with a code, as the public form posts it. */
function lookup(code: string, from: string) {
  return h.app.inject({
    method: 'POST',
    url: '/estado',
    payload: new URLSearchParams({ codigo: code }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://ayuda.test' },
    remoteAddress: from,
  });
}

/** The code the answer shows, once, in the receipt format. */
function shownCode(page: LightMyRequestResponse): string {
  const codes = [...page.body.matchAll(/data-codigo>([^<]*)</g)].map((m) => m[1] as string);
  assert.equal(codes.length, 1, 'the code is shown once');
  const code = codes[0] as string;
  assert.match(code, RECEIPT_CODE_FORMAT);
  return code;
}

/** The code as it could appear anywhere: as shown, and without its dashes. */
const forms = (code: string) => [code, code.replace(/-/g, '')];

function renewals(id: string) {
  return h.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_id', '=', id)
    .where('action', '=', 'receipt_code_renewed')
    .execute();
}

function hashOf(id: string) {
  return h.ctx.db.selectFrom('help_records').select('receipt_code_hash').where('id', '=', id).executeTakeFirstOrThrow();
}

describe('a leader gives a new code', () => {
  test('on a published record: shown once, /estado answers it, the old code finds nothing', async () => {
    const { id, code: old } = await publishedRequest({ title: 'Leche para bebés de la vereda' });
    const from = nextAddress();
    assert.equal((await lookup(old, from)).statusCode, 200, 'the old code works before');
    const { browser } = await leader(h, [SLUG]);
    const pageBefore = await browser.get(recordPath(id));
    assert.equal(pageBefore.statusCode, 200);
    assert.ok(pageBefore.body.includes(BUTTON), 'the record page offers the action');
    assert.ok(pageBefore.body.includes(`action="${renewPath(id)}"`));
    assert.match(pageBefore.body, /el anterior deja de servir/);

    // Through an instance that logs everything: the code must reach no log line.
    const watched = new Browser({ ...h, app: logged });
    for (const [name, value] of browser.cookies) watched.cookies.set(name, value);
    watched.csrf = browser.csrf;
    const answer = await watched.post(renewPath(id));
    assert.equal(answer.statusCode, 200, answer.body);
    assert.equal(answer.headers.location, undefined, 'a page, not a redirect');
    assert.equal(answer.headers['cache-control'], 'no-store');
    assert.match(answer.headers['content-type'] as string, /text\/html/);
    const code = shownCode(answer);
    assert.notEqual(code, old);
    assert.ok(answer.body.includes(PHONE_LINE));
    assert.ok(!answer.body.includes('Se envió por'), 'nothing reaches a person who came by the web');
    assert.ok(answer.body.includes(`href="${recordPath(id)}"`), 'a way back to the record');
    assert.ok(!answer.body.includes(old), 'the old code is not shown');
    for (const text of forms(code)) {
      assert.ok(!logs.text.includes(text), 'the code is in no log line');
      assert.ok(!JSON.stringify(answer.headers).includes(text), 'nor in any header (cookie, location)');
    }
    assert.ok(logs.text.includes(renewPath(id)), 'the request itself is logged');

    const published = await lookup(code, from);
    assert.equal(published.statusCode, 200);
    assert.match(published.body, /Publicado/);
    assert.ok(published.body.includes(`href="/ayudas/${id}"`));
    assert.equal((await lookup(old, from)).statusCode, 404, 'the old code no longer finds the record');

    const queued = await h.ctx.db.selectFrom('outbound_messages').select('id').where('help_id', '=', id).execute();
    assert.equal(queued.length, 0, 'no message queued: no channel reaches the person');

    // (c) The audit line names the record and where the code went, never the code.
    const audit = await renewals(id);
    assert.equal(audit.length, 1);
    assert.equal(audit[0]?.actor.startsWith('panel:'), true);
    assert.deepEqual(JSON.parse(audit[0]?.details ?? 'null'), { sentBy: null });
    const stored = JSON.stringify(await h.ctx.db.selectFrom('audit_log').selectAll().execute());
    for (const text of [...forms(code), ...forms(old)]) assert.ok(!stored.includes(text), 'no code in audit_log');

    // The record page afterwards: the history names it in Spanish, and no code is on the page.
    const pageAfter = await browser.get(recordPath(id));
    assert.match(pageAfter.body, /Código de recibo nuevo · panel:[^<]* · no se envió por ningún canal/);
    for (const text of forms(code)) assert.ok(!pageAfter.body.includes(text), 'the code is shown only once');
  });

  test('by WhatsApp, in review: the code goes to the number, and the sent message keeps no copy', async () => {
    const { browser } = await leader(h, [SLUG]);
    const review = await browser.get(`/panel/e/${SLUG}/revisar/${whatsappId}`);
    assert.equal(review.statusCode, 200);
    assert.ok(review.body.includes(BUTTON), 'the review page offers the action');
    assert.match(review.body, /El nuevo se envía por WhatsApp al número de la persona/);

    const sentBefore = graph.to(`+${WRITER}`).length;
    const answer = await browser.post(renewPath(whatsappId));
    assert.equal(answer.statusCode, 200, answer.body);
    const code = shownCode(answer);
    assert.ok(answer.body.includes('Se envió por WhatsApp al número de la persona'));
    assert.ok(answer.body.includes(PHONE_LINE));
    assert.ok(answer.body.includes(`href="/panel/e/${SLUG}/revisar/${whatsappId}"`), 'back to its review page');

    const queued = await h.ctx.db
      .selectFrom('outbound_messages')
      .selectAll()
      .where('help_id', '=', whatsappId)
      .where('status', '=', 'pending')
      .execute();
    assert.equal(queued.length, 1, 'one message queued about it');
    assert.equal(queued[0]?.channel, 'whatsapp');
    assert.equal(queued[0]?.address, `+${WRITER}`);
    assert.ok(queued[0]?.body.includes(code), 'the queued message carries the new code');

    await sendDueOutbound(h.ctx);
    const delivered = graph.to(`+${WRITER}`).slice(sentBefore).map(ProviderStandIn.text);
    assert.equal(delivered.length, 1);
    assert.ok(delivered[0]?.includes(code), 'the person received the new code');
    assert.match(delivered[0] ?? '', /el anterior ya no sirve/);

    const stored = await h.ctx.db
      .selectFrom('outbound_messages')
      .selectAll()
      .where('id', '=', queued[0]?.id as string)
      .executeTakeFirstOrThrow();
    assert.equal(stored.status, 'sent');
    assert.ok(stored.body.includes(HIDDEN_CODE), stored.body);
    for (const text of forms(code)) assert.ok(!stored.body.includes(text), 'the sent message keeps no code');

    const audit = await renewals(whatsappId);
    assert.equal(audit.length, 1);
    assert.deepEqual(JSON.parse(audit[0]?.details ?? 'null'), { sentBy: 'whatsapp' });
    assert.ok(!JSON.stringify(audit).includes(code));

    const state = await lookup(code, nextAddress());
    assert.equal(state.statusCode, 200);
    assert.match(state.body, /en revisión/);
    const after = await browser.get(`/panel/e/${SLUG}/revisar/${whatsappId}`);
    assert.match(after.body, /Código de recibo nuevo · panel:[^<]* · enviado por WhatsApp/);
    for (const text of forms(code)) assert.ok(!after.body.includes(text), 'not on the review page afterwards');
  });
});

describe('who cannot', () => {
  test("a leader of another emergency gets a refusal, and the record's code does not change", async () => {
    const { id, code } = await publishedRequest();
    const hash = await hashOf(id);
    const { browser } = await leader(h, [OTHER]);
    await browser.get(`/panel/e/${OTHER}`);
    const named = await browser.post(renewPath(id));
    assert.equal(named.statusCode, 403, 'not their emergency');
    const ownSlug = await browser.post(renewPath(id, OTHER));
    assert.equal(ownSlug.statusCode, 404, 'not a record of their emergency');
    for (const res of [named, ownSlug]) assert.ok(!/data-codigo/.test(res.body));
    assert.deepEqual(await hashOf(id), hash);
    assert.equal((await renewals(id)).length, 0);
    assert.equal((await lookup(code, nextAddress())).statusCode, 200, 'the old code keeps working');
    const seen = await browser.get(recordPath(id));
    assert.equal(seen.statusCode, 403, 'nor can they see the record');
  });

  test('a post without the form token, or from another site, is refused; the old code keeps working', async () => {
    const { id, code } = await publishedRequest();
    const hash = await hashOf(id);
    const { browser } = await leader(h, [SLUG]);
    await browser.get(recordPath(id));
    const token = browser.csrf;
    const forged = await browser.post(renewPath(id), { _csrf: 'token-inventado' });
    const missing = await browser.post(renewPath(id), { _csrf: '' });
    const crossSite = await browser.post(renewPath(id), { _csrf: token }, { origin: 'https://otro.example' });
    for (const res of [forged, missing, crossSite]) {
      assert.equal(res.statusCode, 403);
      assert.match(res.body, /El formulario caducó o no vino de este sitio/);
      assert.ok(!/data-codigo/.test(res.body));
    }
    const anonymous = await new Browser(h).post(renewPath(id), { _csrf: token });
    assert.equal(anonymous.statusCode, 303, 'signed out: to the sign-in page');
    assert.equal(anonymous.headers.location, '/panel/entrar');
    assert.deepEqual(await hashOf(id), hash);
    assert.equal((await renewals(id)).length, 0);
    assert.equal((await lookup(code, nextAddress())).statusCode, 200, 'the old code keeps working');
  });

  test('a withdrawn record offers no button, and the post is refused', async () => {
    const number = '+573001239876';
    const { id, code } = await publishedRequest({ contactWhatsapp: number });
    await withdrawWithReceipt(h.ctx, code, number);
    const { browser } = await leader(h, [SLUG]);
    const page = await browser.get(recordPath(id));
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Retirada/);
    assert.ok(!page.body.includes(BUTTON), 'no button on a withdrawn record');
    assert.ok(!page.body.includes(renewPath(id)));
    const refused = await browser.post(renewPath(id));
    assert.equal(refused.statusCode, 404);
    assert.ok(!/data-codigo/.test(refused.body));
    assert.equal((await renewals(id)).length, 0);
  });
});
