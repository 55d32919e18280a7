// The console's defences: CSRF, session fixation, other emergencies, throttled sign-in, expiry, headers, escaping.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { tokenHash } from '../src/auth/tokens.ts';
import { purgeConsoleState } from '../src/commands/purge-console-state.ts';
import { THROTTLE } from '../src/commands/sign-in.ts';
import { findById } from '../src/repositories/help-records/records.ts';
import { Browser, leader, PASSWORD } from './helpers/console.ts';
import { addEmergency, BASE_URL, type Harness, requestBody, setup, submit } from './helpers/harness.ts';

let h: Harness;
const SLUG = 'inundacion-mocoa';
const OTHER = 'avalancha-salgar';
before(async () => {
  // Behind a trusted proxy, so tests can speak from distinct client addresses.
  h = await setup({ TRUST_PROXY: 'true' });
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  await addEmergency(h, OTHER, 'Avalancha Salgar');
});
after(() => h.close());

const pending = (slug = SLUG) => submit(h, requestBody({ emergencySlug: slug }));
/** The content version the decision forms of the last page carry (an approval names the version seen). */
const versionOn = (browser: Browser) => /name="version" value="(\d+)"/.exec(browser.last?.body ?? '')?.[1] ?? '';
const reviewStatus = async (id: string) => (await findById(h.ctx, id))?.review_status;

describe('forged forms', () => {
  test('a decision without the token, with a wrong token or from another origin is refused and changes nothing', async () => {
    const { browser } = await leader(h, [SLUG]);
    const id = await pending();
    const url = `/panel/e/${SLUG}/revisar/${id}/aprobar`;
    await browser.get(`/panel/e/${SLUG}/revisar/${id}`);
    const good = browser.csrf;
    const version = versionOn(browser);
    assert.equal((await browser.post(url, { _csrf: '' })).statusCode, 403);
    assert.equal((await browser.post(url, { _csrf: `${good.slice(0, -2)}xx` })).statusCode, 403);
    const foreign = await browser.post(url, { _csrf: good }, { origin: 'https://evil.example' });
    assert.equal(foreign.statusCode, 403);
    assert.match(foreign.body, /El formulario caducó o no vino de este sitio/);
    assert.equal((await browser.post(url, { _csrf: good }, { 'sec-fetch-site': 'cross-site' })).statusCode, 403);
    assert.equal(await reviewStatus(id), 'pending_review');
    assert.equal((await browser.post(url, { _csrf: good, version }, { origin: BASE_URL })).statusCode, 303);
    assert.equal(await reviewStatus(id), 'approved');
  });

  test('another session’s token does not work', async () => {
    const a = await leader(h, [SLUG]);
    const b = await leader(h, [SLUG]);
    const id = await pending();
    await a.browser.get(`/panel/e/${SLUG}/revisar/${id}`);
    await b.browser.get(`/panel/e/${SLUG}/revisar/${id}`);
    assert.notEqual(a.browser.csrf, b.browser.csrf);
    const res = await b.browser.post(`/panel/e/${SLUG}/revisar/${id}/aprobar`, { _csrf: a.browser.csrf });
    assert.equal(res.statusCode, 403);
    assert.equal(await reviewStatus(id), 'pending_review');
  });

  test('sign-in itself needs the form’s token (no signing someone in from another site)', async () => {
    const { email } = await leader(h, [SLUG]);
    const browser = new Browser(h);
    const res = await browser.post('/panel/entrar', { email, password: PASSWORD, _csrf: 'guess' });
    assert.equal(res.statusCode, 403);
    assert.equal(browser.cookies.has('ayuda_panel'), false);
  });
});

