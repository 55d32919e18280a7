import assert from 'node:assert/strict';
import { test } from 'node:test';
import { databaseLabel, withoutPassword } from './database-choice.ts';

test('a PostgreSQL address is shown without its password, wherever it is written', () => {
  assert.equal(
    withoutPassword('postgres://ayuda:secreto@db.internal:5432/ayuda'),
    'postgres://ayuda@db.internal:5432/ayuda',
  );
  assert.equal(
    withoutPassword('postgresql://ayuda@db.internal/ayuda?sslmode=require&password=secreto'),
    'postgresql://ayuda@db.internal/ayuda?sslmode=require',
  );
  assert.equal(withoutPassword('postgres://ayuda@db.internal/ayuda'), 'postgres://ayuda@db.internal/ayuda');
  assert.ok(!withoutPassword('postgres://ayuda:secreto@[::1/ayuda').includes('secreto'));
});

test('the database in words: the SQLite file, or PostgreSQL and its address', () => {
  assert.equal(databaseLabel({ kind: 'sqlite', file: '/srv/ayuda/data/ayuda.db' }), 'SQLite /srv/ayuda/data/ayuda.db');
  assert.equal(databaseLabel({ kind: 'sqlite', file: ':memory:' }), 'SQLite en memoria');
  assert.equal(
    databaseLabel({ kind: 'postgres', url: 'postgres://ayuda:secreto@db:5432/ayuda' }),
    'PostgreSQL postgres://ayuda@db:5432/ayuda',
  );
});
