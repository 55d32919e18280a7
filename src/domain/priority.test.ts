import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type PriorityInput, priorityScore } from './priority.ts';

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