describe('sessions', () => {
  test('session fixation: a cookie set before sign-in is replaced and never becomes a session', async () => {
    const { email } = await leader(h, [SLUG]);
    const browser = new Browser(h);
    const planted = 'cookie-elegida-por-un-atacante-0123456789';
    browser.cookies.set('ayuda_panel', planted);
    await browser.signIn(email);
    const issued = browser.cookies.get('ayuda_panel');
    assert.ok(issued && issued !== planted);
    const attacker = new Browser(h);
    attacker.cookies.set('ayuda_panel', planted);
    assert.equal((await attacker.get('/panel')).statusCode, 303);
    const rows = await h.ctx.db.selectFrom('console_sessions').select('id').execute();
    assert.ok(
      rows.every((r) => r.id !== issued),
      'only a hash of the token is stored',
    );
    assert.ok(rows.some((r) => r.id === tokenHash(issued as string)));
  });

  test('signing out ends the session on the server: the old cookie no longer works', async () => {
    const { browser } = await leader(h, [SLUG]);
    const cookie = browser.cookies.get('ayuda_panel') as string;
    await browser.get('/panel');
    const out = await browser.post('/panel/salir');
    assert.equal(out.statusCode, 303);
    const replay = new Browser(h);
    replay.cookies.set('ayuda_panel', cookie);
    assert.equal((await replay.get('/panel')).statusCode, 303);
  });

  test('an idle session expires', async () => {
    const { browser } = await leader(h, [SLUG]);
    assert.equal((await browser.get('/panel')).statusCode, 200);
    h.clock.advanceHours(2.5);
    const res = await browser.get(`/panel/e/${SLUG}`);
    assert.equal(res.statusCode, 303);
    assert.match(res.headers.location as string, /^\/panel\/entrar\?volver=/);
  });

  test('over HTTPS the cookies are Secure and __Host- prefixed', async () => {
    const secure = await setup({ BASE_URL: 'https://ayuda.example.org' }, h);
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/panel/entrar' });
      const cookie = (res.cookies as { name: string; secure?: boolean; path?: string }[])[0];
      assert.equal(cookie?.name, '__Host-ayuda_panel_ingreso');
      assert.equal(cookie?.secure, true);
      assert.equal(cookie?.path, '/');
    } finally {
      await secure.close();
    }
  });
});

describe('emergencies that are not yours', () => {
  test('a leader of one emergency gets 403 for another’s inbox, records and decisions; ids do not cross', async () => {
    const { browser } = await leader(h, [SLUG]);
    const theirs = await pending(OTHER);
    assert.equal((await browser.get(`/panel/e/${OTHER}`)).statusCode, 403);
    assert.equal((await browser.get(`/panel/e/${OTHER}/registros`)).statusCode, 403);
    assert.equal((await browser.get(`/panel/e/${OTHER}/revisar/${theirs}`)).statusCode, 403);
    await browser.get('/panel');
    assert.equal((await browser.post(`/panel/e/${OTHER}/revisar/${theirs}/aprobar`)).statusCode, 403);
    // Through the leader's own emergency the other's record does not exist.
    assert.equal((await browser.get(`/panel/e/${SLUG}/revisar/${theirs}`)).statusCode, 404);
    await browser.get('/panel');
    assert.equal((await browser.post(`/panel/e/${SLUG}/revisar/${theirs}/aprobar`)).statusCode, 404);
    assert.equal(await reviewStatus(theirs), 'pending_review');
    assert.equal((await browser.get('/panel/e/no-existe')).statusCode, 404);
  });

  test('an admin reaches every emergency', async () => {
    const { browser } = await leader(h, [], 'admin');
    assert.equal((await browser.get(`/panel/e/${OTHER}`)).statusCode, 200);
  });
});

describe('sign-in throttling', () => {
  test(`after ${THROTTLE.pair.free} failures an e-mail from one address waits, even with the right password; another address still signs in`, async () => {
    const { email } = await leader(h, [SLUG]);
    const browser = new Browser(h, '198.51.100.7');
    for (let i = 0; i < THROTTLE.pair.free - 1; i++) {
      await browser.get('/panel/entrar');
      assert.equal((await browser.post('/panel/entrar', { email, password: `mala-${i}` })).statusCode, 401);
    }
    await browser.get('/panel/entrar');
    const locked = await browser.post('/panel/entrar', { email, password: 'mala-final' });
    assert.equal(locked.statusCode, 429);
    assert.equal(locked.headers['retry-after'], '60');
    assert.match(locked.body, /Espere 1 minuto/);
    await browser.get('/panel/entrar');
    const right = await browser.post('/panel/entrar', { email, password: PASSWORD });
    assert.equal(right.statusCode, 429, 'the right password waits too, from the same address');
    assert.match(right.body, /Demasiados intentos/);
    const elsewhere = new Browser(h, '198.51.100.8');
    assert.equal((await elsewhere.signIn(email)).statusCode, 303, 'the leader is not locked out elsewhere');
    h.clock.advanceHours(0.3);
    await browser.get('/panel/entrar');
    assert.equal((await browser.post('/panel/entrar', { email, password: PASSWORD })).statusCode, 303);
  });

  test('one client address trying many e-mails is throttled too', async () => {
    const browser = new Browser(h, '203.0.113.9');
    const statuses: number[] = [];
    for (let i = 0; i < THROTTLE.address.free; i++) {
      await browser.get('/panel/entrar');
      statuses.push((await browser.post('/panel/entrar', { email: `nadie${i}@ayuda.test`, password: 'x' })).statusCode);
    }
    assert.deepEqual(new Set(statuses.slice(0, -1)), new Set([401]));
    assert.equal(statuses.at(-1), 429);
    const elsewhere = await leader(h, [SLUG]);
    assert.equal((await elsewhere.browser.get('/panel')).statusCode, 200, 'other addresses still sign in');
  });
});

