// Passwords in the console: growing waits instead of lock-outs, changing one's own password, an admin's one-time
// link, and the strength rule with its Spanish reason wherever a password is chosen.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { tokenHash } from '../src/auth/tokens.ts';
import { THROTTLE } from '../src/commands/sign-in.ts';
import { Browser, leader, PASSWORD } from './helpers/console.ts';
import { addEmergency, type Harness, setup } from './helpers/harness.ts';

let h: Harness;
const SLUG = 'inundacion-mocoa';
const NEW_PASSWORD = 'faro-cometa-lluvia-9';
before(async () => {
  // Behind a trusted proxy, so tests can speak from distinct client addresses.
  h = await setup({ TRUST_PROXY: 'true' });
  await addEmergency(h, SLUG, 'Inundación Mocoa');
});
after(() => h.close());

const advanceSeconds = (seconds: number) => h.clock.advanceHours(seconds / 3600);
const tryPassword = async (browser: Browser, email: string, password: string) => {
  await browser.get('/panel/entrar');
  return browser.post('/panel/entrar', { email, password });
};
const auditRows = (action: string) =>
  h.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

describe('growing waits instead of lock-outs', () => {
  test('after the free failures the wait grows 1, 2, 4 … minutes up to an hour; the leader still gets in from a fresh address', async () => {
    const { email } = await leader(h, [SLUG]);
    const attacker = new Browser(h, '198.51.100.20');
    for (let i = 0; i < THROTTLE.pair.free - 1; i++) {
      assert.equal((await tryPassword(attacker, email, `mala-${i}`)).statusCode, 401);
    }
    const waits: number[] = [];
    let res = await tryPassword(attacker, email, 'mala-final');
    for (let i = 0; i < 9; i++) {
      assert.equal(res.statusCode, 429);
      const wait = Number(res.headers['retry-after']);
      waits.push(wait);
      const early = await tryPassword(attacker, email, PASSWORD);
      assert.equal(early.statusCode, 429, 'refused before the wait is over, whatever the password');
      assert.match(early.body, /Espere \d+ (minutos?|hora)/);
      const fresh = new Browser(h, `198.51.100.${100 + i}`);
      assert.equal((await fresh.signIn(email)).statusCode, 303, 'the leader is never locked out elsewhere');
      advanceSeconds(wait);
      res = await tryPassword(attacker, email, `otra-mala-${i}`);
    }
    assert.deepEqual(waits, [60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]);
    advanceSeconds(Number(res.headers['retry-after']));
    assert.equal((await tryPassword(attacker, email, PASSWORD)).statusCode, 303, 'the right password after the wait');
    const later = new Browser(h, '198.51.100.20');
    assert.equal((await tryPassword(later, email, 'mala')).statusCode, 401, 'and the counter starts over');
  });

  test('an IPv6 client is counted per /64: spreading over its addresses does not escape the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < THROTTLE.address.free; i++) {
      const browser = new Browser(h, `2001:db8:7:7::${(i % 7) + 1}`);
      statuses.push((await tryPassword(browser, `nadie${i}@ayuda.test`, 'x')).statusCode);
    }
    assert.deepEqual(new Set(statuses.slice(0, -1)), new Set([401]));
    assert.equal(statuses.at(-1), 429);
    const sameNetwork = new Browser(h, '2001:db8:7:7:ffff::3');
    assert.equal((await tryPassword(sameNetwork, 'otra@ayuda.test', 'x')).statusCode, 429);
    const otherNetwork = new Browser(h, '2001:db8:7:8::1');
    assert.equal((await tryPassword(otherNetwork, 'otra@ayuda.test', 'x')).statusCode, 401);
  });

  test('successful sign-ins do not use up a shared address', async () => {
    const { email } = await leader(h, [SLUG]);
    for (let i = 0; i < THROTTLE.address.free + 3; i++) {
      const office = new Browser(h, '198.51.100.30');
      assert.equal((await office.signIn(email)).statusCode, 303, `sign-in ${i + 1}`);
    }
  });
});

