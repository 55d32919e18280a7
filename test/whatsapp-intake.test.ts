// POST /integraciones/whatsapp: Meta's signed notifications, replayed from the Cloud API's published shapes, through
// the guided conversation into the review inbox, with replies sent to a local stand-in of the Graph API.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { hubSignature } from '../src/channels/signatures.ts';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { sendDueOutbound } from '../src/commands/channels/send-outbound.ts';
import { rejectSubmission } from '../src/commands/reject-submission.ts';
import { receiptCodeHash } from '../src/domain/receipt-seal.ts';
import { addEmergency, countRecords, type Harness, HELP, setup } from './helpers/harness.ts';
import { ProviderStandIn, WHATSAPP_ENV, whatsappNotification } from './helpers/message-providers.ts';
import { codeIn } from './helpers/receipt-code.ts';

const PATH = '/integraciones/whatsapp';
let h: Harness;
let graph: ProviderStandIn;
/** Meta's times (seconds), before the test clock's start: a time later than its arrival is taken as the arrival. */
let clockSeconds = 1_778_400_000;

before(async () => {
  graph = await new ProviderStandIn().start();
  h = await setup({ ...WHATSAPP_ENV, WHATSAPP_API_URL: graph.url('/v23.0') });
  await addEmergency(h);
});
after(async () => {
  await h.close();
  await graph.close();
});

type Message = Record<string, unknown>;
let sequence = 0;

function message(from: string, content: Message, id = `wamid.T${process.pid}x${++sequence}`): Message {
  return { from, id, timestamp: String(++clockSeconds), ...content };
}
const text = (from: string, body: string, id?: string) => message(from, { type: 'text', text: { body } }, id);
const button = (from: string, choiceId: string) =>
  message(from, {
    type: 'interactive',
    interactive: { type: 'button_reply', button_reply: { id: choiceId, title: 'x' } },
  });
const place = (from: string, latitude: number, longitude: number) =>
  message(from, { type: 'location', location: { latitude, longitude } });

const notification = whatsappNotification;

async function post(body: unknown, signature?: string) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  return h.request({
    method: 'POST',
    url: PATH,
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': signature ?? hubSignature(WHATSAPP_ENV.WHATSAPP_APP_SECRET, payload),
    },
    payload,
  });
}

/** Sends one message, lets the queue go out, and answers what the person received. */
async function say(m: Message): Promise<string[]> {
  const before = graph.sent.length;
  const response = await post(notification([m]));
  assert.equal(response.statusCode, 200, response.body);
  await sendDueOutbound(h.ctx);
  return graph.sent.slice(before).map(ProviderStandIn.text);
}

async function rows(table: 'channel_messages' | 'conversations' | 'outbound_messages') {
  return h.ctx.db.selectFrom(table).selectAll().execute();
}

test('the set-up handshake answers the challenge only to the configured token', async () => {
  const ok = await h.request({
    method: 'GET',
    url: `${PATH}?hub.mode=subscribe&hub.verify_token=${WHATSAPP_ENV.WHATSAPP_VERIFY_TOKEN}&hub.challenge=1158201444`,
  });
  assert.equal(ok.statusCode, 200);
  assert.equal(ok.body, '1158201444');
  const wrong = await h.json({
    method: 'GET',
    url: `${PATH}?hub.mode=subscribe&hub.verify_token=otro&hub.challenge=1`,
  });
  assert.equal(wrong.status, 403);
  assert.equal(wrong.body.code, 'integration_verify_failed');
});

