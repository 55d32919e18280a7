// The intakes' limits and hygiene, through their real routes with signed payloads: a number's messages a minute and
// submissions a day, one SMS of two parts at most for each message received, a provider's time later than the
// message's arrival taken as the arrival, each intake's 401 naming only its own provider's headers, and a signature
// with a character added refused.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { hubSignature, smsGatewaySignature } from '../src/channels/signatures.ts';
import { sendDueOutbound } from '../src/commands/channels/send-outbound.ts';
import {
  DEFAULT_CHANNEL_MESSAGES_PER_MINUTE,
  DEFAULT_CHANNEL_SUBMISSIONS_PER_DAY,
} from '../src/domain/intake-limits.ts';
import { smsParts } from '../src/domain/sms-text.ts';
import { addEmergency, type Harness, setup } from './helpers/harness.ts';
import { ProviderStandIn, WHATSAPP_ENV, whatsappNotification, whatsappSender } from './helpers/message-providers.ts';
import { codeIn } from './helpers/receipt-code.ts';
import { WHOLE_SMS_REQUEST } from './helpers/sms-gateway.ts';

const SMS_SECRET = 'secreto-de-la-pasarela-sms';
const KOBO_SECRET = 'secreto-compartido-con-kobo-2026';
const PER_MINUTE = DEFAULT_CHANNEL_MESSAGES_PER_MINUTE;
const PER_DAY = DEFAULT_CHANNEL_SUBMISSIONS_PER_DAY;
/** The parts the network sends a text in, as it counts them (GSM 7-bit or UCS-2). */
const parts = smsParts;
/** Every header any intake proves itself with: a 401 names those of its own intake, never another's. */
const ALL_HEADERS = ['X-Hub-Signature-256', 'X-Ayuda-Sms-Secret', 'X-Signature', 'X-Timestamp', 'X-Ayuda-Kobo-Secret'];

let h: Harness;
let provider: ProviderStandIn;

before(async () => {
  provider = await new ProviderStandIn().start();
  h = await setup({
    ...WHATSAPP_ENV,
    WHATSAPP_API_URL: provider.url('/v23.0'),
    SMS_SECRET,
    SMS_SEND_URL: provider.url('/message'),
    KOBO_SECRET,
    // The defaults, which the harness raises for every other test.
    CHANNEL_MESSAGES_PER_MINUTE: String(PER_MINUTE),
    CHANNEL_SUBMISSIONS_PER_DAY: String(PER_DAY),
  });
  await addEmergency(h);
});
after(async () => {
  await h.close();
  await provider.close();
});

let smsSequence = 0;
/** android-sms-gateway's sms:received, as the phone reports it (receivedAt: the phone's clock). */
function smsReceived(phone: string, message: string, receivedAt = h.ctx.now().toISOString()): string {
  smsSequence++;
  return JSON.stringify({
    deviceId: 'ffffffffceb0b1db0000018e937c815b',
    event: 'sms:received',
    id: `limite-${process.pid}-${smsSequence}`,
    payload: { messageId: `l${smsSequence}`, message, phoneNumber: phone, simNumber: 1, receivedAt },
    webhookId: 'LreFUt-Z3sSq0JufY9uWB',
  });
}

/** Signed as android-sms-gateway signs: the body followed by X-Timestamp; `mangle` changes the signature sent. */
function signedSms(payload: string, mangle: (signature: string) => string = (s) => s) {
  const timestamp = String(Math.floor(h.ctx.now().getTime() / 1000));
  return {
    method: 'POST' as const,
    url: '/integraciones/sms',
    headers: {
      'content-type': 'application/json',
      'x-signature': mangle(smsGatewaySignature(SMS_SECRET, payload, timestamp)),
      'x-timestamp': timestamp,
    },
    payload,
  };
}

/** One SMS through the intake: the intake's answer, and what the gateway was then asked to send to the number. */
async function sms(phone: string, message: string, receivedAt?: string) {
  const address = `+57${phone}`;
  const before = provider.to(address).length;
  const response = await h.json(signedSms(smsReceived(phone, message, receivedAt)));
  assert.equal(response.status, 200, JSON.stringify(response.body));
  await sendDueOutbound(h.ctx);
  return { ack: response.body, replies: provider.to(address).slice(before).map(ProviderStandIn.text) };
}

