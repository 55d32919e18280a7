// The console's second factor (TOTP): set up from "Mi cuenta", sign-in with password and code, recovery codes,
// the sign-in throttle over codes, REQUIRE_2FA, `ayuda leader reset-2fa`, and what a stolen password alone opens.
// Codes come from otplib at the harness clock's time, the time the service checks them at.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { generate } from 'otplib';
import { recoveryCodeHash } from '../src/auth/recovery-codes.ts';
import { createAccount } from '../src/commands/create-account.ts';
import { setAccountDisabled } from '../src/commands/set-account-disabled.ts';
import { THROTTLE } from '../src/commands/sign-in.ts';
import { DEMO_ACCOUNT } from '../src/demo/demo-operations.ts';
import { demoSecondFactor } from '../src/demo/demo-second-factor.ts';
import { runCli } from './helpers/cli.ts';
import { Browser, leader, PASSWORD } from './helpers/console.ts';
import { addEmergency, BASE_URL, type Harness, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
/** A fixed key: the tests need one, not a secret one. */
const TOTP_KEY = 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00';
let h: Harness;

before(async () => {
  h = await setup({ TOTP_KEY });
  await addEmergency(h, SLUG, 'Inundación Mocoa');
});
after(() => h.close());

/** The secret as the setup page shows it (in groups), without spaces. */
function shownSecret(body: string): string {
  const match = /<code id="totp-secret">([A-Z2-7 ]+)<\/code>/.exec(body);
  assert.ok(match, 'the secret is on the page');
  return (match[1] as string).replace(/ /g, '');
}

function codeAt(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(h.clock.now().getTime() / 1000) });
}

/** A code step later than any code taken before: a code is good once. */
function nextStep(): void {
  h.clock.advanceHours(1 / 60);
}

function recoveryCodes(body: string): string[] {
  return [...body.matchAll(/<li><code>([a-z2-9]{5}-[a-z2-9]{5})<\/code><\/li>/g)].map((m) => m[1] as string);
}

async function accountRow(email: string) {
  return h.ctx.db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
}

/** Sets up a factor from "Mi cuenta" for a signed-in browser; returns the secret and the recovery codes. */
async function setUpFactor(browser: Browser) {
  await browser.get('/panel/cuenta');
  const started = await browser.post('/panel/cuenta/segundo-factor');
  assert.equal(started.statusCode, 303);
  assert.equal(started.headers.location, '/panel/cuenta/segundo-factor');
  const page = await browser.get('/panel/cuenta/segundo-factor');
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /<svg width="220" height="220" role="img"/);
  const secret = shownSecret(page.body);
  const confirmed = await browser.post('/panel/cuenta/segundo-factor/confirmar', { code: await codeAt(secret) });
  assert.equal(confirmed.statusCode, 200, confirmed.body);
  const codes = recoveryCodes(confirmed.body);
  nextStep();
  return { secret, codes, confirmed };
}

/** Password, then (when asked) the code: the session cookie and where each step led. */
async function signInWithCode(email: string, code: () => Promise<string> | string) {
  const browser = new Browser(h);
  const first = await browser.signIn(email);
  assert.equal(first.statusCode, 303, first.body);
  assert.equal(first.headers.location, '/panel/entrar/codigo');
  assert.equal(browser.cookies.has('ayuda_panel'), false, 'no session after the password alone');
  await browser.get('/panel/entrar/codigo');
  const second = await browser.post('/panel/entrar/codigo', { code: await code() });
  return { browser, second };
}

