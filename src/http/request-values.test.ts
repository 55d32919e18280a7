import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formBody, queryRecord, queryText } from './request-values.ts';

test('a query value counts only when given once, as text', () => {
  assert.equal(queryText({ query: { lang: 'en' } }, 'lang'), 'en');
  assert.equal(queryText({ query: { lang: ['en', 'en'] } }, 'lang'), undefined);
  assert.equal(queryText({ query: {} }, 'lang'), undefined);
  assert.equal(queryText({ query: undefined }, 'lang'), undefined);
  assert.equal(queryText({ query: {} }, 'constructor'), undefined);
});

test('the query record keeps repeated names as lists and leaves out anything that is not text', () => {
  const record = queryRecord({ query: { tipo: ['a', 'b'], q: 'agua', n: 3, mixed: ['a', 1] } });
  assert.deepEqual({ ...record }, { tipo: ['a', 'b'], q: 'agua' });
  assert.deepEqual({ ...queryRecord({ query: null }) }, {});
});

test('a body that is not a form reads as an empty form', () => {
  assert.deepEqual({ ...formBody({ body: { name: 'x', list: ['a'], count: 2 } }) }, { name: 'x', list: ['a'] });
  assert.deepEqual({ ...formBody({ body: undefined }) }, {});
  assert.deepEqual({ ...formBody({ body: 'text' }) }, {});
});
