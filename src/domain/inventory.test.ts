// Staleness rules of declared inventory: hours since the update and the 24-hour line.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hoursSinceUpdate, isStale, STALE_AFTER_HOURS } from './inventory.ts';

const updated = '2026-05-10T12:00:00.000Z';
const after = (ms: number) => new Date(Date.parse(updated) + ms);
const HOUR = 3_600_000;

test('hours since the update, rounded to one decimal', () => {
  assert.equal(hoursSinceUpdate(updated, after(0)), 0);
  assert.equal(hoursSinceUpdate(updated, after(1.5 * HOUR)), 1.5);
  assert.equal(hoursSinceUpdate(updated, after(2 * HOUR + 4 * 60_000)), 2.1);
  assert.equal(hoursSinceUpdate(updated, after(2 * HOUR + 2 * 60_000)), 2);
  assert.equal(hoursSinceUpdate(new Date(updated), after(30 * HOUR)), 30);
});

test('never negative when the reader clock is behind the writer', () => {
  assert.equal(hoursSinceUpdate(updated, after(-5 * HOUR)), 0);
  assert.equal(isStale(updated, after(-48 * HOUR)), false);
});

test('stale only strictly after 24 hours', () => {
  assert.equal(STALE_AFTER_HOURS, 24);
  assert.equal(isStale(updated, after(23.9 * HOUR)), false);
  assert.equal(isStale(updated, after(24 * HOUR)), false);
  assert.equal(isStale(updated, after(24 * HOUR + 1)), true);
  assert.equal(hoursSinceUpdate(updated, after(24 * HOUR + 1)), 24, 'rounding does not decide staleness');
  assert.equal(isStale(updated, after(25 * HOUR)), true);
});
