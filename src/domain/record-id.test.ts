import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { isRecordId, newRowId } from './record-id.ts';

test('a new row id is a UUID version 7 with the RFC 9562 variant, valid wherever ids are checked', () => {
  for (let i = 0; i < 600; i++) {
    const id = newRowId();
    assert.ok(isRecordId(id), id);
    assert.ok(z.uuid().safeParse(id).success, id);
    assert.equal(id[14], '7', `version of ${id}`);
    assert.match(id[19] as string, /[89ab]/, `variant of ${id}`);
  }
});

test('ids carry their millisecond first: one made later sorts after, so new rows go to the end of the index', () => {
  const at = Date.parse('2026-11-23T12:00:00.000Z');
  const first = newRowId(at);
  const second = newRowId(at + 1);
  assert.ok(first < second, `${first} < ${second}`);
  assert.equal(first.slice(0, 13).replace('-', ''), at.toString(16).padStart(12, '0'));
});

test('ids made in the same millisecond differ (the random part comes from fresh bytes, across pool refills)', () => {
  const at = Date.now();
  const ids = new Set(Array.from({ length: 2000 }, () => newRowId(at)));
  assert.equal(ids.size, 2000);
});
