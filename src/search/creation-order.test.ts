import assert from 'node:assert/strict';
import { test } from 'node:test';
import { byCreation } from './creation-order.ts';

test('oldest first, equal times in the order given, over spans that take one, two and three passes', () => {
  for (const span of [1_000, 3_600_000, 400 * 86_400_000]) {
    const count = 5_000;
    const createdMs = new Float64Array(count);
    for (let slot = 0; slot < count; slot++) createdMs[slot] = 1.7e12 + ((slot * 7919) % 1_000) * (span / 1_000);
    const slots = new Int32Array(count).map((_, i) => i);
    const expected = [...slots].sort((a, b) => (createdMs[a] as number) - (createdMs[b] as number) || a - b);
    assert.deepEqual([...byCreation(slots, createdMs)], expected, `span ${span}`);
  }
});

test('no slots, one slot, all at one time', () => {
  const createdMs = new Float64Array([5, 5, 5]);
  assert.deepEqual([...byCreation(new Int32Array(0), createdMs)], []);
  assert.deepEqual([...byCreation(new Int32Array([1]), createdMs)], [1]);
  assert.deepEqual([...byCreation(new Int32Array([2, 0, 1]), createdMs)], [2, 0, 1]);
});
