import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sendMode, windowClosesAt } from './channel-window.ts';

const DAY_MS = 24 * 3_600_000;

test('a 24-hour window: text inside it, the template or nothing outside; no window always text', () => {
  const last = '2026-05-10T12:00:00.000Z';
  const inside = new Date(Date.parse(last) + DAY_MS - 1);
  const outside = new Date(Date.parse(last) + DAY_MS);
  assert.equal(sendMode(DAY_MS, last, null, inside), 'text');
  assert.equal(sendMode(DAY_MS, last, 'aviso', outside), 'template');
  assert.equal(sendMode(DAY_MS, last, null, outside), 'closed');
  assert.equal(sendMode(DAY_MS, null, null, inside), 'closed', 'a person who never wrote');
  assert.equal(sendMode(null, null, null, outside), 'text');
  assert.equal(windowClosesAt(DAY_MS, last), '2026-05-11T12:00:00.000Z');
  assert.equal(windowClosesAt(DAY_MS, null), null);
  assert.equal(windowClosesAt(null, last), null);
});
