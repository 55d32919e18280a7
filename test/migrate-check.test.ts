// `ayuda migrate --check`: every migration says whether it allows a rolling upgrade, and the check names what is
// pending on a database, exits 1 when one of those needs every instance stopped, and migrates nothing.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import { migrateDownTo, migrateToLatest, migrationNames, pendingMigrations } from '../src/db/migrate.ts';
import { rollingUpgrade, stoppingMigrations } from '../src/db/migration-rolling.ts';
import { runCli } from './helpers/cli.ts';
import { freshDatabase, type TestDatabase } from './helpers/database.ts';
import { BASE_URL } from './helpers/harness.ts';

let testDb: TestDatabase;
let database: Database;
let names: string[];

before(async () => {
  testDb = await freshDatabase();
  database = await openDatabase(loadConfig({ DATABASE_URL: testDb.url, BASE_URL }).database, { listen: false });
  names = migrationNames(database.dialect);
});
after(async () => {
  await database.close();
  testDb.cleanup();
});

const db = () => database.db as never;
const check = (...args: string[]) => runCli(['migrate', '--check', ...args], { DATABASE_URL: testDb.url, BASE_URL });

/** The database as a previous version left it: every migration after `name` undone. */
async function schemaAsOf(name: string): Promise<string[]> {
  await migrateToLatest(db(), database.dialect);
  await migrateDownTo(db(), database.dialect, name);
  return names.slice(names.indexOf(name) + 1);
}

test('every migration, and nothing else, says whether it allows a rolling upgrade', () => {
  assert.deepEqual(Object.keys(rollingUpgrade), names);
  for (const value of Object.values(rollingUpgrade)) assert.equal(typeof value, 'boolean');
  // Dropping the column the previous version reads and writes on every submission cannot be rolled.
  assert.equal(rollingUpgrade['028-receipt-code-hashes'], false);
});

test('an up-to-date database: nothing pending, exit 0', async () => {
  await migrateToLatest(db(), database.dialect);
  const human = await check();
  assert.equal(human.code, 0, human.stderr);
  assert.match(human.stdout, /no hay migraciones pendientes/);
  const json = await check('--json');
  assert.equal(json.code, 0, json.stderr);
  assert.deepEqual(JSON.parse(json.stdout), { database: database.dialect, pending: [], rolling: true });
});

test('with 028-receipt-code-hashes pending: named as needing every instance stopped, exit 1, nothing migrated', async () => {
  const pending = await schemaAsOf('027-channel-submissions');
  assert.ok(pending.includes('028-receipt-code-hashes'));

  const human = await check();
  assert.equal(human.code, 1, human.stderr);
  assert.match(human.stdout, /028-receipt-code-hashes\s+requiere detener todas las instancias/);
  for (const name of pending) assert.ok(human.stdout.includes(name), name);
  assert.match(human.stdout, /Detenga todas las instancias/);

  const json = await check('--json');
  assert.equal(json.code, 1, json.stderr);
  const report = JSON.parse(json.stdout);
  assert.equal(report.rolling, false);
  assert.deepEqual(
    report.pending,
    pending.map((name) => ({ name, rolling: rollingUpgrade[name as keyof typeof rollingUpgrade] })),
  );
  // A check migrates nothing.
  assert.deepEqual(await pendingMigrations(db(), database.dialect), pending);
});

test('with only migrations that allow a rolling upgrade pending: exit 0', async (t) => {
  // The newest migration that needs a full stop: a database just past it has only rolling ones left.
  const stopping = stoppingMigrations(names as (keyof typeof rollingUpgrade)[]);
  const last = stopping.at(-1);
  if (last === undefined || last === names.at(-1)) {
    t.skip('the newest migration itself needs a full stop');
    return;
  }
  const pending = await schemaAsOf(last);
  const json = await check('--json');
  assert.equal(json.code, 0, json.stderr);
  const report = JSON.parse(json.stdout);
  assert.equal(report.rolling, true);
  assert.deepEqual(
    report.pending.map((m: { name: string }) => m.name),
    pending,
  );
  const human = await check();
  assert.equal(human.code, 0, human.stderr);
  assert.match(human.stdout, /Todas admiten una actualización escalonada/);
  await migrateToLatest(db(), database.dialect);
});