function signedWhatsapp(body: unknown, mangle: (signature: string) => string = (s) => s) {
  const payload = JSON.stringify(body);
  return {
    method: 'POST' as const,
    url: '/integraciones/whatsapp',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': mangle(hubSignature(WHATSAPP_ENV.WHATSAPP_APP_SECRET, payload)),
    },
    payload,
  };
}

const storedFrom = async (address: string) =>
  (await h.ctx.db.selectFrom('channel_messages').select('provider_id').where('address', '=', address).execute()).length;

/** The messages of a whole SMS request, from the first message to the receipt. */
const WHOLE_REQUEST = WHOLE_SMS_REQUEST;

const recordsOf = async (address: string) =>
  h.ctx.db
    .selectFrom('help_records')
    .select(['id'])
    .where('contact_whatsapp', '=', address)
    .orderBy('created_at')
    .execute();

/** A minute and a little more: the number's messages of the last minute no longer count. */
const nextMinute = () => h.clock.advanceHours(61 / 3600);

test('sixty SMS in a minute from one number: the first ones answered, two parts at most each, the rest only logged', async () => {
  const phone = '3001110020';
  const acks = { received: 0, limited: 0 };
  let answered = 0;
  for (let i = 0; i < 60; i++) {
    const { ack, replies } = await sms(phone, i % 3 === 0 ? 'hola' : `mensaje ${i}`);
    acks.received += ack.received;
    acks.limited += ack.limited ?? 0;
    assert.ok(replies.reduce((n, text) => n + parts(text), 0) <= 2, `message ${i}: ${JSON.stringify(replies)}`);
    assert.ok(replies.length <= 1, `message ${i}: one SMS at most`);
    if (replies.length > 0) answered++;
    if (i >= PER_MINUTE) assert.deepEqual(replies, [], `message ${i} is past the minute's limit`);
  }
  assert.deepEqual(acks, { received: PER_MINUTE, limited: 60 - PER_MINUTE });
  assert.ok(answered <= PER_MINUTE, `${answered} answered`);
  const logged = await h.ctx.db
    .selectFrom('channel_messages')
    .select('provider_id')
    .where('address', '=', `+57${phone}`)
    .execute();
  assert.equal(logged.length, 60, 'every message is logged');
  // A minute later the number is answered again.
  nextMinute();
  const again = await sms(phone, 'hola');
  assert.equal(again.ack.received, 1);
  assert.equal(again.replies.length, 1);
});

test('every answer in a whole SMS conversation is one SMS of two parts at most, receipt and withdrawal included', async () => {
  const phone = '3001110030';
  let receipt = '';
  for (const message of WHOLE_REQUEST) {
    const { replies } = await sms(phone, message);
    assert.equal(replies.length, 1, `one reply to "${message}"`);
    assert.ok(parts(replies[0] ?? '') <= 2, `"${message}": ${replies[0]}`);
    receipt = replies[0] ?? '';
  }
  // The last answer is the receipt: the code reaches the person only there.
  const code = codeIn(receipt);
  // The withdrawal's question, then another command instead of SI: that nothing was withdrawn and the status, in one.
  const asked = await sms(phone, `retirar ${code}`);
  assert.match(asked.replies.join(''), /Responda SI/);
  const status = await sms(phone, `estado ${code}`);
  assert.equal(status.replies.length, 1);
  assert.ok(parts(status.replies[0] ?? '') <= 2, status.replies[0]);
  assert.match(status.replies[0] ?? '', /^No retiramos nada[\s\S]*est[aá] en revisi[oó]n/);
});