describe('setting up and signing in', () => {
  test('a leader sets up a factor on "Mi cuenta", then signs in with password and code', async () => {
    const { browser, email } = await leader(h, [SLUG]);
    const before = await browser.get('/panel/cuenta');
    assert.match(before.body, /Configurar segundo factor/);
    await browser.post('/panel/cuenta/segundo-factor');
    const secretBefore = shownSecret((await browser.get('/panel/cuenta/segundo-factor')).body);
    // A wrong first code leaves the factor off, says so and shows the same secret again.
    const wrong = await browser.post('/panel/cuenta/segundo-factor/confirmar', { code: '000000' });
    assert.equal(wrong.statusCode, 401);
    assert.match(wrong.body, /El código no es válido/);
    assert.equal(shownSecret(wrong.body), secretBefore);
    const { secret, codes, confirmed } = await setUpFactor(browser);
    assert.equal(secret, secretBefore, 'the secret waiting for its first code is kept');
    assert.equal(codes.length, 10);
    assert.equal(new Set(codes).size, codes.length);
    assert.equal(confirmed.headers.location, undefined, 'the codes come in the answer, never through a redirect');
    const account = await browser.get('/panel/cuenta');
    assert.match(account.body, new RegExp(`Códigos de recuperación sin usar: ${codes.length}`));
    assert.doesNotMatch(account.body, new RegExp(codes[0] as string), 'the codes are shown once');

    const { browser: again, second } = await signInWithCode(email, () => codeAt(secret));
    assert.equal(second.statusCode, 303, second.body);
    assert.equal(second.headers.location, '/panel');
    assert.equal((await again.get('/panel')).statusCode, 200);
  });

  test('a code already taken does not work again, and a wrong one says only that it is not valid', async () => {
    const { browser, email } = await leader(h, [SLUG]);
    const { secret } = await setUpFactor(browser);
    const code = await codeAt(secret);
    const first = await signInWithCode(email, () => code);
    assert.equal(first.second.statusCode, 303);
    const replay = await signInWithCode(email, () => code);
    assert.equal(replay.second.statusCode, 401);
    assert.match(replay.second.body, /El código no es válido/);
    assert.equal(replay.browser.cookies.has('ayuda_panel'), false);
    nextStep();
  });

  test('a recovery code signs in once', async () => {
    const { browser, email } = await leader(h, [SLUG]);
    const { codes } = await setUpFactor(browser);
    const code = (codes[3] as string).toUpperCase().replace('-', ' ');
    const first = await signInWithCode(email, () => code);
    assert.equal(first.second.statusCode, 303, first.second.body);
    assert.equal((await first.browser.get('/panel/cuenta')).statusCode, 200);
    assert.match(first.browser.last?.body ?? '', new RegExp(`sin usar: ${codes.length - 1}`));
    const second = await signInWithCode(email, () => code);
    assert.equal(second.second.statusCode, 401);
    const other = await signInWithCode(email, () => codes[4] as string);
    assert.equal(other.second.statusCode, 303);
  });

  test('wrong codes are counted by the sign-in throttle: past its free attempts even the right code waits', async () => {
    const { browser, email } = await leader(h, [SLUG]);
    const { secret } = await setUpFactor(browser);
    const person = new Browser(h);
    await person.signIn(email);
    await person.get('/panel/entrar/codigo');
    const statuses: number[] = [];
    // The password took one attempt of the pair's free ones; the codes take the rest.
    for (let i = 0; i < THROTTLE.pair.free; i++) {
      statuses.push((await person.post('/panel/entrar/codigo', { code: '000000' })).statusCode);
    }
    assert.deepEqual(statuses.slice(0, THROTTLE.pair.free - 2), Array(THROTTLE.pair.free - 2).fill(401));
    assert.ok(statuses.includes(429), `throttled within the free attempts: ${statuses}`);
    const right = await person.post('/panel/entrar/codigo', { code: await codeAt(secret) });
    assert.equal(right.statusCode, 429);
    assert.ok(Number(right.headers['retry-after']) > 0);
    assert.equal(person.cookies.has('ayuda_panel'), false);
    const failed = await h.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'sign_in_failed')
      .where('actor', '=', `panel:${email}`)
      .execute();
    assert.ok(failed.some((row) => String(row.details).includes('"step":"code"')));
  });

  test('turning the factor off needs a current code', async () => {
    const { browser, email } = await leader(h, [SLUG]);
    const { secret } = await setUpFactor(browser);
    const wrong = await browser.post('/panel/cuenta/segundo-factor/quitar', { code: '123456' });
    assert.equal(wrong.statusCode, 401);
    assert.match(wrong.body, /El código no es válido/);
    assert.notEqual((await accountRow(email)).totp_secret, null);
    const off = await browser.post('/panel/cuenta/segundo-factor/quitar', { code: await codeAt(secret) });
    assert.equal(off.statusCode, 303);
    const row = await accountRow(email);
    assert.deepEqual([row.totp_secret, row.totp_confirmed_at, row.totp_recovery], [null, null, null]);
    const plain = await new Browser(h).signIn(email);
    assert.equal(plain.headers.location, '/panel');
  });
});

