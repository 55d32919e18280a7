// The intakes' limits and hygiene, through their real routes with signed payloads: each intake's 401 names only its
// own provider's headers, and a signature with a character added is refused.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { hubSignature, smsGatewaySignature } from '../src/channels/signatures.ts';
import { addEmergency, type Harness, setup } from './helpers/harness.ts';
import { ProviderStandIn, WHATSAPP_ENV, whatsappNotification, whatsappSender } from './helpers/message-providers.ts';

const SMS_SECRET = 'secreto-de-la-pasarela-sms';
const KOBO_SECRET = 'secreto-compartido-con-kobo-2026';
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
