// `ayuda leader create/list`: accounts for the console, made by the real binary on the service's database.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { runCli } from './helpers/cli.ts';
import { Browser } from './helpers/console.ts';
import { addEmergency, type Harness, setup } from './helpers/harness.ts';

let h: Harness;
let env: Record<string, string>;
const PASSWORD = 'una-clave-larga-y-propia';
before(async () => {
  h = await setup();
  await addEmergency(h, 'inundacion-mocoa', 'Inundación Mocoa');
  await addEmergency(h, 'avalancha-salgar', 'Avalancha Salgar');
  env = { DATABASE_URL: h.dbUrl, AYUDA_PASSWORD: PASSWORD };
});
after(() => h.close());

const cli = (args: string[], extra: Record<string, string> = {}) => runCli(args, { ...env, ...extra });

test('a leader created with the CLI signs in to the console and sees only the assigned emergency', async () => {
  const created = await cli([
    'leader',
    'create',
    '--email',
    'Ana@Ayuda.test',
    '--name',
    'Ana Pérez',
    '--emergency',
    'inundacion-mocoa',
    '--json',
  ]);
  assert.equal(created.code, 0, created.stderr);
  const account = JSON.parse(created.stdout);
  assert.equal(account.email, 'ana@ayuda.test');
  assert.equal(account.role, 'leader');
  assert.deepEqual(account.emergencies, ['inundacion-mocoa']);
  assert.equal('password_hash' in account || created.stdout.includes('argon2'), false);
  const browser = new Browser(h);
  assert.equal((await browser.signIn('ana@ayuda.test', PASSWORD)).statusCode, 303);
  assert.equal((await browser.get('/panel/e/inundacion-mocoa')).statusCode, 200);
  assert.equal((await browser.get('/panel/e/avalancha-salgar')).statusCode, 403);
});

test('an admin reaches every emergency; --admin with --emergency is a usage error', async () => {
  assert.equal((await cli(['leader', 'create', '--email', 'jefe@ayuda.test', '--name', 'Jefe', '--admin'])).code, 0);
  const mixed = await cli([
    'leader',
    'create',
    '--email',
    'x@ayuda.test',
    '--name',
    'X',
    '--admin',
    '--emergency',
    'inundacion-mocoa',
  ]);
  assert.equal(mixed.code, 2);
  const browser = new Browser(h);
  await browser.signIn('jefe@ayuda.test', PASSWORD);
  assert.equal((await browser.get('/panel/e/avalancha-salgar')).statusCode, 200);
});

test('operation errors exit 1 with their code; nothing is created', async () => {
  const again = await cli([
    'leader',
    'create',
    '--email',
    'ana@ayuda.test',
    '--name',
    'Ana Otra',
    '--emergency',
    'inundacion-mocoa',
  ]);
  assert.equal(again.code, 1);
  assert.match(again.stderr, /account_exists/);
  const short = await cli(['leader', 'create', '--email', 'b@ayuda.test', '--name', 'Bea'], {
    AYUDA_PASSWORD: 'corta',
  });
  assert.equal(short.code, 1);
  assert.match(short.stderr, /validation_failed[\s\S]*password/);
  const unknown = await cli([
    'leader',
    'create',
    '--email',
    'c@ayuda.test',
    '--name',
    'Carla',
    '--emergency',
    'no-existe',
  ]);
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /unknown_emergency/);
  const badEmail = await cli(['leader', 'create', '--email', 'sin-arroba', '--name', 'Dora']);
  assert.equal(badEmail.code, 1);
  const listed = JSON.parse((await cli(['leader', 'list', '--json'])).stdout) as { email: string }[];
  assert.deepEqual(listed.map((a) => a.email).sort(), ['ana@ayuda.test', 'jefe@ayuda.test']);
});

test('without AYUDA_PASSWORD and without a terminal the CLI says how to give the password (exit 2)', async () => {
  const res = await runCli(['leader', 'create', '--email', 'e@ayuda.test', '--name', 'Eva'], { DATABASE_URL: h.dbUrl });
  assert.equal(res.code, 2);
  assert.match(res.stderr, /AYUDA_PASSWORD/);
});

test('leader list shows roles and emergencies, never a password hash', async () => {
  const table = await cli(['leader', 'list']);
  assert.equal(table.code, 0);
  assert.match(table.stdout, /ana@ayuda\.test\s+Ana Pérez\s+líder\s+inundacion-mocoa/);
  assert.match(table.stdout, /jefe@ayuda\.test\s+Jefe\s+administrador\s+\(todas\)/);
  const json = await cli(['leader', 'list', '--json']);
  assert.doesNotMatch(json.stdout + table.stdout, /argon2|password/);
});
