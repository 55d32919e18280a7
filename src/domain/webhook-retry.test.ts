import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RETRY_WINDOW_MS, retryDelayMs, retryWindowClosed } from './webhook-retry.ts';

test('waits grow from one failure to the next, whatever the spread, and stop growing at the last step', () => {
  const low = () => 0;
  const high = () => 0.999999;
  assert.equal(
    retryDelayMs(1, () => 0.5),
    30_000,
  );
  assert.equal(
    retryDelayMs(2, () => 0.5),
    120_000,
  );
  for (let failures = 1; failures < 7; failures++) {
    assert.ok(retryDelayMs(failures, high) < retryDelayMs(failures + 1, low), `after ${failures}`);
  }
  assert.equal(
    retryDelayMs(30, () => 0.5),
    retryDelayMs(7, () => 0.5),
  );
  assert.ok(retryDelayMs(1, low) >= 24_000 && retryDelayMs(1, high) <= 36_000);
});

test('the window closes a day after it began', () => {
  const start = '2026-05-10T12:00:00.000Z';
  assert.equal(retryWindowClosed(start, new Date(Date.parse(start) + RETRY_WINDOW_MS - 1)), false);
  assert.equal(retryWindowClosed(start, new Date(Date.parse(start) + RETRY_WINDOW_MS)), true);
});
