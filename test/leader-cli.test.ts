// `ayuda leader create/list/reset-password`: accounts for the console, made by the real binary on the service's database.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { tokenHash } from '../src/auth/tokens.ts';
import { runCli } from './helpers/cli.ts';
import { Browser } from './helpers/console.ts';
import { addEmergency, BASE_URL, type Harness, setup } from './helpers/harness.ts';

let h: Harness;
let env: Record<string, string>;
const PASSWORD = 'una-clave-larga-y-propia';
before(async () => {
  h = await setup();
  await addEmergency(h, 'inundacion-mocoa', 'Inundación Mocoa');
  await addEmergency(h, 'avalancha-salgar', 'Avalancha Salgar');
  env = { DATABASE_URL: h.dbUrl, AYUDA_PASSWORD: PASSWORD, BASE_URL };
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
  assert.match(
    short.stderr,
    /weak_password[\s\S]*password: Es demasiado corta: tiene 5 caracteres y debe tener al menos 12/,
  );
  const guessable = await cli(['leader', 'create', '--email', 'b@ayuda.test', '--name', 'Bea'], {
    AYUDA_PASSWORD: 'contraseña123',
  });
  assert.equal(guessable.code, 1);
  assert.match(guessable.stderr, /weak_password[\s\S]*Es fácil de adivinar\. Añade más palabras/);
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

test('leader reset-password prints a one-time link once; it sets a strong password and then is spent', async () => {
  const text = await cli(['leader', 'reset-password', 'ANA@ayuda.test']);
  assert.equal(text.code, 0, text.stderr);
  assert.match(
    text.stdout,
    /Enlace para ana@ayuda\.test \(vale 24 h, un solo uso\):\nhttp:\/\/ayuda\.test\/panel\/clave\/[\w-]{43}\n/,
  );
  const res = await cli(['leader', 'reset-password', 'ana@ayuda.test', '--json']);
  assert.equal(res.code, 0, res.stderr);
  const issued = JSON.parse(res.stdout) as { id: string; email: string; url: string; expiresAt: string };
  assert.equal(issued.email, 'ana@ayuda.test');
  const path = new URL(issued.url).pathname;
  assert.match(path, /^\/panel\/clave\/[\w-]{43}$/);
  const earlier = new URL(/http\S+/.exec(text.stdout)?.[0] as string).pathname;

  // The CLI runs on the real clock: the replacement shows in the rows (the console test covers it over HTTP).
  const earlierRow = await h.ctx.db
    .selectFrom('password_resets')
    .selectAll()
    .where('token_hash', '=', tokenHash(earlier.split('/').at(-1) as string))
    .executeTakeFirstOrThrow();
  const newerRow = await h.ctx.db
    .selectFrom('password_resets')
    .selectAll()
    .where('id', '=', issued.id)
    .executeTakeFirstOrThrow();
  assert.ok(earlierRow.expires_at <= newerRow.created_at, 'the newer link replaced the earlier one');
  const visitor = new Browser(h);
  assert.equal((await visitor.get(path)).statusCode, 200);
  const weak = await visitor.post(path, { password: 'contraseña123', confirm: 'contraseña123' });
  assert.equal(weak.statusCode, 400);
  assert.match(weak.body, /Es fácil de adivinar/);
  const chosen = 'cometa-sobre-el-faro-9';
  assert.equal((await visitor.post(path, { password: chosen, confirm: chosen })).statusCode, 303);
  assert.equal((await visitor.get(path)).statusCode, 404, 'used once');
  assert.equal((await new Browser(h).signIn('ana@ayuda.test', chosen)).statusCode, 303);

  const token = path.split('/').at(-1) as string;
  const audit = await h.ctx.db.selectFrom('audit_log').selectAll().where('action', 'like', 'password_reset%').execute();
  assert.ok(audit.length >= 3);
  assert.ok(!JSON.stringify(audit).includes(token), 'the audit log names links by id only');
  assert.ok(audit.some((a) => a.actor.startsWith('cli:') && JSON.parse(a.details as string).link === issued.id));

  const unknown = await cli(['leader', 'reset-password', 'nadie@ayuda.test']);
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /not_found/);
  assert.equal((await cli(['leader', 'reset-password'])).code, 2, 'the e-mail is required');
});