describe('what is stored, and a stolen password', () => {
  test('the secret and the recovery codes are not in the database in clear', async () => {
    const { browser, email } = await leader(h, [SLUG]);
    const { secret, codes } = await setUpFactor(browser);
    const row = await accountRow(email);
    const stored = JSON.stringify(row);
    assert.ok(row.totp_secret && row.totp_secret.length > secret.length);
    for (const clear of [secret, secret.toLowerCase(), ...codes, ...codes.map((c) => c.replace('-', ''))]) {
      assert.equal(stored.includes(clear), false, `${clear} is not stored`);
    }
    assert.deepEqual(JSON.parse(row.totp_recovery as string), codes.map(recoveryCodeHash));
  });

  test('a stolen password alone gets no session and no console page', async () => {
    const { browser, email } = await leader(h, [SLUG]);
    await setUpFactor(browser);
    const scammer = new Browser(h);
    const res = await scammer.signIn(email, PASSWORD);
    assert.equal(res.statusCode, 303);
    assert.equal(scammer.cookies.has('ayuda_panel'), false);
    const step = scammer.cookies.get('ayuda_panel_paso');
    assert.ok(step, 'only the step’s own cookie');
    for (const path of ['/panel', '/panel/cuenta', `/panel/e/${SLUG}`]) {
      const page = await scammer.get(path);
      assert.equal(page.statusCode, 303, path);
      assert.match(String(page.headers.location), /^\/panel\/entrar/);
    }
    // The step's token planted as a session cookie opens nothing either.
    scammer.cookies.set('ayuda_panel', step);
    assert.equal((await scammer.get('/panel')).statusCode, 303);
    assert.equal((await scammer.get('/panel/cuenta')).statusCode, 303);
  });
});

