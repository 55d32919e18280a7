// `ayuda backup` and `ayuda restore`: a restored backup keeps erased what was erased after it was taken, a file that
// is not a backup changes nothing, and a SQLite backup carries no byte of a value erased before it.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, beforeEach, test } from 'node:test';
import type { Io } from '../src/cli/io.ts';
import { main } from '../src/cli/main.ts';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { createEmergency } from '../src/commands/create-emergency.ts';
import { eraseRecord } from '../src/commands/personal-data/erase.ts';
import { erasureLog } from '../src/commands/personal-data/erasure-log.ts';
import type { ErasureEntry } from '../src/commands/personal-data/types.ts';
import { submitHelp } from '../src/commands/submit-help.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Context, createContext } from '../src/context.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import { migrateDownTo, migrateToLatest, migrationNames } from '../src/db/migrate.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { engine, freshDatabase, type TestDatabase } from './helpers/database.ts';
import { BASE_URL, requestBody } from './helpers/harness.ts';
import { nextDocument, nextMobile } from './helpers/samples.ts';

let testDb: TestDatabase;
let config: Config;
let database: Database | null = null;
let ctx: Context;
let dir: string;
const env = () => ({ ...process.env, DATABASE_URL: testDb.url, BASE_URL, LOG_LEVEL: 'silent' });

/** The service's side of the database: open while it "runs", closed for a restore. */
async function connect(): Promise<void> {
  database = await openDatabase(config.database, { listen: false });
  ctx = createContext(config, database);
}
async function disconnect(): Promise<void> {
  await database?.close();
  database = null;
}

