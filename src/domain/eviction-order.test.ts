import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EvictionOrder } from './eviction-order.ts';

/** A cache of keys as an owner keeps it: each entry with the stamp of its latest placement. */
function owner() {
  const stamps = new Map<string, number>();
  const order = new EvictionOrder<string>((key) => stamps.get(key));
  return {
    order,
    stamps,
    place: (key: string) => stamps.set(key, order.place(key, stamps.size)),
    evict: () => {
      const key = order.oldest();
      if (key !== undefined) stamps.delete(key);
      return key;
    },
  };
}

test('the oldest placement goes first; a key placed again or removed by its owner is skipped where it was', () => {
  const cache = owner();
  for (const key of ['a', 'b', 'c', 'd']) cache.place(key);
  cache.place('a'); // used again: now the newest
  cache.stamps.delete('c'); // removed by the owner
  assert.deepEqual([cache.evict(), cache.evict(), cache.evict(), cache.evict()], ['b', 'd', 'a', undefined]);
});

test('the same order as a Map kept in insertion order, over many random operations', () => {
  const cache = owner();
  const model = new Map<string, true>();
  let seed = 42;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  for (let step = 0; step < 50_000; step++) {
    const key = `k${random(3000)}`;
    const action = random(10);
    if (action < 6) {
      cache.place(key);
      model.delete(key);
      model.set(key, true);
    } else if (action < 8) {
      cache.stamps.delete(key);
      model.delete(key);
    } else {
      const expected = model.keys().next().value;
      if (expected !== undefined) model.delete(expected);
      assert.equal(cache.evict(), expected, `step ${step}`);
    }
  }
  assert.deepEqual([...cache.stamps.keys()].sort(), [...model.keys()].sort());
});

test('placing the same keys again and again, with nothing evicted, keeps the placements bounded', () => {
  const cache = owner();
  for (let round = 0; round < 200; round++) for (let n = 0; n < 100; n++) cache.place(`k${n}`);
  assert.ok(cache.order.held <= 2 * 100 + 1024 + 1, `${cache.order.held} placements held for 100 keys`);
  assert.equal(cache.evict(), 'k0');
});
