// Scheduled backups with the test clock: taken when due while submissions keep arriving, kept private (0600) and
// only BACKUP_KEEP of them, each with the erasure log beside it rewritten after every erasure; the latest restored
// into a fresh database (erasures made after it applied again) shows the same public records as the service. An
// encrypted one reads as noise and restores only with its key.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { backupPass, keptBackups } from '../src/commands/backups/scheduled-backups.ts';
import { eraseRecord } from '../src/commands/personal-data/erase.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { runCli } from './helpers/cli.ts';
import { engine, testDatabaseUrl } from './helpers/database.ts';
import { addEmergency, type Harness, HELP, publish, requestBody, setup } from './helpers/harness.ts';

const KEY = 'a'.repeat(64);

interface OtherDatabase {
  url: string;
  cleanup(): Promise<void>;
}

/** An empty database beside the service's (PostgreSQL: another database on the same server) to restore into. */
async function otherDatabase(name: string): Promise<OtherDatabase> {
  if (engine === 'postgres') {
    const url = new URL(testDatabaseUrl);
    const database = `${url.pathname.slice(1)}_${name}_${process.pid}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${database}"`);
    await admin.query(`create database "${database}"`);
    await admin.end();
    url.pathname = `/${database}`;
    return {
      url: url.toString(),
      async cleanup() {
        const client = new pg.Client({ connectionString: testDatabaseUrl });
        await client.connect();
        await client.query(`drop database if exists "${database}" with (force)`);
        await client.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), `ayuda-${name}-`));
  return { url: path.join(dir, 'ayuda.db'), cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** The public records, as any client reads them. */
async function publicRecords(h: Harness): Promise<unknown> {
  const res = await h.json({ method: 'GET', url: `${HELP}?view=list&limit=100` });
  assert.equal(res.status, 200);
  return res.body.items ?? res.body;
}

describe('scheduled backups and the restore drill', () => {
  let h: Harness;
  let dir: string;
  let restored: OtherDatabase;
  const env = () => ({ ...process.env, DATABASE_URL: h.dbUrl, LOG_LEVEL: 'silent' });

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ayuda-respaldos-'));
    h = await setup({ BACKUP_DIR: dir, BACKUP_EVERY_HOURS: '6', BACKUP_KEEP: '3' });
    await addEmergency(h);
    restored = await otherDatabase('restaurada');
  });
  after(async () => {
    await h.close();
    await restored.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  test('backups come when due, under write load, private, BACKUP_KEEP of them, each with its erasure log', async () => {
    const config = h.config.backups;
    assert.ok(config);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await publish(h, requestBody({ title: `Agua para la vereda ${i}` })));
    const state = { erasures: null as number | null };
    // The first pass takes one at once, while submissions keep arriving.
    const [first] = await Promise.all([
      backupPass(h.ctx, config, env(), state),
      (async () => {
        for (let i = 0; i < 15; i++) await publish(h, requestBody({ title: `Durante el respaldo ${i}` }));
      })(),
    ]);
    assert.ok(first, 'none yet: one is due');
    h.clock.advanceHours(2);
    assert.equal(await backupPass(h.ctx, config, env(), state), null, 'two hours later none is due');
    // An erasure is written beside every kept backup at the next pass.
    await eraseRecord(h.ctx, ids[0] ?? '', 'cli', 'pedido de la persona');
    await backupPass(h.ctx, config, env(), state);
    const log = JSON.parse(readFileSync(`${first.file}.erasures.json`, 'utf8')) as { targetId: string }[];
    assert.ok(log.some((entry) => entry.targetId === ids[0]));
    for (let i = 0; i < 3; i++) {
      h.clock.advanceHours(6.5);
      assert.ok(await backupPass(h.ctx, config, env(), state), `backup ${i + 2} is due`);
    }
    const kept = keptBackups(dir);
    assert.equal(kept.length, 3, 'only BACKUP_KEEP stay');
    assert.ok(!kept.includes(first.file), 'the oldest went');
    assert.equal(readdirSync(dir).filter((name) => name.endsWith('.erasures.json')).length, 3);
    for (const name of readdirSync(dir)) assert.equal(statSync(path.join(dir, name)).mode & 0o777, 0o600, name);
  });

  test('the latest restored into a fresh database, later erasures applied again, shows the same public records', async () => {
    const config = h.config.backups;
    assert.ok(config);
    const [latest] = keptBackups(dir);
    assert.ok(latest);
    // Erased after the latest backup: the restore must erase it again.
    const records = (await publicRecords(h)) as { id: string }[];
    const erasedLater = records[0]?.id ?? '';
    await eraseRecord(h.ctx, erasedLater, 'cli', 'pedido de la persona');
    await backupPass(h.ctx, config, env(), { erasures: null });
    const restore = await runCli(['restore', latest, '--erasures', `${latest}.erasures.json`, '--json'], {
      DATABASE_URL: restored.url,
    });
    assert.equal(restore.code, 0, restore.stderr);
    assert.ok(JSON.parse(restore.stdout).applied >= 1, 'the later erasure applied again');
    const copy = await setup({}, { dbUrl: restored.url } as Harness);
    try {
      assert.deepEqual(await publicRecords(copy), await publicRecords(h));
      const count = async (one: Harness) =>
        Number(
          (
            await one.ctx.db
              .selectFrom('help_records')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      assert.equal(await count(copy), await count(h), 'every record, published or not');
      const row = await copy.ctx.db
        .selectFrom('help_records')
        .selectAll()
        .where('id', '=', erasedLater)
        .executeTakeFirst();
      assert.equal(row?.contact_whatsapp ?? '', '', 'the number erased after the backup stays erased');
    } finally {
      await copy.close();
    }
  });
});

describe('encrypted backups', () => {
  let h: Harness;
  let dir: string;
  let restored: OtherDatabase;

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ayuda-respaldos-cifrados-'));
    h = await setup({ BACKUP_DIR: dir, BACKUP_ENCRYPT_KEY: KEY });
    await addEmergency(h);
    restored = await otherDatabase('cifrada');
  });
  after(async () => {
    await h.close();
    await restored.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  test('read as noise without the key; a wrong key restores nothing; the right one restores', async () => {
    const config = h.config.backups;
    assert.ok(config?.encryptKey);
    const planted = 'Nombre Plantado Para El Respaldo';
    await publish(h, requestBody({ title: 'Cobijas para el coliseo', contactName: planted }));
    const taken = await backupPass(h.ctx, config, { ...process.env, DATABASE_URL: h.dbUrl }, { erasures: null });
    assert.ok(taken);
    assert.match(taken.file, /\.enc$/);
    const bytes = readFileSync(taken.file);
    assert.equal(bytes.subarray(0, 8).toString(), 'AYUDABK1');
    assert.ok(!bytes.includes(planted), 'no personal data in clear');
    const wrong = await runCli(['restore', taken.file], {
      DATABASE_URL: restored.url,
      BACKUP_ENCRYPT_KEY: 'b'.repeat(64),
    });
    assert.equal(wrong.code, 1);
    assert.match(wrong.stderr, /backup_encrypted_invalid/);
    const missing = await runCli(['restore', taken.file], { DATABASE_URL: restored.url });
    assert.match(missing.stderr, /backup_key_missing/);
    const right = await runCli(['restore', taken.file, '--json'], {
      DATABASE_URL: restored.url,
      BACKUP_ENCRYPT_KEY: KEY,
    });
    assert.equal(right.code, 0, right.stderr);
    const copy = await setup({}, { dbUrl: restored.url } as Harness);
    try {
      const row = await copy.ctx.db.selectFrom('help_records').select('contact_name').executeTakeFirstOrThrow();
      assert.equal(row.contact_name, planted);
    } finally {
      await copy.close();
    }
    assert.deepEqual(
      readdirSync(dir).filter((name) => name.includes('descifrado')),
      [],
      'no decrypted copy left behind',
    );
  });
});

test('the start refuses backups kept longer than personal data may be', () => {
  const env = { BACKUP_DIR: '/tmp/x', BACKUP_KEEP: '100', BACKUP_EVERY_HOURS: '48', RETENTION_AFTER_CLOSE_DAYS: '90' };
  assert.throws(
    () => loadConfig(env),
    (err: Error) => err instanceof ConfigError && /BACKUP_KEEP/.test(err.message),
  );
  assert.equal(loadConfig({ ...env, BACKUP_KEEP: '45' }).backups?.keep, 45, '45 × 48 h is exactly 90 days');
  assert.throws(() => loadConfig({ BACKUP_DIR: '/tmp/x', BACKUP_ENCRYPT_KEY: 'corta' }), ConfigError);
});
