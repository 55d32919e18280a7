import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addDays, editLinkExpired, editLinkExpiry } from './edit-link-expiry.ts';

test('a stored expiry wins; a link without one expires its days after creation', () => {
  const created = '2026-05-10T12:00:00.000Z';
  assert.equal(
    editLinkExpiry({ created_at: created, expires_at: '2026-07-01T00:00:00.000Z' }, 30),
    '2026-07-01T00:00:00.000Z',
  );
  assert.equal(editLinkExpiry({ created_at: created, expires_at: null }, 30), '2026-06-09T12:00:00.000Z');
  assert.equal(addDays(created, 1), '2026-05-11T12:00:00.000Z');
});

test('expired from its expiry instant on, not a millisecond before', () => {
  const link = { created_at: '2026-05-10T12:00:00.000Z', expires_at: null };
  assert.equal(editLinkExpired(link, 30, new Date('2026-06-09T11:59:59.999Z')), false);
  assert.equal(editLinkExpired(link, 30, new Date('2026-06-09T12:00:00.000Z')), true);
});