before(async () => {
  testDb = await freshDatabase();
  dir = mkdtempSync(path.join(tmpdir(), 'ayuda-respaldos-'));
  config = loadConfig(env());
  await connect();
  await createEmergency(
    ctx,
    { slug: 'inundacion-mocoa', name: 'Inundación Mocoa', latitude: 1.1466, longitude: -76.6475 },
    'test',
  );
});
// A test that failed half-way may leave the database closed; the next one starts with the service up.
beforeEach(async () => {
  if (!database) await connect();
});
after(async () => {
  await disconnect();
  testDb.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return cliWith({}, ...args);
}

async function cliWith(
  extra: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (line) => out.push(line), err: (line) => err.push(line), env: { ...env(), ...extra } };
  const code = await main(args, io);
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

interface Planted {
  id: string;
  whatsapp: string;
  document: string;
  name: string;
}

/** A published request carrying a unique WhatsApp number, contact name and identity document. */
async function plant(): Promise<Planted> {
  const whatsapp = nextMobile();
  const document = nextDocument();
  const name = `Contacto ${randomUUID().slice(0, 8)}`;
  const submission = helpSubmission.parse(
    requestBody({ contactWhatsapp: whatsapp, contactName: name, title: 'Mercados para una familia' }),
  );
  const { result } = await submitHelp(ctx, submission, { identityDocument: document });
  await approveSubmission(ctx, result.id, 'test');
  return { id: result.id, whatsapp, document, name };
}

function row(id: string) {
  return ctx.db
    .selectFrom('help_records')
    .select(['contact_whatsapp', 'contact_name', 'identity_document', 'review_status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function assertErased(planted: Planted): Promise<void> {
  const found = await row(planted.id);
  assert.equal(found.contact_whatsapp, '');
  assert.equal(found.contact_name, '');
  assert.equal(found.identity_document, null);
  assert.equal(found.review_status, 'withdrawn');
}

async function assertPresent(planted: Planted): Promise<void> {
  const found = await row(planted.id);
  assert.equal(found.contact_whatsapp, planted.whatsapp);
  assert.equal(found.identity_document, planted.document);
}

async function logOf(id: string): Promise<ErasureEntry[]> {
  return (await erasureLog(ctx)).filter((entry) => entry.targetTable === 'help_records' && entry.targetId === id);
}

/** Entries in `later` that `earlier` does not hold: what a restore of the older state must apply again. */
function newer(later: ErasureEntry[], earlier: ErasureEntry[]): number {
  const seen = new Set(earlier.map((entry) => entry.id));
  return later.filter((entry) => !seen.has(entry.id)).length;
}

function backupMagic(file: string): string {
  return readFileSync(file)
    .subarray(0, engine === 'sqlite' ? 16 : 5)
    .toString('latin1');
}
const MAGIC = engine === 'sqlite' ? 'SQLite format 3\0' : 'PGDMP';

test('backup says what it wrote and refuses to overwrite a file without --force', async () => {
  const file = path.join(dir, 'existente.bak');
  writeFileSync(file, 'no tocar');
  const refused = await cli('backup', file);
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /backup_exists/);
  assert.match(refused.stderr, /--force/);
  assert.equal(readFileSync(file, 'utf8'), 'no tocar');

  const forced = await cli('backup', file, '--force', '--json');
  assert.equal(forced.code, 0, forced.stderr);
  const report = JSON.parse(forced.stdout);
  assert.equal(report.file, file);
  assert.equal(report.bytes, statSync(file).size);
  assert.ok(!Number.isNaN(Date.parse(report.createdAt)));
  assert.equal(backupMagic(file), MAGIC);
  assert.equal(statSync(file).mode & 0o077, 0, 'only its owner reads a backup');

  const text = await cli('backup', path.join(dir, 'texto.bak'));
  assert.equal(text.code, 0, text.stderr);
  assert.ok(text.stdout.includes(path.join(dir, 'texto.bak')));
  assert.match(text.stdout, new RegExp(`${statSync(path.join(dir, 'texto.bak')).size} bytes`));
  assert.match((await cli('restore', '--help')).stdout, /servicio debe estar detenido/);
});

test('without pg_dump, backup says what to install and the command to run by hand', {
  skip: engine !== 'postgres',
}, async () => {
  const file = path.join(dir, 'sin-pg-dump.bak');
  const res = await cliWith({ PATH: path.join(dir, 'vacia') }, 'backup', file);
  assert.equal(res.code, 1);
  assert.match(res.stderr, /pg_dump_missing/);
  assert.ok(res.stderr.includes(`pg_dump --format=custom --file "${file}" "$DATABASE_URL"`), res.stderr);
  assert.equal(existsSync(file), false);
});

test('a SQLite backup cannot be written over the database itself', { skip: engine !== 'sqlite' }, async () => {
  const planted = await plant();
  const refused = await cli('backup', testDb.url, '--force');
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /backup_is_database/);
  await assertPresent(planted);
});

test('a restored backup has the erasures made after it applied again, each logged once', async () => {
  const planted = await plant();
  const file = path.join(dir, 'antes-del-borrado.bak');
  const backedUp = await cli('backup', file, '--json');
  assert.equal(backedUp.code, 0, backedUp.stderr);
  const logAtBackup = await erasureLog(ctx);

  await eraseRecord(ctx, planted.id, 'cli', 'prueba');
  await assertErased(planted);
  const expected = newer(await erasureLog(ctx), logAtBackup);
  assert.ok(expected >= 1);

  await disconnect();
  const restored = await cli('restore', file, '--json');
  assert.equal(restored.code, 0, restored.stderr);
  const report = JSON.parse(restored.stdout);
  assert.equal(report.erasureLog, 'read');
  assert.equal(report.applied, expected);
  await connect();
  await assertErased(planted);
  assert.equal((await logOf(planted.id)).length, 1);

  // The same backup restored again over this database: the erasure is applied again, never logged twice.
  await disconnect();
  const again = await cli('restore', file);
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stdout, new RegExp(`Borrados aplicados de nuevo: ${expected} `));
  await connect();
  await assertErased(planted);
  assert.equal((await logOf(planted.id)).length, 1);
});

