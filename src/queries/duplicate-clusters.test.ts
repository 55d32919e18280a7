import assert from 'node:assert/strict';
import { test } from 'node:test';
import { duplicateClusters } from './duplicate-clusters.ts';

type Item = Parameters<typeof duplicateClusters>[0][number];

function item(id: string, names: string[]): Item {
  return {
    record: { id },
    duplicates: names.map((other) => ({
      record: { id: other } as Item['duplicates'][number]['record'],
      reasons: ['same_whatsapp'],
      distanceKm: null,
    })),
  };
}

const ids = (clusters: ReturnType<typeof duplicateClusters<Item>>) =>
  clusters.map((c) => c.items.map((i) => i.record.id));

test('cards that name one another through a third card of the page form one cluster, where its first card stood', () => {
  // a names c, d names c: a, c and d are one need even though a and d never name each other.
  const clusters = duplicateClusters([item('a', ['c']), item('b', []), item('c', []), item('d', ['c'])]);
  assert.deepEqual(ids(clusters), [['a', 'c', 'd'], ['b']]);
});

test('a card named only by a later card joins the earlier cluster without reordering the page', () => {
  const clusters = duplicateClusters([item('x', []), item('y', ['z']), item('z', ['x'])]);
  assert.deepEqual(ids(clusters), [['x', 'y', 'z']]);
});

test('records outside the page are listed once per cluster, for the record to join to; none are invented', () => {
  const clusters = duplicateClusters([item('a', ['pub', 'b']), item('b', ['pub', 'other']), item('c', [])]);
  assert.deepEqual(
    clusters.map((c) => c.outside.map((r) => r.id)),
    [['pub', 'other'], []],
  );
});

test('an empty page has no clusters, and a page without duplicates is clusters of one', () => {
  assert.deepEqual(duplicateClusters([]), []);
  assert.deepEqual(ids(duplicateClusters([item('a', []), item('b', [])])), [['a'], ['b']]);
});
