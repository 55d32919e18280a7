// Registered integrations: `ayuda source add/list/rotate/remove` (the real binary) and the admins' console page.
// Keys are shown once, stored as hashes, never listed, and every registration change is in the audit log.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { tokenHash } from '../src/auth/tokens.ts';
import { runCli } from './helpers/cli.ts';
import { leader } from './helpers/console.ts';
import { addEmergency, type Harness, HELP, requestBody, setup } from './helpers/harness.ts';

let h: Harness;
let env: Record<string, string>;
before(async () => {
  h = await setup();
  await addEmergency(h);
  env = { DATABASE_URL: h.dbUrl, AYUDA_ACTOR: 'ana' };
});
after(() => h.close());

const cli = (args: string[]) => runCli(args, env);
/** A submission from the integration, with its key or without one. */
const send = (source: string, key?: string, overrides: Record<string, unknown> = {}) =>
  h.json({
    method: 'POST',
    url: HELP,
    payload: requestBody({ source, ...overrides }),
    headers: key ? { authorization: `Bearer ${key}` } : {},
  });

async function auditFor(name: string) {
  return h.ctx.db
    .selectFrom('audit_log')
    .select(['actor', 'action', 'details'])
    .where('target_type', '=', 'source')
    .where('target_id', '=', name)
    .orderBy('id')
    .execute();
}

async function keyHashOf(name: string): Promise<string | undefined> {
  const row = await h.ctx.db.selectFrom('sources').select('key_hash').where('name', '=', name).executeTakeFirst();
  return row?.key_hash;
}

describe('ayuda source', () => {
  test('add prints the key once; submissions with that source need it; it is stored only as a hash', async () => {
    const added = await cli(['source', 'add', 'app-putumayo', '--json']);
    assert.equal(added.code, 0, added.stderr);
    const { name, key, createdAt } = JSON.parse(added.stdout);
    assert.equal(name, 'app-putumayo');
    assert.match(key, /^[A-Za-z0-9_-]{43}$/);
    assert.ok(createdAt);
    assert.equal(await keyHashOf('app-putumayo'), tokenHash(key));
    assert.equal((await send('app-putumayo')).body.code, 'source_key_required');
    const accepted = await send('app-putumayo', key);
    assert.equal(accepted.status, 202);
    assert.equal(accepted.body.editToken, undefined);

    const text = await cli(['source', 'add', 'app-huila']);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /Integración registrada: app-huila/);
    const textKey = text.stdout.trim().split('\n').at(-1) as string;
    assert.equal(await keyHashOf('app-huila'), tokenHash(textKey));
  });

  test('list shows names and dates, never keys or their hashes', async () => {
    const added = JSON.parse((await cli(['source', 'add', 'app-listada', '--json'])).stdout);
    const listed = await cli(['source', 'list', '--json']);
    assert.equal(listed.code, 0, listed.stderr);
    const rows = JSON.parse(listed.stdout) as Record<string, unknown>[];
    const row = rows.find((r) => r.name === 'app-listada');
    assert.deepEqual(Object.keys(row ?? {}).sort(), ['createdAt', 'createdBy', 'name', 'rotatedAt']);
    assert.equal(row?.createdBy, 'cli:ana');
    const table = await cli(['source', 'list']);
    assert.match(table.stdout, /app-listada/);
    for (const output of [listed.stdout, table.stdout]) {
      assert.ok(!output.includes(added.key), 'no key');
      assert.ok(!output.includes(tokenHash(added.key)), 'no hash');
    }
  });

  test('rotate prints a new key; the old one stops working at once', async () => {
    const { key: oldKey } = JSON.parse((await cli(['source', 'add', 'app-cauca', '--json'])).stdout);
    const rotated = await cli(['source', 'rotate', 'app-cauca', '--json']);
    assert.equal(rotated.code, 0, rotated.stderr);
    const { key: newKey, rotatedAt } = JSON.parse(rotated.stdout);
    assert.notEqual(newKey, oldKey);
    assert.ok(rotatedAt);
    assert.equal((await send('app-cauca', oldKey)).status, 401);
    assert.equal((await send('app-cauca', newKey)).status, 202);
    const text = await cli(['source', 'rotate', 'app-cauca']);
    assert.match(text.stdout, /la anterior ya no sirve/);
  });

  test('remove frees the name: its submissions are anonymous again', async () => {
    const { key } = JSON.parse((await cli(['source', 'add', 'app-narino', '--json'])).stdout);
    const removed = await cli(['source', 'remove', 'app-narino']);
    assert.equal(removed.code, 0, removed.stderr);
    assert.match(removed.stdout, /Integración quitada: app-narino/);
    assert.equal(await keyHashOf('app-narino'), undefined);
    const anonymous = await send('app-narino', key);
    assert.equal(anonymous.status, 202);
    assert.ok(anonymous.body.editToken, 'an unregistered source gets a token per pair');
  });

  test('errors: a taken name, a reserved or malformed one, an unknown one; nothing is registered', async () => {
    await cli(['source', 'add', 'app-repetida']);
    const taken = await cli(['source', 'add', 'app-repetida']);
    assert.equal(taken.code, 1);
    assert.match(taken.stderr, /source_exists/);
    for (const name of ['web', 'mcp', 'con espacio', 'x'.repeat(61)]) {
      const bad = await cli(['source', 'add', name]);
      assert.equal(bad.code, 1, name);
      assert.match(bad.stderr, /validation_failed/, name);
      assert.equal(await keyHashOf(name), undefined, name);
    }
    for (const command of ['rotate', 'remove']) {
      const unknown = await cli(['source', command, 'no-existe']);
      assert.equal(unknown.code, 1, command);
      assert.match(unknown.stderr, /source_not_found/, command);
    }
    assert.equal((await cli(['source', 'add'])).code, 2, 'the name is required');
  });

  test('every change is in the audit log, with who did it and never the key', async () => {
    const { key } = JSON.parse((await cli(['source', 'add', 'app-auditada', '--json'])).stdout);
    const { key: rotated } = JSON.parse((await cli(['source', 'rotate', 'app-auditada', '--json'])).stdout);
    await cli(['source', 'remove', 'app-auditada']);
    const entries = await auditFor('app-auditada');
    assert.deepEqual(
      entries.map((e) => [e.actor, e.action]),
      [
        ['cli:ana', 'source_added'],
        ['cli:ana', 'source_key_rotated'],
        ['cli:ana', 'source_removed'],
      ],
    );
    const all = JSON.stringify(entries);
    for (const secret of [key, rotated, tokenHash(key), tokenHash(rotated)]) assert.ok(!all.includes(secret));
  });
});