test('when the current database is lost, --erasures brings back the log written by privacy erasures --json', async () => {
  const planted = await plant();
  const file = path.join(dir, 'antes-de-perderla.bak');
  assert.equal((await cli('backup', file)).code, 0);
  await eraseRecord(ctx, planted.id, 'cli', 'prueba');
  const erasures = path.join(dir, 'borrados.json');
  writeFileSync(erasures, JSON.stringify(await erasureLog(ctx)));
  await disconnect();

  // The database is lost: a missing file, or an empty PostgreSQL database.
  if (engine === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${testDb.url}${suffix}`, { force: true });
  } else {
    await freshDatabase();
  }
  const blind = await cli('restore', file);
  assert.equal(blind.code, 0, blind.stderr);
  assert.match(blind.stderr, /--erasures/);
  await connect();
  await assertPresent(planted); // nothing told this restore about the erasure
  await disconnect();

  const restored = await cli('restore', file, '--erasures', erasures, '--json');
  assert.equal(restored.code, 0, restored.stderr);
  assert.ok(JSON.parse(restored.stdout).applied >= 1);
  await connect();
  await assertErased(planted);
  assert.equal((await logOf(planted.id)).length, 1);

  writeFileSync(erasures, JSON.stringify([{ id: 'x', scope: 'todo' }]));
  await disconnect();
  const invalid = await cli('restore', file, '--erasures', erasures);
  assert.equal(invalid.code, 1);
  assert.match(invalid.stderr, /erasures_file_invalid/);
  await connect();
  await assertErased(planted);
});

test('restoring a file that is not a backup fails clearly and leaves the database as it was', async () => {
  const planted = await plant();
  const count = async () =>
    Number(
      (
        await ctx.db
          .selectFrom('help_records')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const before = { records: await count(), log: (await erasureLog(ctx)).length };

  const text = path.join(dir, 'notas.txt');
  writeFileSync(text, 'esto no es un respaldo\n');
  const foreign = path.join(dir, 'otra-app.db');
  const other = new DatabaseSync(foreign);
  other.exec('create table notas (texto text)');
  other.close();

  await disconnect();
  for (const file of [text, foreign]) {
    const res = await cli('restore', file);
    assert.equal(res.code, 1, file);
    assert.match(res.stderr, /not_a_backup/);
    assert.match(res.stderr, /no es un respaldo de Ayuda Directa/);
  }
  const missing = await cli('restore', path.join(dir, 'no-existe.bak'));
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /backup_not_found/);
  await connect();
  assert.deepEqual({ records: await count(), log: (await erasureLog(ctx)).length }, before);
  await assertPresent(planted);
});

test('restore refuses while the service has the database open', async () => {
  const planted = await plant();
  const file = path.join(dir, 'con-servicio.bak');
  assert.equal((await cli('backup', file)).code, 0);
  await eraseRecord(ctx, planted.id, 'cli', 'prueba');
  const refused = await cli('restore', file);
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /database_in_use/);
  await assertErased(planted);
});

test('a SQLite backup holds no byte of a value erased before it was taken', { skip: engine !== 'sqlite' }, async () => {
  const planted = await plant();
  const values = [planted.document, planted.whatsapp.slice(1), planted.name];
  const before = path.join(dir, 'con-los-datos.bak');
  assert.equal((await cli('backup', before)).code, 0);
  const held = readFileSync(before);
  for (const value of values) assert.ok(held.includes(value), `the earlier backup holds ${value}`);

  await eraseRecord(ctx, planted.id, 'cli', 'prueba');
  const after = path.join(dir, 'sin-los-datos.bak');
  assert.equal((await cli('backup', after)).code, 0);
  const bytes = readFileSync(after);
  for (const value of values) assert.equal(bytes.includes(value), false, `the backup holds ${value}`);
  assert.equal(existsSync(`${after}-wal`), false);
});

test('a SQLite backup leaves out freed pages, even ones a connection never zeroed', {
  skip: engine !== 'sqlite',
}, async () => {
  const planted = await plant();
  const marker = `LIBERADA-${randomUUID()}`;
  // Another connection, without secure_delete: the long text's overflow pages are freed but keep their bytes.
  const raw = new DatabaseSync(testDb.url, { timeout: 10_000 });
  try {
    raw.exec('pragma secure_delete = off');
    raw.prepare('update help_records set description = ? where id = ?').run(marker.repeat(400), planted.id);
    raw.prepare("update help_records set description = '' where id = ?").run(planted.id);
    raw.exec('pragma wal_checkpoint(truncate)');
  } finally {
    raw.close();
  }
  assert.ok(readFileSync(testDb.url).includes(marker), 'the database file still holds the freed bytes');
  const file = path.join(dir, 'compacta.bak');
  assert.equal((await cli('backup', file)).code, 0);
  assert.equal(readFileSync(file).includes(marker), false);
});

test('a backup older than the erasure log is migrated, and the erasures are applied to it', async () => {
  const planted = await plant();
  // The database as it was before the personal-data migration, as an old backup holds it (so before pledges too):
  // every later migration's schema undone by its own `down`.
  const later = migrationNames(ctx.dialect).slice(migrationNames(ctx.dialect).indexOf('008-emergency-contacts') + 1);
  assert.deepEqual(await migrateDownTo(ctx.db as never, ctx.dialect, '008-emergency-contacts'), [...later].reverse());
  const file = path.join(dir, 'version-anterior.bak');
  assert.equal((await cli('backup', file)).code, 0);

  assert.deepEqual(await migrateToLatest(ctx.db as never, ctx.dialect), later);
  await eraseRecord(ctx, planted.id, 'cli', 'prueba');
  const expected = (await erasureLog(ctx)).length;
  await disconnect();

  const restored = await cli('restore', file, '--json');
  assert.equal(restored.code, 0, restored.stderr);
  const report = JSON.parse(restored.stdout);
  assert.deepEqual(report.migrations, later);
  assert.equal(report.applied, expected);
  if (engine === 'postgres') assert.ok(report.dropped.includes('erasures'));
  await connect();
  await assertErased(planted);
  assert.equal((await logOf(planted.id)).length, 1);
});
