import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ChangeFeed } from '../db/change-feed.ts';
import { ResponseCache } from './response-cache.ts';

const unchanging: ChangeFeed = {
  version: () => 'v1',
  announce: async () => {},
  written: () => {},
  close: async () => {},
};

/** A body of about 1 MB (the shared budget holds 32 MB): which keys are still cached after storing more. */
async function fill(cache: ResponseCache, keys: string[], touch?: (i: number) => void) {
  const body = 'x'.repeat(1024 * 1024);
  for (let i = 0; i < keys.length; i++) {
    await cache.get(keys[i] as string, async () => ({ body }));
    touch?.(i);
  }
}

test('past its budget the responses used longest ago go first; one read again stays', async () => {
  const cache = new ResponseCache(unchanging);
  const keys = Array.from({ length: 40 }, (_, i) => `/api/public/v1/help?view=detail&id=${i}`);
  // Key 0 is read again after every 8 new responses, so it is never the least recently used.
  await fill(cache, keys, (i) => {
    if (i % 8 === 7) assert.ok(cache.peek(keys[0] as string), `key 0 still cached after ${i + 1}`);
  });
  assert.ok(cache.peek(keys[0] as string), 'read again: kept');
  assert.equal(cache.peek(keys[1] as string), undefined, 'stored early and never read again: gone');
  assert.ok(cache.peek(keys[39] as string), 'the newest is kept');
  const kept = keys.filter((key) => cache.peek(key) !== undefined).length;
  assert.ok(kept >= 28 && kept <= 32, `${kept} responses of about 1 MB kept in 32 MB`);
});

test('a response computed again after a change replaces the old one and is counted once', async () => {
  let version = 0;
  const cache = new ResponseCache({ ...unchanging, version: () => String(version) });
  const body = 'y'.repeat(1024 * 1024);
  let computed = 0;
  for (let i = 0; i < 100; i++) {
    version++;
    await cache.get('/same', async () => ({ body, i: computed++ }), true);
  }
  assert.equal(computed, 100);
  // Had the replaced copies been counted, 100 MB would be held against a budget of 32 and push out the others.
  await fill(
    cache,
    Array.from({ length: 20 }, (_, i) => `/other/${i}`),
  );
  assert.ok(cache.peek('/other/0'));
  assert.ok(cache.peekUrl('/same'));
});