describe('pages', () => {
  test('strict headers: no caching, no framing, no inline scripts, no referrer', async () => {
    const { browser } = await leader(h, [SLUG]);
    const res = await browser.get(`/panel/e/${SLUG}`);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.match(res.headers['content-security-policy'] as string, /default-src 'none'/);
    assert.match(res.headers['content-security-policy'] as string, /frame-ancestors 'none'/);
    assert.equal(res.headers['referrer-policy'], 'same-origin');
    assert.doesNotMatch(
      res.body,
      /<script(?! src="\/panel\/consola\.js" defer><\/script>)/i,
      'only the console script',
    );
    const css = await browser.get('/panel/estilos.css');
    assert.equal(css.statusCode, 200);
    assert.match(css.headers['content-type'] as string, /text\/css/);
  });

  test('submitted markup renders as text in the inbox and the review page', async () => {
    const { browser } = await leader(h, [SLUG]);
    const hostile = '<script>alert(1)</script>"><img src=x onerror=alert(2)>';
    const id = await submit(
      h,
      requestBody({
        emergencySlug: SLUG,
        title: 'Ayuda <b>ya</b>',
        description: hostile,
        contactName: `"><svg onload=alert(3)>`,
      }),
    );
    for (const url of [`/panel/e/${SLUG}`, `/panel/e/${SLUG}/revisar/${id}`]) {
      const page = (await browser.get(url)).body;
      assert.doesNotMatch(page, /<script>alert|<img src=x|<svg onload|<b>ya<\/b>/, url);
    }
    assert.match(
      (await browser.get(`/panel/e/${SLUG}/revisar/${id}`)).body,
      /&lt;script&gt;alert\(1\)&lt;\/script&gt;/,
    );
  });

  test('unknown console paths answer a Spanish 404 page', async () => {
    const { browser } = await leader(h, [SLUG]);
    const res = await browser.get('/panel/no-existe');
    assert.equal(res.statusCode, 404);
    assert.match(res.body, /No encontrado/);
  });
});

describe('upkeep', () => {
  test('ended sessions and stale sign-in counters are purged; live ones stay', async () => {
    const live = await leader(h, [SLUG]);
    const ended = await leader(h, [SLUG]);
    h.clock.advanceHours(1.5);
    await live.browser.get('/panel');
    h.clock.advanceHours(1);
    await purgeConsoleState(h.ctx);
    const ids = (await h.ctx.db.selectFrom('console_sessions').select('id').execute()).map((r) => r.id);
    assert.ok(ids.includes(tokenHash(live.browser.cookies.get('ayuda_panel') as string)));
    assert.ok(!ids.includes(tokenHash(ended.browser.cookies.get('ayuda_panel') as string)));
    h.clock.advanceHours(25);
    await purgeConsoleState(h.ctx);
    assert.equal((await h.ctx.db.selectFrom('login_attempts').select('key').execute()).length, 0);
  });
});

describe('origins', () => {
  test('a local deployment accepts forms from any loopback name; a public one only from its own origin', async () => {
    const local = await setup({ BASE_URL: 'http://localhost:3000' }, h);
    try {
      const { browser } = await leader(local, [SLUG]);
      const id = await submit(local, requestBody({ emergencySlug: SLUG }));
      await browser.get(`/panel/e/${SLUG}/revisar/${id}`);
      const version = versionOn(browser);
      const url = `/panel/e/${SLUG}/revisar/${id}/aprobar`;
      assert.equal((await browser.post(url, { version }, { origin: 'http://evil.example:3000' })).statusCode, 403);
      assert.equal((await browser.post(url, { version }, { origin: 'null' })).statusCode, 403);
      assert.equal((await browser.post(url, { version }, { origin: 'http://127.0.0.1:3000' })).statusCode, 303);
    } finally {
      await local.close();
    }
    const { browser } = await leader(h, [SLUG]);
    const id = await pending();
    await browser.get(`/panel/e/${SLUG}/revisar/${id}`);
    const version = versionOn(browser);
    const url = `/panel/e/${SLUG}/revisar/${id}/aprobar`;
    assert.equal((await browser.post(url, { version }, { origin: 'http://127.0.0.1' })).statusCode, 403);
    assert.equal((await browser.post(url, { version }, { origin: 'http://ayuda.test' })).statusCode, 303);
  });
});
