import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../config.ts';
import { proofChannel } from './adapters.ts';

const WHATSAPP = {
  WHATSAPP_VERIFY_TOKEN: 'verificar-token-123',
  WHATSAPP_APP_SECRET: 'secreto-de-la-app-de-meta',
  WHATSAPP_ACCESS_TOKEN: 'token-de-acceso-graph',
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
};
const SMS = { SMS_SECRET: 'secreto-de-la-pasarela', SMS_SEND_URL: 'http://127.0.0.1:9/message' };

test('the channel that proves a number reaches a person who never wrote: the first in the table that can', () => {
  const channel = (env: Record<string, string>) => proofChannel(loadConfig({ PORT: '0', ...env }));
  assert.equal(channel({}), null, 'no channel');
  assert.equal(channel(WHATSAPP), null, 'WhatsApp without a notice template answers only those who wrote');
  assert.equal(channel({ ...WHATSAPP, WHATSAPP_TEMPLATE_ALERT: 'alerta' }), null, 'an alert template is not a notice');
  assert.equal(channel({ ...WHATSAPP, WHATSAPP_TEMPLATE_NOTICE: 'aviso' }), 'whatsapp');
  assert.equal(channel(SMS), 'sms');
  assert.equal(channel({ ...WHATSAPP, ...SMS }), 'sms', 'WhatsApp cannot, SMS can');
  assert.equal(channel({ ...WHATSAPP, WHATSAPP_TEMPLATE_NOTICE: 'aviso', ...SMS }), 'whatsapp', 'the table order');
});