describe('changing one’s own password', () => {
  test('needs the current password and a strong new one; the other sessions end, this one stays', async () => {
    const { browser, email, account } = await leader(h, [SLUG]);
    const elsewhere = new Browser(h, '198.51.100.40');
    assert.equal((await elsewhere.signIn(email)).statusCode, 303);
    const page = await browser.get('/panel/cuenta');
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<a href="\/panel\/cuenta" aria-current="page">Mi cuenta<\/a>/);
    assert.match(page.body, /autocomplete="current-password"/);
    const change = (fields: Record<string, string>) => browser.post('/panel/cuenta/clave', fields);

    const wrong = await change({ current: 'no-es-la-actual', password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    assert.equal(wrong.statusCode, 400);
    assert.match(wrong.body, /La contraseña actual no es correcta/);
    const mismatch = await change({ current: PASSWORD, password: NEW_PASSWORD, confirm: `${NEW_PASSWORD}x` });
    assert.equal(mismatch.statusCode, 400);
    assert.match(mismatch.body, /no coinciden/);
    const short = await change({ current: PASSWORD, password: 'corta', confirm: 'corta' });
    assert.equal(short.statusCode, 400);
    assert.match(short.body, /tiene 5 caracteres y debe tener al menos 12/);
    const guessable = await change({ current: PASSWORD, password: 'contraseña123', confirm: 'contraseña123' });
    assert.equal(guessable.statusCode, 400);
    assert.match(guessable.body, /Es fácil de adivinar\. Añade más palabras/);
    const personal = email.split('@')[0] as string;
    const mine = await change({ current: PASSWORD, password: `${personal}!!`, confirm: `${personal}!!` });
    assert.equal(mine.statusCode, 400, 'the account’s own e-mail is an easy guess');
    assert.match(mine.body, /datos personales/);

    const done = await change({ current: PASSWORD, password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    assert.equal(done.statusCode, 303);
    assert.equal(done.headers.location, '/panel/cuenta?hecho=clave');
    const after = await browser.get('/panel/cuenta?hecho=clave');
    assert.equal(after.statusCode, 200, 'this session stays');
    assert.match(after.body, /Contraseña cambiada/);
    assert.equal((await elsewhere.get('/panel')).statusCode, 303, 'the other session ended');
    assert.equal((await new Browser(h, '198.51.100.41').signIn(email)).statusCode, 401, 'the old password is gone');
    assert.equal((await new Browser(h, '198.51.100.42').signIn(email, NEW_PASSWORD)).statusCode, 303);

    const entries = await auditRows('password_changed');
    const entry = entries.find((e) => e.target_id === account.id);
    assert.ok(entry);
    assert.deepEqual(JSON.parse(entry.details as string), { endedSessions: 1 });
    const everything = JSON.stringify(await h.ctx.db.selectFrom('audit_log').selectAll().execute());
    assert.ok(!everything.includes(NEW_PASSWORD) && !everything.includes(PASSWORD), 'no password in the audit log');
  });

  test('guesses of the current password are throttled like sign-ins', async () => {
    const { browser } = await leader(h, [SLUG]);
    await browser.get('/panel/cuenta');
    const statuses: number[] = [];
    for (let i = 0; i < THROTTLE.pair.free; i++) {
      const res = await browser.post('/panel/cuenta/clave', {
        current: `intento-${i}`,
        password: NEW_PASSWORD,
        confirm: NEW_PASSWORD,
      });
      statuses.push(res.statusCode);
    }
    assert.deepEqual(statuses, [400, 400, 400, 400, 429]);
    const right = await browser.post('/panel/cuenta/clave', {
      current: PASSWORD,
      password: NEW_PASSWORD,
      confirm: NEW_PASSWORD,
    });
    assert.equal(right.statusCode, 429);
    assert.ok(Number(right.headers['retry-after']) > 0);
    assert.match(right.body, /Espere 1 minuto/);
  });
});

describe('an admin’s one-time link', () => {
  /** The admin asks for a link on the accounts page; the answer shows it once. */
  async function issueLink(admin: Browser, accountId: string): Promise<string> {
    const accounts = await admin.get('/panel/cuentas');
    assert.match(accounts.body, new RegExp(`action="/panel/cuentas/${accountId}/clave"`));
    const res = await admin.post(`/panel/cuentas/${accountId}/clave`);
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /no se volverá a mostrar/);
    const url = /id="enlace" type="text" readonly value="([^"]+)"/.exec(res.body)?.[1] ?? '';
    assert.ok(url.startsWith('http://ayuda.test/panel/clave/'), url);
    return new URL(url).pathname;
  }

  test('works once: the new password is set, every session of the account ends, the link is spent', async () => {
    const admin = await leader(h, [], 'admin');
    const { browser: session, email, account } = await leader(h, [SLUG]);
    const path = await issueLink(admin.browser, account.id);
    const token = path.slice('/panel/clave/'.length);

    const visitor = new Browser(h);
    const form = await visitor.get(path);
    assert.equal(form.statusCode, 200);
    assert.match(form.body, new RegExp(email.replace(/[.+]/g, '\\$&')));
    assert.doesNotMatch(form.body, /<script/i);
    const weak = await visitor.post(path, { password: 'contraseña123', confirm: 'contraseña123' });
    assert.equal(weak.statusCode, 400);
    assert.match(weak.body, /Es fácil de adivinar/);
    const short = await visitor.post(path, { password: 'corta', confirm: 'corta' });
    assert.match(short.body, /tiene 5 caracteres/);
    const mismatch = await visitor.post(path, { password: NEW_PASSWORD, confirm: 'otra-cosa-distinta-1' });
    assert.equal(mismatch.statusCode, 400);
    assert.equal(
      (await visitor.post(path, { password: NEW_PASSWORD, confirm: NEW_PASSWORD }, { origin: 'https://evil.example' }))
        .statusCode,
      403,
    );
    assert.equal((await session.get('/panel')).statusCode, 200, 'nothing changed yet');

    await visitor.get(path);
    const used = await visitor.post(path, { password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    assert.equal(used.statusCode, 303);
    assert.equal(used.headers.location, '/panel/entrar?hecho=clave');
    assert.match((await visitor.get('/panel/entrar?hecho=clave')).body, /Contraseña guardada/);
    assert.equal((await session.get('/panel')).statusCode, 303, 'the account’s sessions ended');
    assert.equal((await new Browser(h, '198.51.100.50').signIn(email)).statusCode, 401);
    assert.equal((await new Browser(h, '198.51.100.51').signIn(email, NEW_PASSWORD)).statusCode, 303);

    const again = await visitor.get(path);
    assert.equal(again.statusCode, 404);
    assert.match(again.body, /no existe, ya se usó o venció/);
    assert.equal(
      (await visitor.post(path, { password: 'rio-verde-faro-9', confirm: 'rio-verde-faro-9' })).statusCode,
      404,
    );

    const row = await h.ctx.db
      .selectFrom('password_resets')
      .selectAll()
      .where('account_id', '=', account.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.token_hash, tokenHash(token), 'only the hash is stored');
    assert.ok(row.used_at);
    const created = (await auditRows('password_reset_created')).find((e) => e.target_id === account.id);
    const spent = (await auditRows('password_reset_used')).find((e) => e.target_id === account.id);
    assert.equal(JSON.parse(created?.details as string).link, row.id);
    assert.equal(spent?.actor, `enlace-clave:${row.id}`);
    const everything = JSON.stringify(await h.ctx.db.selectFrom('audit_log').selectAll().execute());
    assert.ok(!everything.includes(token), 'the secret never reaches the audit log');
    assert.ok(!everything.includes(NEW_PASSWORD));
  });

  test('expires after 24 hours; a new link replaces the earlier one; unknown links are 404', async () => {
    const admin = await leader(h, [], 'admin');
    const { account } = await leader(h, [SLUG]);
    const first = await issueLink(admin.browser, account.id);
    const second = await issueLink(admin.browser, account.id);
    const visitor = new Browser(h);
    assert.equal((await visitor.get(first)).statusCode, 404, 'replaced');
    h.clock.advanceHours(23.9);
    assert.equal((await visitor.get(second)).statusCode, 200);
    h.clock.advanceHours(0.2);
    const expired = await visitor.get(second);
    assert.equal(expired.statusCode, 404);
    assert.match(expired.body, /no existe, ya se usó o venció/);
    assert.equal((await visitor.post(second, { password: NEW_PASSWORD, confirm: NEW_PASSWORD })).statusCode, 404);
    assert.equal((await visitor.get('/panel/clave/desconocido-0123456789abcdefghij')).statusCode, 404);
    assert.equal((await visitor.get('/panel/clave/x')).statusCode, 404);
  });

  test('only admins make links, and not for their own account', async () => {
    const admin = await leader(h, [], 'admin');
    const other = await leader(h, [SLUG]);
    await other.browser.get('/panel');
    assert.equal((await other.browser.post(`/panel/cuentas/${admin.account.id}/clave`)).statusCode, 403);
    await admin.browser.get('/panel/cuentas');
    assert.equal((await admin.browser.post(`/panel/cuentas/${admin.account.id}/clave`)).statusCode, 403);
  });
});

describe('new accounts', () => {
  test('the console refuses a weak initial password and says why', async () => {
    const admin = await leader(h, [], 'admin');
    await admin.browser.get('/panel/cuentas');
    const email = `fuerte-${process.pid}@ayuda.test`;
    const base = { email, name: 'Mariana Restrepo', emergencies: SLUG };
    const short = await admin.browser.post('/panel/cuentas', { ...base, password: 'corta' });
    assert.equal(short.statusCode, 400, `${short.headers.location}`);
    assert.match(short.body, /tiene 5 caracteres y debe tener al menos 12/);
    const personal = await admin.browser.post('/panel/cuentas', { ...base, password: 'MarianaRestrepo1' });
    assert.equal(personal.statusCode, 400);
    assert.match(personal.body, /datos personales/);
    const created = await admin.browser.post('/panel/cuentas', { ...base, password: NEW_PASSWORD });
    assert.equal(created.statusCode, 303);
  });
});
