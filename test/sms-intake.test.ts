// POST /integraciones/sms: android-sms-gateway's signed sms:received webhook and RapidPro/TextIt's "Call webhook",
// replayed from their published shapes, through the same guided conversation (one question per SMS) into the review
// inbox, with replies posted to a local stand-in of the gateway's send API.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { smsGatewaySignature } from '../src/channels/signatures.ts';
import { sendDueOutbound } from '../src/commands/channels/send-outbound.ts';
import { receiptCodeHash } from '../src/domain/receipt-seal.ts';
import { smsParts } from '../src/domain/sms-text.ts';
import { addEmergency, countRecords, type Harness, setup } from './helpers/harness.ts';
import { ProviderStandIn } from './helpers/message-providers.ts';
import { codeIn } from './helpers/receipt-code.ts';

const PATH = '/integraciones/sms';
const SECRET = 'secreto-de-la-pasarela-sms';
let h: Harness;
let gateway: ProviderStandIn;
let sequence = 0;

before(async () => {
  gateway = await new ProviderStandIn().start();
  h = await setup({
    SMS_SECRET: SECRET,
    SMS_SEND_URL: gateway.url('/message'),
    SMS_SEND_AUTHORIZATION: 'Basic c21zOmNsYXZl',
  });
  await addEmergency(h);
});
after(async () => {
  await h.close();
  await gateway.close();
});

const fixture = (name: string) => readFileSync(new URL(`./fixtures/intake/${name}`, import.meta.url), 'utf8');
/** RapidPro's recorded call, with the shared secret as its custom header. */
const rapidProCall = () => ({
  method: 'POST' as const,
  url: PATH,
  headers: { 'content-type': 'application/json', 'x-ayuda-sms-secret': SECRET },
  payload: fixture('rapidpro-call-webhook.json'),
});
const now = () => String(Math.floor(h.ctx.now().getTime() / 1000));

function received(phoneNumber: string, message: string): string {
  sequence++;
  return JSON.stringify({
    deviceId: 'ffffffffceb0b1db0000018e937c815b',
    event: 'sms:received',
    id: `evento-${process.pid}-${sequence}`,
    payload: {
      messageId: `m${sequence}`,
      message,
      phoneNumber,
      simNumber: 1,
      receivedAt: new Date(Date.parse('2026-05-10T12:00:00Z') + sequence * 1000).toISOString(),
    },
    webhookId: 'LreFUt-Z3sSq0JufY9uWB',
  });
}

function signedPost(payload: string, headers: Record<string, string> = {}) {
  const timestamp = now();
  return h.request({
    method: 'POST',
    url: PATH,
    headers: {
      'content-type': 'application/json',
      'x-signature': smsGatewaySignature(SECRET, payload, timestamp),
      'x-timestamp': timestamp,
      ...headers,
    },
    payload,
  });
}

async function sms(phone: string, message: string): Promise<string[]> {
  const before = gateway.sent.length;
  const response = await signedPost(received(phone, message));
  assert.equal(response.statusCode, 200, response.body);
  await sendDueOutbound(h.ctx);
  return gateway.sent.slice(before).map(ProviderStandIn.text);
}

test('a signature over other bytes, an old timestamp or a wrong secret is 401 and stores nothing', async () => {
  const payload = received('3015550099', 'Necesito ayuda');
  const timestamp = now();
  const forged = await h.request({
    method: 'POST',
    url: PATH,
    headers: {
      'content-type': 'application/json',
      'x-signature': smsGatewaySignature('otra-clave-cualquiera', payload, timestamp),
      'x-timestamp': timestamp,
    },
    payload,
  });
  assert.equal(forged.statusCode, 401);
  const old = String(Number(timestamp) - 3600);
  const replayed = await h.request({
    method: 'POST',
    url: PATH,
    headers: {
      'content-type': 'application/json',
      'x-signature': smsGatewaySignature(SECRET, payload, old),
      'x-timestamp': old,
    },
    payload,
  });
  assert.equal(replayed.statusCode, 401, 'a signed body replayed an hour later');
  const wrongSecret = await h.request({
    method: 'POST',
    url: PATH,
    headers: { 'content-type': 'application/json', 'x-ayuda-sms-secret': 'no-es-el-secreto' },
    payload,
  });
  assert.equal(wrongSecret.statusCode, 401);
  assert.equal(JSON.parse(wrongSecret.body).code, 'integration_unauthorized');
  const stored = await h.ctx.db
    .selectFrom('channel_messages')
    .selectAll()
    .where('address', '=', '+573015550099')
    .execute();
  assert.equal(stored.length, 0);
  const malformed = await signedPost('{"event":');
  assert.equal(malformed.statusCode, 400);
  const oversized = await signedPost(received('3015550099', 'x'.repeat(40_000)));
  assert.equal(oversized.statusCode, 413);
});

