// The CLI says which database it uses, and does not create an empty one beside the demo's when DATABASE_URL is unset.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { runCli } from './helpers/cli.ts';
import { engine, testDatabaseUrl } from './helpers/database.ts';
import { freshToken } from './helpers/samples.ts';

/** DATABASE_URL and DEMO_DATABASE_URL empty: as unset, whatever the shell running the tests has. */
const UNSET = { DATABASE_URL: '', DEMO_DATABASE_URL: '' };

let dir: string;
before(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ayuda-cli-database-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** A working directory of its own, holding a migrated demo database at data/demo.db. */
async function besideDemo(name: string): Promise<string> {
  const cwd = path.join(dir, name);
  mkdirSync(cwd);
  const made = await runCli(['migrate'], { ...UNSET, DATABASE_URL: 'data/demo.db' }, { cwd });
  assert.equal(made.code, 0, made.stderr);
  assert.ok(existsSync(path.join(cwd, 'data', 'demo.db')));
  return cwd;
}

test('beside a demo database and without DATABASE_URL, webhook list refuses, names the file and creates nothing', async () => {
  const cwd = await besideDemo('refused');
  const before = readdirSync(path.join(cwd, 'data')).sort();
  const res = await runCli(['webhook', 'list'], UNSET, { cwd });
  assert.equal(res.code, 3, res.stderr);
  assert.equal(res.stdout, '');
  const wouldUse = path.join(cwd, 'data', 'ayuda.db');
  assert.ok(res.stderr.includes(`Base de datos: SQLite ${wouldUse}\n`), res.stderr);
  assert.match(res.stderr, /Error \(database_not_chosen\)/);
  assert.ok(res.stderr.includes(`no existe ${wouldUse}`), res.stderr);
  assert.ok(res.stderr.includes(`DATABASE_URL=${path.join(cwd, 'data', 'demo.db')}`), res.stderr);
  assert.match(res.stderr, /ayuda migrate/);
  assert.doesNotMatch(res.stderr, /No hay webhooks/);
  assert.equal(existsSync(wouldUse), false);
  assert.deepEqual(readdirSync(path.join(cwd, 'data')).sort(), before);
});

test('with DATABASE_URL naming the demo, the same command names that file and answers', async () => {
  const cwd = await besideDemo('chosen');
  const res = await runCli(['webhook', 'list'], { ...UNSET, DATABASE_URL: 'data/demo.db' }, { cwd });
  assert.equal(res.code, 0, res.stderr);
  assert.equal(res.stderr, `Base de datos: SQLite ${path.join(cwd, 'data', 'demo.db')}\n`);
  assert.match(res.stdout, /No hay webhooks/);
  assert.equal(existsSync(path.join(cwd, 'data', 'ayuda.db')), false);
});

test('migrate creates the default database on purpose, beside the demo too; then the commands use it', async () => {
  const cwd = await besideDemo('migrated');
  const file = path.join(cwd, 'data', 'ayuda.db');
  const migrated = await runCli(['migrate', '--json'], UNSET, { cwd });
  assert.equal(migrated.code, 0, migrated.stderr);
  assert.equal(migrated.stderr, `Base de datos: SQLite ${file}\n`);
  assert.ok(JSON.parse(migrated.stdout).applied.length > 0);
  assert.ok(existsSync(file));
  const listed = await runCli(['webhook', 'list', '--json'], UNSET, { cwd });
  assert.equal(listed.code, 0, listed.stderr);
  assert.equal(listed.stderr, `Base de datos: SQLite ${file}\n`);
  assert.deepEqual(JSON.parse(listed.stdout), []);
});

test('without a demo beside it, a command without DATABASE_URL names the default file and goes on', async () => {
  const cwd = path.join(dir, 'no-demo');
  mkdirSync(cwd);
  const res = await runCli(['webhook', 'list'], UNSET, { cwd });
  assert.equal(res.code, 0, res.stderr);
  assert.equal(res.stderr, `Base de datos: SQLite ${path.join(cwd, 'data', 'ayuda.db')}\n`);
});

test('a PostgreSQL DATABASE_URL is named without its password', {
  skip: engine !== 'postgres' && 'needs TEST_DATABASE_URL',
}, async () => {
  const password = freshToken();
  const url = new URL(testDatabaseUrl);
  url.password = password;
  const res = await runCli(['webhook', 'list'], { ...UNSET, DATABASE_URL: url.toString() }, { cwd: dir });
  assert.equal(res.code, 0, res.stderr);
  url.password = '';
  assert.equal(res.stderr, `Base de datos: PostgreSQL ${url.toString()}\n`);
  assert.ok(!res.stderr.includes(password) && !res.stdout.includes(password));
});
