import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isDatabaseBusy } from './busy.ts';

test('a busy or locked SQLite database, and an unreachable or overloaded PostgreSQL, are busy', () => {
  assert.ok(isDatabaseBusy(Object.assign(new Error('database is locked'), { code: 'ERR_SQLITE_ERROR', errcode: 5 })));
  assert.ok(isDatabaseBusy(Object.assign(new Error('locked'), { code: 'ERR_SQLITE_ERROR', errcode: 6 })));
  assert.ok(isDatabaseBusy(Object.assign(new Error('busy snapshot'), { code: 'ERR_SQLITE_ERROR', errcode: 517 })));
  for (const code of ['57P03', '53300', '08006', '40001', '40P01', '55P03', 'ECONNREFUSED', 'ECONNRESET']) {
    assert.ok(isDatabaseBusy(Object.assign(new Error('x'), { code })), code);
  }
  assert.ok(isDatabaseBusy(new Error('timeout exceeded when trying to connect')));
  assert.ok(isDatabaseBusy(new Error('Connection terminated unexpectedly')));
});

test('constraint, syntax and validation failures are not busy', () => {
  assert.ok(!isDatabaseBusy(Object.assign(new Error('UNIQUE'), { code: 'ERR_SQLITE_ERROR', errcode: 19 })));
  assert.ok(!isDatabaseBusy(Object.assign(new Error('unique'), { code: '23505' })));
  assert.ok(!isDatabaseBusy(Object.assign(new Error('syntax'), { code: '42601' })));
  assert.ok(!isDatabaseBusy(new Error('validation_failed')));
  assert.ok(!isDatabaseBusy(null));
  assert.ok(!isDatabaseBusy('busy'));
});