describe('REQUIRE_2FA, reset and erasure', () => {
  /** An admin, who REQUIRE_2FA=admins sends to set up a factor right after the password; returns its secret. */
  async function adminWithFactor() {
    const { browser, email, account } = await leader(h, [], 'admin');
    assert.equal(browser.last?.headers.location, '/panel/entrar/segundo-factor');
    assert.equal(browser.cookies.has('ayuda_panel'), false);
    const setupPage = await browser.get('/panel/entrar/segundo-factor');
    assert.equal(setupPage.statusCode, 200);
    assert.match(setupPage.body, /<svg /);
    const secret = shownSecret(setupPage.body);
    // Nothing else opens until the factor is set up.
    assert.equal((await browser.get('/panel')).statusCode, 303);
    await browser.get('/panel/entrar/segundo-factor');
    const wrong = await browser.post('/panel/entrar/segundo-factor', { code: '000000' });
    assert.equal(wrong.statusCode, 401);
    assert.equal(shownSecret(wrong.body), secret);
    const done = await browser.post('/panel/entrar/segundo-factor', { code: await codeAt(secret) });
    assert.equal(done.statusCode, 200, done.body);
    assert.equal(recoveryCodes(done.body).length, 10);
    assert.ok(browser.cookies.has('ayuda_panel'), 'the session opens once the factor is confirmed');
    assert.equal((await browser.get('/panel/cuentas')).statusCode, 200);
    nextStep();
    return { email, account, secret };
  }

  test('REQUIRE_2FA=admins (the default) sends an admin to set up a factor first, and lets a leader in', async () => {
    const lead = await leader(h, [SLUG]);
    assert.equal(lead.browser.last?.headers.location, '/panel');
    assert.equal((await lead.browser.get('/panel/cuenta')).statusCode, 200);
    const { email, secret } = await adminWithFactor();
    const again = await signInWithCode(email, () => codeAt(secret));
    assert.equal(again.second.statusCode, 303);
  });

  test('`ayuda leader reset-2fa` clears the factor and its recovery codes, and is audited', async () => {
    const { email, account } = await adminWithFactor();
    const env = { DATABASE_URL: h.dbUrl, BASE_URL, TOTP_KEY };
    const reset = await runCli(['leader', 'reset-2fa', email.toUpperCase(), '--json'], env);
    assert.equal(reset.code, 0, reset.stderr);
    assert.deepEqual(JSON.parse(reset.stdout), { id: account.id, email, removed: true });
    const row = await accountRow(email);
    assert.deepEqual([row.totp_secret, row.totp_confirmed_at, row.totp_recovery], [null, null, null]);
    const audited = await h.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('target_id', '=', account.id)
      .where('action', '=', 'second_factor_reset')
      .execute();
    assert.equal(audited.length, 1);
    assert.match(audited[0]?.actor as string, /^cli:/);
    // Without a factor, the admin is sent to set up a new one.
    const browser = new Browser(h);
    assert.equal((await browser.signIn(email)).headers.location, '/panel/entrar/segundo-factor');
    const unknown = await runCli(['leader', 'reset-2fa', 'nadie@ayuda.test'], env);
    assert.notEqual(unknown.code, 0);
  });

  test('turning an account off clears its factor', async () => {
    const { browser, email, account } = await leader(h, [SLUG]);
    await setUpFactor(browser);
    await setAccountDisabled(h.ctx, account.id, true, 'test');
    const row = await accountRow(email);
    assert.deepEqual([row.totp_secret, row.totp_recovery], [null, null]);
  });

  test('the demo’s admin gets a factor, the same one on every start, and signs in with its code', async () => {
    await createAccount(h.ctx, { ...DEMO_ACCOUNT, role: 'admin', emergencySlugs: [] }, 'test');
    const secret = await demoSecondFactor(h.ctx);
    assert.ok(secret);
    assert.equal(await demoSecondFactor(h.ctx), secret);
    // Started under another TOTP_KEY, the demo cannot open the old secret and sets up a new one.
    const rotated = await setup({ TOTP_KEY: TOTP_KEY.split('').reverse().join('') }, h);
    try {
      const renewed = await demoSecondFactor(rotated.ctx);
      assert.ok(renewed && renewed !== secret);
    } finally {
      await rotated.close();
    }
    // Back under this key, the demo sets up once more (the one just made is sealed under the other key).
    const current = (await demoSecondFactor(h.ctx)) as string;
    nextStep();
    const browser = new Browser(h);
    assert.equal(
      (await browser.signIn(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)).headers.location,
      '/panel/entrar/codigo',
    );
    await browser.get('/panel/entrar/codigo');
    assert.equal((await browser.post('/panel/entrar/codigo', { code: await codeAt(current) })).statusCode, 303);
    assert.ok(browser.cookies.has('ayuda_panel'));
  });

  test('without TOTP_KEY nothing is required and "Mi cuenta" says why there is no second factor', async () => {
    const plain = await setup({}, h);
    try {
      const { browser } = await leader(plain, [], 'admin');
      assert.equal(browser.last?.headers.location, '/panel');
      const page = await browser.get('/panel/cuenta');
      assert.match(page.body, /hasta que quien lo opera configure TOTP_KEY/);
      assert.equal((await browser.post('/panel/cuenta/segundo-factor')).statusCode, 404);
    } finally {
      await plain.close();
    }
  });
});
