import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PresentedItems, type PresentedJson } from './presented-items.ts';

const item = (text: string): PresentedJson => ({ head: `{"t":"${text}","distanceKm":`, tail: '}' });

test('a presented record is used only at the change number and emergency status it was presented at', () => {
  const items = new PresentedItems();
  const first = item('primera');
  items.set('a', 7, 'active', first);
  assert.equal(items.get('a', 7, 'active'), first);
  assert.equal(items.get('a', 8, 'active'), undefined, 'the record was written since');
  assert.equal(items.get('a', 7, 'closed'), undefined, 'its emergency was closed since');
  assert.equal(items.get('b', 7, 'active'), undefined);
});

test('a newer version replaces the older one: one entry per record, its characters counted once', () => {
  const items = new PresentedItems(100);
  for (let seq = 1; seq <= 50; seq++) items.set('a', seq, 'active', item(`v${seq}`));
  assert.equal(items.size, 1);
  assert.equal(items.get('a', 50, 'active')?.head, item('v50').head);
  // Had the 49 older versions still been counted, the budget would already push out a second record.
  items.set('b', 1, 'active', item('otra'));
  assert.equal(items.size, 2);
  assert.ok(items.get('a', 50, 'active'));
});

test('past its budget of characters the records presented longest ago go first', () => {
  const size = item('x000').head.length + item('x000').tail.length;
  const items = new PresentedItems(size * 3);
  for (let n = 0; n < 5; n++) items.set(`r${n}`, 1, 'active', item(`x00${n}`));
  assert.equal(items.size, 3);
  assert.equal(items.get('r0', 1, 'active'), undefined);
  assert.equal(items.get('r1', 1, 'active'), undefined);
  assert.ok(items.get('r4', 1, 'active'));
});