test("a number's sixth submission in a day submits nothing: told once, then not answered until the day is past", async () => {
  const phone = '3001110040';
  const address = `+57${phone}`;
  for (let n = 1; n <= PER_DAY; n++) {
    for (const message of WHOLE_REQUEST) await sms(phone, message);
    assert.equal((await recordsOf(address)).length, n);
    nextMinute();
  }
  const told: string[] = [];
  let limited = 0;
  for (const message of WHOLE_REQUEST) {
    const { ack, replies } = await sms(phone, message);
    told.push(...replies);
    limited += ack.limited ?? 0;
  }
  assert.equal((await recordsOf(address)).length, PER_DAY, 'the sixth submits nothing');
  assert.equal(told.length, 1, `told once: ${JSON.stringify(told)}`);
  assert.match(told[0] ?? '', new RegExp(`ya hizo ${PER_DAY} env[ií]os hoy`));
  assert.equal(limited, WHOLE_REQUEST.length - 1, 'the other messages are logged, not taken');
  // A day after the first submissions the number is answered, and may submit, again.
  h.clock.advanceHours(24);
  const welcome = await sms(phone, 'Necesito ayuda');
  assert.match(welcome.replies.join(''), /¿Qué tipo de ayuda necesita\?/);
});

test('an SMS dated next year does not make the next ones late: cancelar still cancels', async () => {
  const phone = '3001110010';
  const nextYear = new Date(h.ctx.now().getTime() + 365 * 24 * 3_600_000).toISOString();
  const opened = await sms(phone, 'Necesito ayuda', nextYear);
  assert.equal(opened.ack.received, 1);
  assert.match(opened.replies.join('\n'), /¿Qué tipo de ayuda necesita\?/);
  const logged = await h.ctx.db
    .selectFrom('channel_messages')
    .select(['sent_at', 'received_at'])
    .where('address', '=', `+57${phone}`)
    .executeTakeFirstOrThrow();
  assert.equal(logged.sent_at, logged.received_at, 'a time later than the arrival is stored as the arrival');
  const cancelled = await sms(phone, 'cancelar');
  assert.deepEqual(cancelled.ack, { ok: true, received: 1, duplicates: 0, late: 0, ignored: 0 });
  assert.match(cancelled.replies.join('\n'), /cancelamos/);
  const conversation = await h.ctx.db
    .selectFrom('conversations')
    .select('state')
    .where('address', '=', `+57${phone}`)
    .executeTakeFirstOrThrow();
  assert.equal(conversation.state, null, 'the conversation is closed');
});

test('a valid signature with one character added is refused, on WhatsApp and on SMS, and stores nothing', async () => {
  for (const extra of ['0', 'a', '00']) {
    const whatsapp = await h.request(
      signedWhatsapp(whatsappNotification([whatsappSender('573001110001').text('Hola')]), (s) => `${s}${extra}`),
    );
    assert.equal(whatsapp.statusCode, 401, `WhatsApp with "${extra}" added`);
    const sms = await h.request(signedSms(smsReceived('3001110002', 'Hola'), (s) => `${s}${extra}`));
    assert.equal(sms.statusCode, 401, `SMS with "${extra}" added`);
  }
  assert.equal(await storedFrom('+573001110001'), 0);
  assert.equal(await storedFrom('+573001110002'), 0);
  // The same requests, signed exactly, are taken.
  const whatsapp = await h.request(signedWhatsapp(whatsappNotification([whatsappSender('573001110001').text('Hola')])));
  assert.equal(whatsapp.statusCode, 200, whatsapp.body);
  const sms = await h.request(signedSms(smsReceived('3001110002', 'Hola')));
  assert.equal(sms.statusCode, 200, sms.body);
});

test("each intake's 401 names its own provider's headers and no other's", async () => {
  const refused = {
    '/integraciones/whatsapp': ['X-Hub-Signature-256'],
    '/integraciones/sms': ['X-Ayuda-Sms-Secret', 'X-Signature'],
    '/integraciones/kobo': ['X-Ayuda-Kobo-Secret'],
  };
  for (const [url, own] of Object.entries(refused)) {
    for (const language of ['es', 'en']) {
      const response = await h.json({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', 'accept-language': language },
        payload: '{}',
      });
      assert.equal(response.status, 401, url);
      assert.equal(response.body.code, 'integration_unauthorized');
      assert.deepEqual(
        response.body.details.map((d: { field: string }) => d.field),
        own,
        `${url} lists its own headers`,
      );
      const text = JSON.stringify(response.body);
      for (const header of ALL_HEADERS.filter((name) => !own.includes(name))) {
        assert.ok(!text.toLowerCase().includes(header.toLowerCase()), `${url} does not name ${header}: ${text}`);
      }
    }
  }
});