test('a bad or missing signature is 401 and stores nothing; a malformed or oversized body stores nothing', async () => {
  const body = notification([text('573001230000', 'Necesito ayuda')]);
  const forged = await post(body, hubSignature('otro-secreto', JSON.stringify(body)));
  assert.equal(forged.statusCode, 401);
  assert.equal(JSON.parse(forged.body).code, 'integration_unauthorized');
  const missing = await h.request({
    method: 'POST',
    url: PATH,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  assert.equal(missing.statusCode, 401);
  // Signed over other bytes: the same JSON re-serialised with different spacing does not verify.
  const respaced = await post(
    JSON.stringify(body, null, 1),
    hubSignature(WHATSAPP_ENV.WHATSAPP_APP_SECRET, JSON.stringify(body)),
  );
  assert.equal(respaced.statusCode, 401);
  const malformed = await post('{"object": "whatsapp_business_account", "entry": [');
  assert.equal(malformed.statusCode, 400);
  assert.equal(JSON.parse(malformed.body).code, 'invalid_json');
  const wrongShape = await post({ object: 'whatsapp_business_account', entry: 'no' });
  assert.equal(wrongShape.statusCode, 400);
  const oversized = await post(notification([text('573001230000', 'x'.repeat(40_000))]));
  assert.equal(oversized.statusCode, 413);
  assert.equal((await rows('channel_messages')).filter((r) => r.address === '+573001230000').length, 0);
  assert.equal((await rows('conversations')).filter((r) => r.address === '+573001230000').length, 0);
});

test('status callbacks are accepted and ignored', async () => {
  const response = await post(
    notification([], {
      statuses: [{ id: 'wamid.sent-1', status: 'delivered', timestamp: '1778416400', recipient_id: '573001234567' }],
    }),
  );
  assert.equal(response.statusCode, 200);
  assert.deepEqual(JSON.parse(response.body), { ok: true, received: 0, duplicates: 0, late: 0, ignored: 1 });
});

test('a whole conversation ends in the review inbox with the receipt sent; retries and late messages change nothing', async () => {
  const from = '573001234567';
  const recordsBefore = await countRecords(h);
  const first = text(from, 'Hola');
  const welcome = await say(first);
  assert.match(welcome.join('\n'), /1\. Necesito ayuda/);
  const interactive = graph.sent.at(-1)?.body;
  assert.equal(interactive.type, 'interactive', 'two choices go as reply buttons');
  assert.equal(interactive.to, from);
  assert.equal(graph.sent.at(-1)?.authorization, `Bearer ${WHATSAPP_ENV.WHATSAPP_ACCESS_TOKEN}`);
  assert.equal(graph.sent.at(-1)?.path, `/v23.0/${WHATSAPP_ENV.WHATSAPP_PHONE_NUMBER_ID}/messages`);

  // Meta delivers the same message again: nothing happens twice.
  const replayed = await post(notification([first]));
  assert.deepEqual(JSON.parse(replayed.body), { ok: true, received: 0, duplicates: 1, late: 0, ignored: 0 });
  await sendDueOutbound(h.ctx);

  await say(button(from, 'type:request'));
  await say(button(from, 'cat:agua'));
  await say(text(from, 'Agua potable para 6 familias'));
  // An old message arriving after a newer one is logged but does not move the conversation.
  const stale = { ...text(from, 'Ropa'), timestamp: String(clockSeconds - 100) };
  const late = await post(notification([stale]));
  assert.deepEqual(JSON.parse(late.body), { ok: true, received: 0, duplicates: 0, late: 1, ignored: 0 });
  await say(text(from, '30 bidones'));
  await say(button(from, 'urg:urgent'));
  await say(place(from, 1.1478, -76.6476));
  await say(text(from, 'San Miguel'));
  await say(text(from, 'Calle 8 # 5-21, junto a la escuela'));
  await say(button(from, 'name:profile'));
  const summary = await say(button(from, 'yes'));
  assert.match(summary.join('\n'), /Agua potable para 6 familias/);
  const receipt = (await say(button(from, 'send'))).join('\n');

  assert.equal(await countRecords(h), recordsBefore + 1);
  const record = await h.ctx.db
    .selectFrom('help_records')
    .selectAll()
    .where('source', '=', 'whatsapp')
    .where('external_id', '=', String(first.id))
    .executeTakeFirstOrThrow();
  assert.equal(record.review_status, 'pending_review', 'nothing is published before review');
  assert.equal(record.arrived_by, 'whatsapp', 'the intake says which channel brought it');
  assert.equal(record.contact_whatsapp, '+573001234567');
  assert.equal(record.contact_name, 'María Fernanda Rojas');
  assert.equal(record.category, 'agua');
  assert.equal(record.quantity_required, 30);
  // The code reaches the person in the receipt; the record keeps only its hash.
  const code = codeIn(receipt);
  assert.equal(record.receipt_code_hash, receiptCodeHash(code));
  // Once gone, the receipt keeps no copy of the code in the outbound queue.
  await sendDueOutbound(h.ctx);
  const queued = (await rows('outbound_messages')).map((r) => String(r.body));
  assert.ok(
    queued.some((body) => body.includes('«código oculto»')),
    'the receipt, its code hidden',
  );
  assert.ok(
    queued.every((body) => !body.includes(code)),
    'no stored message holds the code',
  );
  const linked = (await rows('channel_messages')).filter((r) => r.help_id === record.id);
  assert.ok(linked.length >= 12, 'the conversation points at its submission');

  // Sending "enviar" again after the receipt opens nothing new and never duplicates the record.
  const again = await post(notification([button(from, 'send')]));
  assert.equal(again.statusCode, 200);
  assert.equal(await countRecords(h), recordsBefore + 1);

  // "estado CÓDIGO" from the same number.
  const status = (await say(text(from, `estado ${code}`))).join('\n');
  assert.match(status, /revisi[oó]n/i);
  // From another number the code says nothing.
  const other = (await say(text('573009998877', `estado ${code}`))).join('\n');
  assert.doesNotMatch(other, /Inundación/);

  // Approval and rejection reach the person on their channel, within the window as plain text.
  await approveSubmission(h.ctx, record.id, 'test');
  await sendDueOutbound(h.ctx);
  const notice = graph.to('+573001234567').at(-1);
  assert.ok(notice);
  assert.match(ProviderStandIn.text(notice), /publicada/);
  assert.match(ProviderStandIn.text(notice), new RegExp(`/ayudas/${record.id}`));
  assert.equal(notice.body.type, 'text');

  // "retirar CÓDIGO" asks first, naming the record; any answer but SI keeps it.
  const reviewStatus = async () =>
    (
      await h.ctx.db
        .selectFrom('help_records')
        .select('review_status')
        .where('id', '=', record.id)
        .executeTakeFirstOrThrow()
    ).review_status;
  const asked = (await say(text(from, `retirar ${code}`))).join('\n');
  assert.match(asked, /Responda SI para retirar «Agua potable para 6 familias»\. Se borrarán su nombre y número\./);
  assert.equal(await reviewStatus(), 'approved', 'asking withdraws nothing');
  assert.ok(
    (await rows('channel_messages')).every((r) => r.body !== `retirar ${code}`),
    'the message with the code is not kept',
  );
  assert.match((await say(text(from, 'no'))).join('\n'), /No retiramos nada/);
  assert.equal(await reviewStatus(), 'approved');
  assert.doesNotMatch((await say(text(from, 'si'))).join('\n'), /retiramos su registro/, 'a SI nobody asked for');
  assert.equal(await reviewStatus(), 'approved');
  // SI from another number, or later than ten minutes, withdraws nothing.
  await say(text(from, `retirar ${code}`));
  await say(text('573009998877', 'SI'));
  h.clock.advanceHours(0.2);
  const tooLate = (await say(text(from, 'SI'))).join('\n');
  assert.doesNotMatch(tooLate, /retiramos su registro/);
  assert.match(tooLate, /No retiramos nada/, 'a SI too late says so');
  assert.equal(await reviewStatus(), 'approved', 'a SI after ten minutes withdraws nothing');
  // Asked again, and SI at once: the record leaves every public surface.
  await say(text(from, `retirar ${code}`));
  const withdrawn = (await say(text(from, 'SI'))).join('\n');
  assert.match(withdrawn, /retiramos su registro y borramos sus datos/);
  const after = await h.ctx.db
    .selectFrom('help_records')
    .select('review_status')
    .where('id', '=', record.id)
    .executeTakeFirstOrThrow();
  assert.equal(after.review_status, 'withdrawn');
  assert.equal(await reviewStatus(), 'withdrawn');
  const detail = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${record.id}` });
  assert.equal(detail.status, 404);
});

test('outside the 24-hour window a notice is not sent as free text, and without a template it fails', async () => {
  const from = '573004445566';
  await say(text(from, 'Necesito ayuda'));
  for (const m of [
    button(from, 'cat:alimentos'),
    text(from, 'Mercados para 4 familias'),
    text(from, '4 mercados'),
    button(from, 'urg:needed'),
    place(from, 1.15, -76.64),
    text(from, 'no'),
    text(from, 'Vereda El Pepino, casa azul'),
    button(from, 'name:profile'),
    button(from, 'yes'),
    button(from, 'send'),
  ]) {
    await say(m);
  }
  const record = await h.ctx.db
    .selectFrom('help_records')
    .selectAll()
    .where('contact_whatsapp', '=', '+573004445566')
    .executeTakeFirstOrThrow();
  h.clock.advanceHours(25);
  const sentBefore = graph.sent.length;
  await rejectSubmission(h.ctx, record.id, 'test', 'Duplicada');
  await sendDueOutbound(h.ctx);
  assert.equal(graph.sent.length, sentBefore, 'nothing goes out of the window without a template');
  const failed = (await rows('outbound_messages')).filter((r) => r.help_id === record.id && r.kind === 'notice');
  assert.equal(failed.length, 1);
  assert.equal(failed[0]?.status, 'failed');
  assert.match(failed[0]?.last_error ?? '', /24 horas/);
});

test('a Graph API failure is retried, in order, and a refusal fails the message', async () => {
  const from = '573007778899';
  graph.fail(503);
  const before = graph.sent.length;
  const response = await post(notification([text(from, 'Hola')]));
  assert.equal(response.statusCode, 200);
  const first = await sendDueOutbound(h.ctx);
  assert.deepEqual(first, { sent: 0, retried: 1, failed: 0 });
  assert.deepEqual(await sendDueOutbound(h.ctx), { sent: 0, retried: 0, failed: 0 }, 'not due yet');
  h.clock.advanceHours(0.01);
  assert.equal((await sendDueOutbound(h.ctx)).sent, 1);
  assert.equal(graph.sent.length, before + 2, 'the same message, twice');
  graph.fail(400);
  await post(notification([text(from, 'cancelar')]));
  assert.deepEqual(await sendDueOutbound(h.ctx), { sent: 0, retried: 0, failed: 1 });
});

test("recorded notifications from Meta's published shapes: one message, a batch out of order, statuses", async () => {
  const fixture = (name: string) => readFileSync(new URL(`./fixtures/intake/${name}`, import.meta.url), 'utf8');
  const single = fixture('whatsapp-text.json');
  const first = await post(single);
  assert.deepEqual(JSON.parse(first.body), { ok: true, received: 1, duplicates: 0, late: 0, ignored: 0 });
  const again = await post(single);
  assert.deepEqual(JSON.parse(again.body), { ok: true, received: 0, duplicates: 1, late: 0, ignored: 0 });
  const logged = (await rows('channel_messages')).filter((r) => r.address === '+573015550001');
  assert.equal(logged.length, 1);
  assert.equal(logged[0]?.body, 'Necesito ayuda, se inundó la casa 🌊', 'accents and emoji as sent');

  const batch = await post(fixture('whatsapp-batch.json'));
  assert.deepEqual(JSON.parse(batch.body), { ok: true, received: 3, duplicates: 0, late: 0, ignored: 0 });
  const offerer = await h.ctx.db
    .selectFrom('conversations')
    .selectAll()
    .where('address', '=', '+573015550002')
    .executeTakeFirstOrThrow();
  // The button came before the sticker (by their times, not their order in the body): the offer was chosen.
  assert.equal(JSON.parse(offerer.state ?? '{}').draft?.type, 'offer');
  await sendDueOutbound(h.ctx);
  assert.ok(graph.to('+573015550003').length > 0, 'a shared place as the first message still gets the welcome');

  const statuses = await post(fixture('whatsapp-statuses.json'));
  assert.deepEqual(JSON.parse(statuses.body), { ok: true, received: 0, duplicates: 0, late: 0, ignored: 2 });
});
