// The console against BREACH: pages compressed, the CSRF token masked afresh in every form; and its script policy.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { maskToken, unmaskToken } from '../src/auth/csrf-mask.ts';
import { findById } from '../src/repositories/help-records/records.ts';
import { panelPaths } from '../src/views/console/layout.ts';
import { Browser, leader } from './helpers/console.ts';
import { addEmergency, BASE_URL, type Harness, publish, requestBody, setup, submit } from './helpers/harness.ts';

let h: Harness;
const SLUG = 'inundacion-mocoa';
const SCRIPT = '<script src="/panel/consola.js" defer></script>';
const EXPIRED = /El formulario caducó o no vino de este sitio/;

before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
});
after(() => h.close());

const inbox = `/panel/e/${SLUG}`;
const review = (id: string) => `/panel/e/${SLUG}/revisar/${id}`;
const tokensOn = (body: string) => [...body.matchAll(/name="_csrf" value="([^"]+)"/g)].map((m) => m[1] as string);
const versionOn = (body: string) => /name="version" value="(\d+)"/.exec(body)?.[1] ?? '';
const reviewStatus = async (id: string) => (await findById(h.ctx, id))?.review_status;
/** The token the session holds, as the database has it (never written into a page as such). */
const sessionToken = async (browser: Browser) => {
  const rows = await h.ctx.db.selectFrom('console_sessions').select('csrf_token').execute();
  const token = unmaskToken(browser.csrf);
  assert.ok(token && rows.some((r) => r.csrf_token === token), 'the page’s token unmasks to a session’s token');
  return token;
};

describe('compressed console pages', () => {
  test('an inbox page comes back gzip or brotli as asked, and decodes to the page', async () => {
    const { browser } = await leader(h, [SLUG]);
    await submit(h, requestBody({ emergencySlug: SLUG, title: 'Agua para la vereda comprimida' }));
    const plain = await browser.get(inbox, { 'accept-encoding': 'identity' });
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.match(plain.body, /Agua para la vereda comprimida/);
    const decoders = { gzip: gunzipSync, br: brotliDecompressSync } as const;
    for (const encoding of ['gzip', 'br'] as const) {
      const res = await browser.get(inbox, { 'accept-encoding': encoding });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-encoding'], encoding);
      assert.ok(res.rawPayload.length < plain.rawPayload.length, `${encoding} is smaller`);
      const page = decoders[encoding](res.rawPayload).toString('utf8');
      assert.match(page, /<h1>Bandeja de revisión<\/h1>/);
      assert.match(page, /Agua para la vereda comprimida/);
      assert.equal(res.headers['cache-control'], 'no-store', 'still private when compressed');
    }
  });
});

