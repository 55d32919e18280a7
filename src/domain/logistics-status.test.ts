import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  canMove,
  isFinalLogisticsStatus,
  isLogisticsStatus,
  logisticsMoveLabels,
  logisticsStatusLabels,
  nextLogisticsStatuses,
} from './logistics-status.ts';
import { type LogisticsStatus, logisticsStatuses } from './statuses.ts';

const legal: [LogisticsStatus, LogisticsStatus][] = [
  ['available', 'assigned'],
  ['available', 'cancelled'],
  ['assigned', 'in_transit'],
  ['assigned', 'available'],
  ['assigned', 'cancelled'],
  ['in_transit', 'delivered'],
  ['in_transit', 'cancelled'],
];

test('exactly the moves of the route lifecycle are allowed', () => {
  for (const from of logisticsStatuses) {
    for (const to of logisticsStatuses) {
      const expected = legal.some(([f, t]) => f === from && t === to);
      assert.equal(canMove(from, to), expected, `${from} -> ${to}`);
    }
  }
});

test('next statuses agree with canMove and never include the status itself', () => {
  for (const from of logisticsStatuses) {
    const next = nextLogisticsStatuses(from);
    assert.ok(!next.includes(from), from);
    assert.deepEqual([...next].sort(), logisticsStatuses.filter((to) => canMove(from, to)).sort(), from);
  }
});

test('delivered and cancelled are final; the others are not', () => {
  assert.deepEqual(
    logisticsStatuses.filter((s) => isFinalLogisticsStatus(s)),
    ['delivered', 'cancelled'],
  );
  assert.deepEqual(nextLogisticsStatuses('delivered'), []);
  assert.deepEqual(nextLogisticsStatuses('cancelled'), []);
});

test('every status has a distinct Spanish label and a button label', () => {
  const labels = logisticsStatuses.map((s) => logisticsStatusLabels[s]);
  assert.equal(new Set(labels).size, logisticsStatuses.length);
  for (const s of logisticsStatuses) {
    assert.ok(logisticsStatusLabels[s].trim().length > 0, s);
    assert.ok(logisticsMoveLabels[s].trim().length > 0, s);
  }
});

test('isLogisticsStatus accepts only the known values', () => {
  for (const s of logisticsStatuses) assert.ok(isLogisticsStatus(s));
  for (const v of ['', 'Available', 'archivada', null, 3, undefined]) assert.ok(!isLogisticsStatus(v), String(v));
});