describe('console: /panel/integraciones', () => {
  const PAGE = '/panel/integraciones';
  const shownKey = (body: string) => /<code id="clave">([^<]+)<\/code>/.exec(body)?.[1];

  test('only admins see it: leaders get 403 and no link', async () => {
    const { browser } = await leader(h, ['inundacion-mocoa']);
    assert.equal((await browser.get(PAGE)).statusCode, 403);
    assert.ok(!(await browser.get('/panel')).body.includes(PAGE));
    const admin = await leader(h, [], 'admin');
    assert.ok((await admin.browser.get('/panel')).body.includes(`href="${PAGE}"`));
  });

  test('add shows the key once; the list shows names and dates only', async () => {
    const { browser } = await leader(h, [], 'admin');
    await browser.get(PAGE);
    const added = await browser.post(PAGE, { name: 'app-consola' });
    assert.equal(added.statusCode, 200);
    assert.equal(added.headers['cache-control'], 'no-store');
    const key = shownKey(added.body);
    assert.ok(key, 'the key is on the page right after adding');
    assert.equal(await keyHashOf('app-consola'), tokenHash(key));
    assert.equal((await send('app-consola', key)).status, 202);
    const listed = await browser.get(PAGE);
    assert.match(listed.body, /app-consola/);
    assert.ok(!listed.body.includes(key), 'never shown again');
    assert.ok(!listed.body.includes(tokenHash(key)));
    const [entry] = await auditFor('app-consola');
    assert.equal(entry?.action, 'source_added');
    assert.match(entry?.actor ?? '', /lider/, 'the admin who did it');
  });

  test('bad names come back on the form; a form without its CSRF token registers nothing', async () => {
    const { browser } = await leader(h, [], 'admin');
    await browser.get(PAGE);
    await browser.post(PAGE, { name: 'app-doble' });
    const again = await browser.post(PAGE, { name: 'app-doble' });
    assert.equal(again.statusCode, 409);
    assert.match(again.body, /Ya hay una integración registrada con ese nombre/);
    const reserved = await browser.post(PAGE, { name: 'web' });
    assert.equal(reserved.statusCode, 400);
    assert.match(reserved.body, /reservado para los envíos del propio servicio/);
    const forged = await browser.post(PAGE, { name: 'app-sin-csrf', _csrf: 'falso' });
    assert.equal(forged.statusCode, 403);
    assert.equal(await keyHashOf('app-sin-csrf'), undefined);
  });

  test('rotate shows the new key once; the old one stops working', async () => {
    const { browser } = await leader(h, [], 'admin');
    await browser.get(PAGE);
    const oldKey = shownKey((await browser.post(PAGE, { name: 'app-rotada' })).body) as string;
    const rotated = await browser.post(`${PAGE}/app-rotada/rotar`);
    assert.equal(rotated.statusCode, 200);
    const newKey = shownKey(rotated.body) as string;
    assert.ok(newKey && newKey !== oldKey);
    assert.match(rotated.body, /La clave anterior ya no sirve/);
    assert.equal((await send('app-rotada', oldKey)).status, 401);
    assert.equal((await send('app-rotada', newKey)).status, 202);
  });

  test('remove asks first, then removes; an unknown name is 404', async () => {
    const { browser } = await leader(h, [], 'admin');
    await browser.get(PAGE);
    await browser.post(PAGE, { name: 'app-quitada' });
    const confirm = await browser.get(`${PAGE}/app-quitada/quitar`);
    assert.equal(confirm.statusCode, 200);
    assert.match(confirm.body, /Sí, quitar app-quitada/);
    assert.ok(await keyHashOf('app-quitada'), 'asking removes nothing');
    const removed = await browser.post(`${PAGE}/app-quitada/quitar`);
    assert.equal(removed.statusCode, 303);
    assert.equal(await keyHashOf('app-quitada'), undefined);
    assert.ok(!(await browser.get(PAGE)).body.includes('app-quitada'));
    assert.deepEqual(
      (await auditFor('app-quitada')).map((e) => e.action),
      ['source_added', 'source_removed'],
    );
    assert.equal((await browser.get(`${PAGE}/no-existe/quitar`)).statusCode, 404);
  });
});