describe('masked CSRF token', () => {
  test('two renders of a page carry different tokens, none of them the session’s, and both work', async () => {
    const { browser } = await leader(h, [SLUG]);
    const first = await submit(h, requestBody({ emergencySlug: SLUG, title: 'Primera para aprobar' }));
    const second = await submit(h, requestBody({ emergencySlug: SLUG, title: 'Segunda para aprobar' }));
    const a = await browser.get(review(first));
    const b = await browser.get(review(first));
    const all = [...tokensOn(a.body), ...tokensOn(b.body)];
    assert.ok(tokensOn(a.body).length >= 2, 'the review page has several forms');
    assert.equal(new Set(all).size, all.length, 'every form of every render has its own masking');
    const raw = await sessionToken(browser);
    for (const body of [a.body, b.body]) assert.ok(!body.includes(raw), 'the bare token is never in a page');
    const [fromA, fromB] = [tokensOn(a.body)[0] as string, tokensOn(b.body)[0] as string];
    const version = versionOn(b.body);
    const one = await browser.post(`${review(first)}/aprobar`, { _csrf: fromA, version }, { origin: BASE_URL });
    assert.equal(one.statusCode, 303);
    await browser.get(review(second));
    const otherVersion = versionOn(browser.last?.body ?? '');
    const two = await browser.post(`${review(second)}/aprobar`, { _csrf: fromB, version: otherVersion });
    assert.equal(two.statusCode, 303, 'a token from an older render still works');
    assert.equal(await reviewStatus(first), 'approved');
    assert.equal(await reviewStatus(second), 'approved');
  });

  test('the bare session token, a tampered masking and another session’s masking are refused', async () => {
    const { browser } = await leader(h, [SLUG]);
    const other = await leader(h, [SLUG]);
    const id = await submit(h, requestBody({ emergencySlug: SLUG, title: 'No se aprueba con tokens ajenos' }));
    await other.browser.get(review(id));
    const foreign = other.browser.csrf;
    await browser.get(review(id));
    const version = versionOn(browser.last?.body ?? '');
    const raw = await sessionToken(browser);
    const bytes = Buffer.from(browser.csrf, 'base64url');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) ^ 0x20;
    const tampered = bytes.toString('base64url');
    const url = `${review(id)}/aprobar`;
    for (const [what, token] of [
      ['bare token', raw],
      ['tampered', tampered],
      ['another session', foreign],
      ['masked by hand for another session', maskToken((await sessionToken(other.browser)) as string)],
    ] as const) {
      const res = await browser.post(url, { _csrf: token, version });
      assert.equal(res.statusCode, 403, what);
      assert.match(res.body, EXPIRED, what);
    }
    assert.equal(await reviewStatus(id), 'pending_review');
  });

  test('a script may send the masked token in x-csrf-token instead; the origin rules still apply', async () => {
    const { browser } = await leader(h, [SLUG]);
    const id = await submit(h, requestBody({ emergencySlug: SLUG, title: 'Aprobada desde un script' }));
    await browser.get(review(id));
    const version = versionOn(browser.last?.body ?? '');
    const masked = browser.csrf;
    const url = `${review(id)}/aprobar`;
    const raw = await sessionToken(browser);
    assert.equal((await browser.post(url, { _csrf: '', version }, { 'x-csrf-token': raw })).statusCode, 403);
    const crossSite = await browser.post(
      url,
      { _csrf: '', version },
      { 'x-csrf-token': masked, origin: 'https://evil.example' },
    );
    assert.equal(crossSite.statusCode, 403);
    assert.equal(await reviewStatus(id), 'pending_review');
    const res = await browser.post(url, { _csrf: '', version }, { 'x-csrf-token': masked, origin: BASE_URL });
    assert.equal(res.statusCode, 303);
    assert.equal(await reviewStatus(id), 'approved');
  });
});

describe('script policy', () => {
  test('the console allows its own script only: served with a type and a cache time, none inline anywhere', async () => {
    const { browser } = await leader(h, [SLUG]);
    const pending = await submit(
      h,
      requestBody({ emergencySlug: SLUG, title: 'Sin scripts <script>alert(1)</script>' }),
    );
    const record = await publish(h, requestBody({ emergencySlug: SLUG, title: 'Publicada" onmouseover="alert(1)' }));
    const js = await browser.get('/panel/consola.js');
    assert.equal(js.statusCode, 200);
    assert.equal(js.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(js.headers['cache-control'], 'public, max-age=3600');
    assert.equal(js.body, readFileSync(new URL('../src/views/console/console.js', import.meta.url), 'utf8'));
    for (const path of [
      '/panel',
      '/panel/cuenta',
      inbox,
      review(pending),
      `/panel/e/${SLUG}/registros`,
      `/panel/e/${SLUG}/registros/${record}`,
      `/panel/e/${SLUG}/logistica`,
      `/panel/e/${SLUG}/compromisos`,
      `/panel/e/${SLUG}/resumen`,
      `/panel/e/${SLUG}/centros`,
      `/panel/e/${SLUG}/por-confirmar`,
      `/panel/e/${SLUG}/reportes`,
      `/panel/e/${SLUG}/no-existe`,
      panelPaths.signIn,
    ]) {
      // The sign-in page as someone signed out sees it (a signed-in leader is sent on).
      const res = path === panelPaths.signIn ? await new Browser(h).get(path) : await browser.get(path);
      assert.ok(res.statusCode === 200 || res.statusCode === 404, `${path}: ${res.statusCode}`);
      const policy = res.headers['content-security-policy'] as string;
      assert.match(policy, /(^|; )script-src 'self'(;|$)/, path);
      assert.match(policy, /(^|; )connect-src 'self'(;|$)/, path);
      assert.doesNotMatch(policy, /unsafe-inline|unsafe-eval/, path);
      const scripts = res.body.match(/<script\b[^>]*>[\s\S]*?<\/script>/gi) ?? [];
      assert.ok(
        scripts.every((s) => s === SCRIPT),
        `${path}: only ${SCRIPT}`,
      );
      assert.equal((res.body.match(/<script/gi) ?? []).length, scripts.length, `${path}: no unclosed script`);
      const handlers = [...res.body.matchAll(/<[a-z][^>]*\son[a-z]+\s*=/gi)].map((m) => m[0]);
      assert.deepEqual(handlers, [], `${path}: no on*= attribute`);
      assert.doesNotMatch(res.body, /javascript:/i, path);
    }
  });
});