test("recorded gateway payloads: android's sms:received (signed) and RapidPro's call (shared secret), each once", async () => {
  const android = fixture('sms-android-received.json');
  const first = await signedPost(android);
  assert.deepEqual(JSON.parse(first.body), { ok: true, received: 1, duplicates: 0, late: 0, ignored: 0 });
  const again = await signedPost(android);
  assert.deepEqual(JSON.parse(again.body), { ok: true, received: 0, duplicates: 1, late: 0, ignored: 0 });
  const sent = await signedPost(fixture('sms-android-sent.json'));
  assert.deepEqual(JSON.parse(sent.body), { ok: true, received: 0, duplicates: 0, late: 0, ignored: 1 });
  const rapidpro = await h.request(rapidProCall());
  assert.deepEqual(JSON.parse(rapidpro.body), { ok: true, received: 1, duplicates: 0, late: 0, ignored: 0 });
  await sendDueOutbound(h.ctx);
  // The national number the phone reported is stored as E.164.
  const local = gateway.to('+573015550010');
  assert.ok(local.length > 0);
  assert.deepEqual(local[0]?.body.phoneNumbers, ['+573015550010']);
  assert.equal(local[0]?.authorization, 'Basic c21zOmNsYXZl');
  assert.ok(gateway.to('+573015550020').length > 0);
});

test('a whole SMS conversation, one question per message, ends in the review inbox with the receipt sent', async () => {
  const phone = '3015550030';
  const before = await countRecords(h);
  const replies: string[] = [];
  for (const message of [
    'Necesito ayuda',
    '2',
    'Bidones de agua potable',
    '20 bidones',
    '1',
    'Mocoa',
    'Barrio San Agustín',
    'Carrera 5 # 10-20, frente al parque',
    'Luz Dary Gómez',
    'si',
  ]) {
    const answer = await sms(phone, message);
    assert.ok(answer.length > 0, `a reply to "${message}"`);
    for (const text of answer) {
      assert.ok(smsParts(text) <= 2, `one SMS of two parts at most: ${text}`);
      assert.doesNotMatch(text, /ubicaci[oó]n|clip/i, 'never asks to share a location over SMS');
    }
    replies.push(...answer);
  }
  const receipt = (await sms(phone, '1')).join('\n');
  assert.equal(await countRecords(h), before + 1);
  const record = await h.ctx.db
    .selectFrom('help_records')
    .selectAll()
    .where('source', '=', 'sms')
    .where('contact_whatsapp', '=', '+573015550030')
    .executeTakeFirstOrThrow();
  assert.equal(record.review_status, 'pending_review');
  assert.equal(record.arrived_by, 'sms', 'the intake says which channel brought it');
  assert.equal(record.municipality_code, '86001');
  assert.equal(record.contact_name, 'Luz Dary Gómez');
  assert.equal(record.urgency, 'urgent');
  // The code reaches the person in the receipt; the record keeps only its hash.
  const code = codeIn(receipt);
  assert.equal(record.receipt_code_hash, receiptCodeHash(code));
});

test('RapidPro as the gateway: replies go to its broadcasts endpoint; without SMS_SECRET the intake is off', async () => {
  const rapid = await new ProviderStandIn().start();
  const second = await setup({
    SMS_SECRET: SECRET,
    SMS_GATEWAY: 'rapidpro',
    SMS_SEND_URL: rapid.url('/api/v2/broadcasts.json'),
    SMS_SEND_AUTHORIZATION: 'Token 0123456789abcdef',
  });
  const off = await setup();
  try {
    await addEmergency(second);
    const response = await second.request(rapidProCall());
    assert.equal(response.statusCode, 200);
    await sendDueOutbound(second.ctx);
    const sent = rapid.to('+573015550020');
    assert.ok(sent.length > 0);
    assert.deepEqual(sent[0]?.body.urns, ['tel:+573015550020']);
    assert.equal(typeof sent[0]?.body.text, 'string');
    assert.equal(sent[0]?.authorization, 'Token 0123456789abcdef');
    const disabled = await off.json(rapidProCall());
    assert.equal(disabled.status, 404);
    assert.equal(disabled.body.code, 'integration_disabled');
    const whatsappOff = await off.json({ method: 'GET', url: '/integraciones/whatsapp?hub.mode=subscribe' });
    assert.equal(whatsappOff.status, 404);
  } finally {
    await off.close();
    await second.close();
    await rapid.close();
  }
});
