import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type PriorityInput, priorityScore, WAIT_STEP_HOURS } from './priority.ts';

const now = new Date('2026-05-10T12:00:00Z');
const base: PriorityInput = {
  type: 'request',
  status: 'active',
  urgency: 'needed',
  people: 1,
  quantityRequired: null,
  quantityCovered: 0,
  publishedAt: '2026-05-10T12:00:00Z',
  collectionCenterStatus: null,
};

test('urgent requests outrank needed and stable ones', () => {
  const urgent = priorityScore({ ...base, urgency: 'urgent' }, now);
  const needed = priorityScore(base, now);
  const stable = priorityScore({ ...base, urgency: 'stable' }, now);
  assert.ok(urgent > needed && needed > stable, `${urgent} > ${needed} > ${stable}`);
});

test('covering a request lowers its priority, completing it zeroes it', () => {
  const open = priorityScore({ ...base, quantityRequired: 100, quantityCovered: 0 }, now);
  const half = priorityScore({ ...base, quantityRequired: 100, quantityCovered: 50 }, now);
  const full = priorityScore({ ...base, quantityRequired: 100, quantityCovered: 100 }, now);
  assert.equal(open - half, 15);
  assert.equal(open - full, 30);
  assert.equal(priorityScore({ ...base, status: 'completed' }, now), 0);
});

test('more people and longer waits raise priority, within 0-100', () => {
  assert.ok(priorityScore({ ...base, people: 500 }, now) > priorityScore(base, now));
  const waited = priorityScore({ ...base, publishedAt: '2026-05-01T12:00:00Z' }, now);
  assert.equal(waited - priorityScore(base, now), 15);
  const max = priorityScore({ ...base, urgency: 'urgent', people: 10_000, publishedAt: '2020-01-01T00:00:00Z' }, now);
  assert.ok(max <= 100 && max >= 99, String(max));
});

test('waiting counts in steps, so a score moves once per step and not at every refresh', () => {
  const at = (hours: number) =>
    priorityScore(base, new Date(Date.parse(base.publishedAt as string) + hours * 3_600_000));
  assert.equal(at(0.5), at(0));
  assert.equal(at(WAIT_STEP_HOURS - 0.01), at(0));
  // 15 × 6/72 = 1.25 a step; scores are rounded to one decimal.
  assert.ok(Math.abs(at(WAIT_STEP_HOURS) - at(0) - 1.25) <= 0.1, String(at(WAIT_STEP_HOURS) - at(0)));
  assert.ok(Math.abs(at(72) - at(0) - 15) < 1e-9);
  assert.equal(at(500), at(72));
});
