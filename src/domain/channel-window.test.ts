import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sendMode, WHATSAPP_WINDOW_MS, windowClosesAt } from './channel-window.ts';

test("WhatsApp's 24-hour window: text inside it, the template or nothing outside; SMS always text", () => {
  const last = '2026-05-10T12:00:00.000Z';
  const inside = new Date(Date.parse(last) + WHATSAPP_WINDOW_MS - 1);
  const outside = new Date(Date.parse(last) + WHATSAPP_WINDOW_MS);
  assert.equal(sendMode('whatsapp', last, null, inside), 'text');
  assert.equal(sendMode('whatsapp', last, 'aviso', outside), 'template');
  assert.equal(sendMode('whatsapp', last, null, outside), 'closed');
  assert.equal(sendMode('whatsapp', null, null, inside), 'closed', 'a person who never wrote');
  assert.equal(sendMode('sms', null, null, outside), 'text');
  assert.equal(windowClosesAt(last), '2026-05-11T12:00:00.000Z');
  assert.equal(windowClosesAt(null), null);
});
