import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scanJson } from './json-scan.ts';

test('depth is counted across objects and arrays', () => {
  assert.equal(scanJson(`${'['.repeat(32)}${']'.repeat(32)}`, 32).problem, null);
  assert.equal(scanJson(`${'['.repeat(33)}${']'.repeat(33)}`, 32).problem, 'json_too_deep');
  assert.equal(scanJson(`${'{"a":'.repeat(33)}1${'}'.repeat(33)}`, 32).problem, 'json_too_deep');
});

test('brackets inside strings do not count', () => {
  assert.equal(scanJson(JSON.stringify({ a: '[[[[{{{{'.repeat(20) }), 4).problem, null);
});

test('a repeated key in one object is found, also when escaped differently', () => {
  assert.deepEqual(scanJson('{"a":1,"b":{"a":2},"a":3}', 32), { problem: 'duplicate_json_key', key: 'a' });
  assert.deepEqual(scanJson('{"title":1,"\\u0074itle":2}', 32), { problem: 'duplicate_json_key', key: 'title' });
  assert.equal(scanJson('[{"a":1},{"a":2}]', 32).problem, null);
  assert.equal(scanJson('{"a":"a","b":["a","a"]}', 32).problem, null);
});
