// Sign-in throttling under real concurrency: a started server, many parallel POSTs over real sockets. Only the
// attempts the limit allows ever reach the password check, however many arrive at once.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { THROTTLE } from '../src/commands/sign-in.ts';
import { leader, PASSWORD } from './helpers/console.ts';
import { BASE_URL, type Harness, setup } from './helpers/harness.ts';

let h: Harness;
let base = '';
before(async () => {
  // Behind a trusted proxy, so each test speaks from its own client address.
  h = await setup({ TRUST_PROXY: 'true' });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
});
after(() => h.close());

/** The sign-in form's cookie and token, fetched once; every parallel POST reuses them. */
async function signInForm(address: string): Promise<{ cookie: string; csrf: string }> {
  const res = await fetch(`${base}/panel/entrar`, { headers: { 'x-forwarded-for': address } });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] as string)
    .find((c) => c.startsWith('ayuda_panel_ingreso='));
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await res.text())?.[1];
  assert.ok(cookie && csrf, 'the sign-in page sets its cookie and token');
  return { cookie, csrf };
}

interface Outcome {
  status: number;
  session: boolean;
}

function post(form: { cookie: string; csrf: string }, address: string, email: string, password: string) {
  return fetch(`${base}/panel/entrar`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: form.cookie,
      origin: BASE_URL,
      'x-forwarded-for': address,
    },
    body: new URLSearchParams({ _csrf: form.csrf, email, password }).toString(),
  }).then(async (res): Promise<Outcome> => {
    await res.arrayBuffer();
    const session = res.headers.getSetCookie().some((c) => /^ayuda_panel=[^;]+/.test(c));
    return { status: res.status, session };
  });
}

const audited = async (action: string, actorLike: string) =>
  Number(
    (
      await h.ctx.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('action', '=', action)
        .where('actor', 'like', actorLike)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('parallel sign-in attempts over HTTP', () => {
  test('60 wrong passwords at once for one e-mail from one address: at most the limit are checked, the rest get 429', async () => {
    const { email } = await leader(h, []);
    const address = '192.0.2.10';
    const form = await signInForm(address);
    const outcomes = await Promise.all(Array.from({ length: 60 }, (_, i) => post(form, address, email, `mala-${i}`)));
    const checked = await audited('sign_in_failed', `panel:${email}`);
    assert.ok(checked >= 1 && checked <= THROTTLE.pair.free, `${checked} passwords checked`);
    const refused = outcomes.filter((o) => o.status === 429).length;
    assert.ok(refused >= 60 - THROTTLE.pair.free, `${refused} refused`);
    assert.ok(
      outcomes.every((o) => o.status === 401 || o.status === 429),
      JSON.stringify(outcomes.map((o) => o.status)),
    );
    assert.ok(outcomes.every((o) => !o.session));
  });

  test('60 wrong passwords at once for 60 e-mails from one address: at most the address limit are checked', async () => {
    const address = '192.0.2.11';
    const form = await signInForm(address);
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, (_, i) => post(form, address, `rafaga${i}-${process.pid}@ayuda.test`, 'x')),
    );
    const checked = await audited('sign_in_failed', `panel:rafaga%-${process.pid}@ayuda.test`);
    assert.ok(checked >= 1 && checked <= THROTTLE.address.free, `${checked} passwords checked`);
    assert.ok(outcomes.filter((o) => o.status === 429).length >= 60 - THROTTLE.address.free);
  });

  test('99 wrong passwords and the right one at once: no session is opened', async () => {
    const { email, account } = await leader(h, []);
    const signedInBefore = await audited('signed_in', `panel:${email}`);
    const address = '192.0.2.12';
    const form = await signInForm(address);
    const attempts = Array.from({ length: 99 }, (_, i) => post(form, address, email, `mala-${i}`));
    attempts.push(post(form, address, email, PASSWORD));
    const outcomes = await Promise.all(attempts);
    assert.ok(
      outcomes.every((o) => !o.session),
      'no session cookie',
    );
    assert.equal(outcomes.filter((o) => o.status === 303).length, 0);
    assert.equal(await audited('signed_in', `panel:${email}`), signedInBefore, 'no signed_in entry');
    const sessions = await h.ctx.db
      .selectFrom('console_sessions')
      .select('id')
      .where('account_id', '=', account.id)
      .execute();
    assert.equal(sessions.length, 1, 'only the session the helper opened');
    assert.ok((await audited('sign_in_failed', `panel:${email}`)) <= THROTTLE.pair.free);
  });
});
