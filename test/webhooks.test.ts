// Signed webhooks (Standard Webhooks) of the public change feed, against a real receiver on 127.0.0.1 that verifies
// every message with the standardwebhooks package: one message per change with the feed's ChangeEvent as data,
// filters by emergency and kind, retries with the same webhook-id and growing waits, dead after a day and sent
// again, no redirect followed, the address rule at registration and at connection, a withdrawal that reaches a
// message not sent yet; `ayuda webhook …` and the administrators' console page.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { withdrawWithToken } from '../src/commands/personal-data/withdraw.ts';
import { setRecordStatus } from '../src/commands/set-record-status.ts';
import { deliverDue } from '../src/commands/webhooks/deliver.ts';
import { WEBHOOK_USER_AGENT } from '../src/commands/webhooks/http-post.ts';
import { addWebhook, type NewWebhook, removeWebhook } from '../src/commands/webhooks/subscriptions.ts';
import { createContext } from '../src/context.ts';
import type { AppError } from '../src/errors.ts';
import { deadDeliveries, listWebhooks } from '../src/queries/webhooks.ts';
import { runCli } from './helpers/cli.ts';
import { leader } from './helpers/console.ts';
import { addEmergency, type Harness, HELP, publish, requestBody, setup } from './helpers/harness.ts';
import { nextMobile, nextSerial, tokenFor } from './helpers/samples.ts';
import { WebhookReceiver } from './helpers/webhook-receiver.ts';

const CHANGES = '/api/public/v1/changes';
const MOCOA = 'inundacion-mocoa';
const PASTO = 'sismo-pasto';

let h: Harness;
let receiver: WebhookReceiver;
let env: Record<string, string>;
before(async () => {
  h = await setup({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: '500' });
  await addEmergency(h);
  await addEmergency(h, PASTO, 'Sismo Pasto');
  receiver = await new WebhookReceiver().start();
  env = { DATABASE_URL: h.dbUrl, AYUDA_ACTOR: 'ana', WEBHOOK_ALLOW_PRIVATE: 'true' };
});
after(async () => {
  await receiver.close();
  await h.close();
});

/** Each test's subscriptions go at its end, so no later change is queued for them. */
const active = new Set<string>();
afterEach(async () => {
  for (const id of active) await removeWebhook(h.ctx, id, 'test');
  active.clear();
});

async function subscribe(path: string, options: Omit<NewWebhook, 'url'> = {}) {
  const issued = await addWebhook(h.ctx, { url: receiver.url(path), ...options }, 'test');
  receiver.trust(path, issued.secret);
  active.add(issued.id);
  return issued;
}

const minutes = (n: number) => h.clock.advanceHours(n / 60);
const request = (overrides: Record<string, unknown> = {}) => requestBody({ emergencySlug: MOCOA, ...overrides });

async function deliveriesOf(subscriptionId: string) {
  const rows = await h.ctx.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .orderBy('change_seq')
    .execute();
  return rows.map((row) => ({ ...row, change_seq: Number(row.change_seq) }));
}

async function feedHead(): Promise<string> {
  return (await h.json({ method: 'GET', url: CHANGES })).body.next;
}

describe('delivery', () => {
  test('a published record reaches the subscriber once, signed, with the feed’s ChangeEvent as data', async () => {
    const hook = await subscribe('/uno');
    const start = await feedHead();
    const id = await publish(h, request({ title: 'Agua para el albergue' }));
    const report = await deliverDue(h.ctx);
    assert.deepEqual(report, { delivered: 1, retried: 0, dead: 0 });

    const [message, ...more] = receiver.at('/uno');
    assert.ok(message && more.length === 0, 'one message');
    assert.equal(message.verified, true, 'Webhook.verify accepts it');
    assert.match(message.id, /^msg_[0-9a-f]{32}$/);
    assert.equal(message.headers['content-type'], 'application/json');
    assert.equal(message.headers['user-agent'], WEBHOOK_USER_AGENT);
    assert.equal(message.headers['user-agent'], 'AyudaDirecta-Webhooks/1.6.0');
    assert.ok(Math.abs(Number(message.timestamp) - Date.now() / 1000) < 60, 'signed at the real time of the attempt');

    const feed = (await h.json({ method: 'GET', url: `${CHANGES}?since=${start}` })).body.events;
    assert.equal(feed.length, 1);
    assert.deepEqual(Object.keys(message.payload), ['type', 'timestamp', 'data']);
    assert.equal(message.payload.type, 'change.published');
    assert.equal(message.payload.timestamp, feed[0].at);
    assert.deepEqual(message.payload.data, feed[0], 'the data is the feed’s event');
    assert.equal(message.payload.data.id, id);

    const [row] = await deliveriesOf(hook.id);
    assert.equal(row?.id, message.id);
    assert.equal(row?.status, 'delivered');
    assert.equal(row?.attempts, 1);
    assert.equal(row?.last_status, 200);
    assert.ok(row?.delivered_at);
    assert.deepEqual(await deliverDue(h.ctx), { delivered: 0, retried: 0, dead: 0 }, 'nothing twice');
    assert.equal(receiver.at('/uno').length, 1);
  });

  test('filters: an emergency, some kinds; without them every change', async () => {
    await subscribe('/pasto', { emergencySlug: PASTO });
    await subscribe('/estados', { kinds: ['status_changed'] });
    await subscribe('/todo');
    const inMocoa = await publish(h, request());
    const inPasto = await publish(h, requestBody({ emergencySlug: PASTO }));
    await setRecordStatus(h.ctx, inMocoa, 'in_process', 'leader');
    await deliverDue(h.ctx);

    const seen = (path: string) => receiver.at(path).map((m) => [m.payload.type, m.payload.data.id]);
    assert.deepEqual(seen('/pasto'), [['change.published', inPasto]]);
    assert.deepEqual(seen('/estados'), [['change.status_changed', inMocoa]]);
    assert.deepEqual(
      seen('/todo').sort(),
      [
        ['change.published', inMocoa],
        ['change.published', inPasto],
        ['change.status_changed', inMocoa],
      ].sort(),
    );
    assert.ok(receiver.received.every((m) => m.verified));
  });

  test('a failing receiver (500, then no answer in time) gets the same webhook-id again, later each time', async () => {
    receiver.plan('/falla', [500, 'hold']);
    const hook = await subscribe('/falla');
    await publish(h, request());

    const first = h.ctx.now().getTime();
    assert.deepEqual(await deliverDue(h.ctx), { delivered: 0, retried: 1, dead: 0 });
    let [row] = await deliveriesOf(hook.id);
    assert.equal(row?.status, 'pending');
    assert.equal(row?.attempts, 1);
    assert.equal(row?.last_status, 500);
    assert.equal(row?.last_error, 'respondió HTTP 500');
    assert.equal(row?.locked_until, null);
    const firstWait = Date.parse(row?.next_attempt_at ?? '') - first;
    assert.ok(firstWait >= 24_000 && firstWait <= 37_000, `first wait ${firstWait} ms`);

    assert.deepEqual(await deliverDue(h.ctx), { delivered: 0, retried: 0, dead: 0 }, 'not due yet');
    minutes(1);
    const second = h.ctx.now().getTime();
    assert.deepEqual(await deliverDue(h.ctx), { delivered: 0, retried: 1, dead: 0 });
    [row] = await deliveriesOf(hook.id);
    assert.equal(row?.attempts, 2);
    assert.equal(row?.last_status, null);
    assert.match(row?.last_error ?? '', /sin respuesta en 0.5 s/);
    const secondWait = Date.parse(row?.next_attempt_at ?? '') - second;
    assert.ok(secondWait >= 96_000 && secondWait <= 145_000, `second wait ${secondWait} ms`);
    assert.ok(secondWait > firstWait);

    minutes(3);
    assert.deepEqual(await deliverDue(h.ctx), { delivered: 1, retried: 0, dead: 0 });
    [row] = await deliveriesOf(hook.id);
    assert.equal(row?.status, 'delivered');
    assert.equal(row?.attempts, 3);
    const messages = receiver.at('/falla');
    assert.equal(messages.length, 3);
    assert.deepEqual(
      messages.map((m) => m.id),
      [row?.id, row?.id, row?.id],
      'one webhook-id on every attempt',
    );
    assert.ok(messages.every((m) => m.verified));
  });

  test('a redirect is not followed: the attempt failed and the other address gets nothing', async () => {
    receiver.plan('/redirige', ['redirect']);
    const hook = await subscribe('/redirige');
    await publish(h, request());
    assert.deepEqual(await deliverDue(h.ctx), { delivered: 0, retried: 1, dead: 0 });
    const [row] = await deliveriesOf(hook.id);
    assert.equal(row?.last_status, 302);
    assert.match(row?.last_error ?? '', /no se siguen redirecciones/);
    assert.equal(receiver.at('/destino-de-redireccion').length, 0);
  });

  test('past a day of failures it is dead, listed, and sent again with the same webhook-id', async () => {
    receiver.plan('/caida', new Array(40).fill(503));
    const hook = await subscribe('/caida');
    await publish(h, request());
    await deliverDue(h.ctx);
    for (let hour = 0; hour < 26; hour++) {
      h.clock.advanceHours(1);
      await deliverDue(h.ctx);
    }
    const [row] = await deliveriesOf(hook.id);
    assert.equal(row?.status, 'dead');
    assert.equal(row?.last_status, 503);
    const attempts = receiver.at('/caida').length;
    assert.equal(row?.attempts, attempts);
    assert.ok(attempts >= 7 && attempts <= 13, `${attempts} attempts in a day`);
    h.clock.advanceHours(5);
    await deliverDue(h.ctx);
    assert.equal(receiver.at('/caida').length, attempts, 'a dead delivery is not tried again on its own');

    const dead = await deadDeliveries(h.ctx);
    const listed = dead.find((d) => d.id === row?.id);
    assert.equal(listed?.webhookId, hook.id);
    assert.equal(listed?.kind, 'published');
    const cli = await runCli(['webhook', 'dead', hook.id, '--json'], env);
    assert.equal(cli.code, 0, cli.stderr);
    assert.deepEqual(
      JSON.parse(cli.stdout).map((d: { id: string }) => d.id),
      [row?.id],
    );
    assert.match((await runCli(['webhook', 'dead'], env)).stdout, new RegExp(row?.id ?? 'x'));

    receiver.plan('/caida', []);
    const resent = await runCli(['webhook', 'resend', row?.id ?? '', '--json'], env);
    assert.equal(resent.code, 0, resent.stderr);
    assert.equal(JSON.parse(resent.stdout).result, 'delivered');
    const [after] = await deliveriesOf(hook.id);
    assert.equal(after?.status, 'delivered');
    const messages = receiver.at('/caida');
    assert.equal(messages.at(-1)?.id, row?.id, 'the same webhook-id');
    assert.equal(messages.at(-1)?.verified, true);
    const again = await runCli(['webhook', 'resend', row?.id ?? ''], env);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /webhook_delivery_not_dead/);
  });

  test('a withdrawal before the message leaves: the message carries no trace of the withdrawn contact', async () => {
    await subscribe('/retiro');
    const canary = `Canario${tokenFor(nextSerial())}`;
    const phone = nextMobile();
    const sent = await h.json({
      method: 'POST',
      url: HELP,
      payload: request({ contactName: `Ana ${canary}`, contactWhatsapp: phone, description: `Agua ${canary}` }),
    });
    assert.equal(sent.status, 202);
    await approveSubmission(h.ctx, sent.body.id, 'leader');
    await withdrawWithToken(h.ctx, sent.body.id, sent.body.editToken);
    await deliverDue(h.ctx);

    const messages = receiver.at('/retiro');
    assert.deepEqual(messages.map((m) => m.payload.type).sort(), ['change.published', 'change.withdrawn']);
    const digits = phone.slice(1);
    for (const m of messages) {
      assert.ok(m.verified);
      assert.equal(m.payload.data.state, null);
      assert.ok(!m.body.includes(canary) && !m.body.includes(digits), `no trace in ${m.payload.type}`);
    }
    assert.equal(messages.find((m) => m.payload.type === 'change.published')?.payload.data.redacted, true);
    const stored = JSON.stringify([
      await h.ctx.db.selectFrom('webhook_deliveries').selectAll().execute(),
      await h.ctx.db.selectFrom('webhook_subscriptions').selectAll().execute(),
    ]);
    assert.ok(!stored.includes(canary) && !stored.includes(digits), 'nor in the webhook tables');
  });

  test('an entry dropped by retention before it was sent: dead, with the reason', async () => {
    const hook = await subscribe('/antigua');
    await publish(h, request());
    const [row] = await deliveriesOf(hook.id);
    await h.ctx.db
      .deleteFrom('public_changes')
      .where('seq', '=', row?.change_seq ?? 0)
      .execute();
    assert.deepEqual(await deliverDue(h.ctx), { delivered: 0, retried: 0, dead: 1 });
    const [dead] = await deliveriesOf(hook.id);
    assert.equal(dead?.status, 'dead');
    assert.match(dead?.last_error ?? '', /ya no existe/);
    assert.equal(receiver.at('/antigua').length, 0);
  });

  test('removing a subscription stops what it was not sent yet', async () => {
    const hook = await subscribe('/quitada');
    await publish(h, request());
    await removeWebhook(h.ctx, hook.id, 'test');
    active.delete(hook.id);
    await deliverDue(h.ctx);
    assert.equal(receiver.at('/quitada').length, 0);
    const [row] = await deliveriesOf(hook.id);
    assert.equal(row?.status, 'dead');
    assert.match(row?.last_error ?? '', /se quitó/);
    assert.ok(!(await deadDeliveries(h.ctx)).some((d) => d.id === row?.id), 'not offered to send again');
    await publish(h, request());
    assert.equal((await deliveriesOf(hook.id)).length, 1, 'no new delivery');
    await assert.rejects(removeWebhook(h.ctx, hook.id, 'test'), (err: AppError) => err.code === 'webhook_not_found');
  });
});

describe('addresses', () => {
  test('registration refuses local, private and link-local addresses, other schemes and credentials', async () => {
    const strict = { DATABASE_URL: h.dbUrl };
    const before = (await listWebhooks(h.ctx)).length;
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://10.1.2.3/x',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://localhost:9/x',
      'ftp://receptor.example.org/x',
      'https://ana:clave@receptor.example.org/x',
    ]) {
      const refused = await runCli(['webhook', 'add', '--url', url], strict);
      assert.equal(refused.code, 1, url);
      assert.match(refused.stderr, /webhook_url_refused/, url);
    }
    assert.equal((await listWebhooks(h.ctx)).length, before, 'nothing registered');
  });

  test('a delivery is refused at connection when its name resolves to a forbidden address there', async () => {
    // Registered where private addresses are allowed; sent by an instance where they are not.
    const hook = await addWebhook(h.ctx, { url: receiver.url('/por-nombre', 'localhost') }, 'test');
    receiver.trust('/por-nombre', hook.secret);
    active.add(hook.id);
    const literal = await subscribe('/literal');
    await publish(h, request());

    const strict = createContext({ ...h.config, webhookAllowPrivate: false }, h.database, h.clock.now);
    assert.deepEqual(await deliverDue(strict), { delivered: 0, retried: 2, dead: 0 });
    assert.equal(receiver.at('/por-nombre').length + receiver.at('/literal').length, 0, 'no connection made');
    for (const id of [hook.id, literal.id]) {
      const [row] = await deliveriesOf(id);
      assert.equal(row?.status, 'pending');
      assert.equal(row?.last_status, null);
      assert.match(row?.last_error ?? '', /(127\.0\.0\.1|::1) es local, privada o reservada/);
    }
    minutes(1);
    assert.deepEqual(await deliverDue(h.ctx), { delivered: 2, retried: 0, dead: 0 }, 'allowed here');
  });
});

describe('ayuda webhook', () => {
  const cli = (...args: string[]) => runCli(args, env);

  test('add prints the secret once; list shows filters and counts, never the secret; test sends a signed message', async () => {
    const added = await cli(
      'webhook',
      'add',
      '--url',
      receiver.url('/cli'),
      '--emergency',
      MOCOA,
      '--kinds',
      'withdrawn,published',
      '--description',
      'Tablero de la alcaldía',
      '--json',
    );
    assert.equal(added.code, 0, added.stderr);
    const issued = JSON.parse(added.stdout);
    active.add(issued.id);
    receiver.trust('/cli', issued.secret);
    assert.match(issued.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.deepEqual(issued.kinds, ['published', 'withdrawn'], 'in the feed’s order');
    assert.equal(issued.emergencySlug, MOCOA);
    const stored = await h.ctx.db
      .selectFrom('webhook_subscriptions')
      .selectAll()
      .where('id', '=', issued.id)
      .executeTakeFirst();
    assert.equal(stored?.secret, issued.secret);
    assert.equal(stored?.kinds, 'published,withdrawn');
    assert.equal(stored?.created_by, 'cli:ana');

    const text = await cli('webhook', 'add', '--url', receiver.url('/cli-texto'));
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /Webhook registrado: /);
    const textId = /Webhook registrado: (\S+)/.exec(text.stdout)?.[1] as string;
    active.add(textId);
    assert.match(text.stdout.trim().split('\n').at(-1) ?? '', /^whsec_/);

    await publish(h, request());
    const listed = await cli('webhook', 'list', '--json');
    assert.equal(listed.code, 0, listed.stderr);
    const row = JSON.parse(listed.stdout).find((w: { id: string }) => w.id === issued.id);
    assert.deepEqual(row.deliveries, { pending: 1, delivered: 0, dead: 0 });
    assert.equal(row.description, 'Tablero de la alcaldía');
    const table = await cli('webhook', 'list');
    for (const output of [listed.stdout, table.stdout]) assert.ok(!output.includes(issued.secret), 'no secret');
    assert.match(table.stdout, /published,withdrawn/);

    const tested = await cli('webhook', 'test', issued.id, '--json');
    assert.equal(tested.code, 0, tested.stderr);
    const outcome = JSON.parse(tested.stdout);
    assert.deepEqual([outcome.delivered, outcome.status], [true, 200]);
    const message = receiver.at('/cli').at(-1);
    assert.equal(message?.id, outcome.messageId);
    assert.equal(message?.verified, true);
    assert.equal(message?.payload.type, 'webhook.test');
  });

  test('test reports a receiver that fails; remove; unknown ids and bad filters are errors', async () => {
    receiver.plan('/cli-falla', [500]);
    const added = JSON.parse((await cli('webhook', 'add', '--url', receiver.url('/cli-falla'), '--json')).stdout);
    receiver.trust('/cli-falla', added.secret);
    const failed = await cli('webhook', 'test', added.id);
    assert.equal(failed.code, 1);
    assert.match(failed.stderr, /La prueba no se entregó: respondió HTTP 500/);
    const removed = await cli('webhook', 'remove', added.id);
    assert.equal(removed.code, 0, removed.stderr);
    assert.match(removed.stdout, /Webhook quitado/);

    for (const [args, code] of [
      [['webhook', 'remove', added.id], 'webhook_not_found'],
      [['webhook', 'test', 'no-existe'], 'webhook_not_found'],
      [['webhook', 'dead', 'no-existe'], 'webhook_not_found'],
      [['webhook', 'resend', 'msg_no_existe'], 'webhook_delivery_not_found'],
      [['webhook', 'add', '--url', receiver.url('/x'), '--kinds', 'published,borrado'], 'validation_failed'],
      [['webhook', 'add', '--url', receiver.url('/x'), '--emergency', 'no-existe'], 'unknown_emergency'],
    ] as const) {
      const res = await cli(...args);
      assert.equal(res.code, 1, args.join(' '));
      assert.match(res.stderr, new RegExp(code), args.join(' '));
    }
    assert.equal((await cli('webhook', 'add')).code, 2, '--url is required');
    for (const words of [['add'], ['list'], ['remove'], ['test'], ['dead'], ['resend']]) {
      const help = await cli('webhook', ...words, '--help');
      assert.match(help.stdout, new RegExp(`Uso: ayuda webhook ${words[0]}`));
    }
  });

  test('every change is audited, with who did it and never the secret', async () => {
    const added = JSON.parse(
      (await cli('webhook', 'add', '--url', receiver.url('/auditado?token=abc'), '--json')).stdout,
    );
    receiver.trust('/auditado', added.secret);
    await cli('webhook', 'test', added.id);
    await cli('webhook', 'remove', added.id);
    const entries = await h.ctx.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'details'])
      .where('target_id', '=', added.id)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      entries.map((e) => [e.actor, e.action]),
      [
        ['cli:ana', 'webhook_added'],
        ['cli:ana', 'webhook_tested'],
        ['cli:ana', 'webhook_removed'],
      ],
    );
    const all = JSON.stringify(entries);
    assert.ok(!all.includes(added.secret) && !all.includes('token=abc'), 'no secret, no path or query');
  });
});

describe('console: /panel/webhooks', () => {
  const PAGE = '/panel/webhooks';
  const shownSecret = (body: string) => /<code id="secreto">([^<]+)<\/code>/.exec(body)?.[1];

  test('only admins see it: leaders get 403 and no link', async () => {
    const { browser } = await leader(h, [MOCOA]);
    assert.equal((await browser.get(PAGE)).statusCode, 403);
    assert.ok(!(await browser.get('/panel')).body.includes(`href="${PAGE}"`));
    const admin = await leader(h, [], 'admin');
    assert.ok((await admin.browser.get('/panel')).body.includes(`href="${PAGE}"`));
  });

  test('add shows the secret once; test, remove; bad input comes back on the form; no CSRF, nothing made', async () => {
    const { browser } = await leader(h, [], 'admin');
    await browser.get(PAGE);
    const added = await browser.post(PAGE, {
      url: receiver.url('/panel'),
      emergency: MOCOA,
      kinds: 'published',
      description: 'Receptor del panel',
    });
    assert.equal(added.statusCode, 200, added.body);
    assert.equal(added.headers['cache-control'], 'no-store');
    const secret = shownSecret(added.body);
    assert.ok(secret?.startsWith('whsec_'), 'the secret is on the page right after adding');
    receiver.trust('/panel', secret as string);
    const [hook] = (await listWebhooks(h.ctx)).filter((w) => w.url === receiver.url('/panel'));
    assert.ok(hook);
    active.add(hook.id);
    assert.deepEqual([hook.emergencySlug, hook.kinds], [MOCOA, ['published']]);
    const listed = await browser.get(PAGE);
    assert.ok(listed.body.includes(receiver.url('/panel')));
    assert.ok(!listed.body.includes(secret as string), 'never shown again');

    const tested = await browser.post(`${PAGE}/${hook.id}/probar`);
    assert.equal(tested.statusCode, 200);
    assert.match(tested.body, /Prueba entregada: el receptor respondió HTTP 200/);
    assert.equal(receiver.at('/panel').at(-1)?.verified, true);

    const refused = await browser.post(PAGE, { url: 'ftp://receptor.example.org/x' });
    assert.equal(refused.statusCode, 400);
    assert.match(refused.body, /solo se aceptan URL http: o https:/);
    assert.ok(refused.body.includes('value="ftp://receptor.example.org/x"'), 'what was typed comes back');
    const unknown = await browser.post(PAGE, { url: receiver.url('/y'), emergency: 'no-existe' });
    assert.equal(unknown.statusCode, 400);
    const count = (await listWebhooks(h.ctx)).length;
    const forged = await browser.post(PAGE, { url: receiver.url('/sin-csrf'), _csrf: 'falso' });
    assert.equal(forged.statusCode, 403);
    assert.equal((await listWebhooks(h.ctx)).length, count);

    const confirm = await browser.get(`${PAGE}/${hook.id}/quitar`);
    assert.equal(confirm.statusCode, 200);
    assert.match(confirm.body, /Sí, quitar el webhook/);
    const removed = await browser.post(`${PAGE}/${hook.id}/quitar`);
    assert.equal(removed.statusCode, 303);
    active.delete(hook.id);
    assert.ok(!(await listWebhooks(h.ctx)).some((w) => w.id === hook.id));
    assert.equal((await browser.get(`${PAGE}/${hook.id}/quitar`)).statusCode, 404);
  });

  test('the dead deliveries are listed with a button that sends one again', async () => {
    receiver.plan('/panel-caida', new Array(40).fill(500));
    const hook = await subscribe('/panel-caida');
    await publish(h, request());
    await deliverDue(h.ctx);
    h.clock.advanceHours(25);
    await deliverDue(h.ctx);
    const [row] = await deliveriesOf(hook.id);
    assert.equal(row?.status, 'dead');

    const { browser } = await leader(h, [], 'admin');
    const page = await browser.get(PAGE);
    assert.ok(page.body.includes(`/panel/webhooks/entregas/${row?.id}/reenviar`));
    assert.match(page.body, /respondió HTTP 500/);
    receiver.plan('/panel-caida', []);
    const resent = await browser.post(`/panel/webhooks/entregas/${row?.id}/reenviar`);
    assert.equal(resent.statusCode, 200);
    assert.match(resent.body, /reenviada: el receptor respondió HTTP 200/);
    assert.equal((await deliveriesOf(hook.id))[0]?.status, 'delivered');
    assert.equal(receiver.at('/panel-caida').at(-1)?.id, row?.id);
    const again = await browser.post(`/panel/webhooks/entregas/${row?.id}/reenviar`);
    assert.equal(again.statusCode, 409);
    const leaderOnly = await leader(h, [MOCOA]);
    await leaderOnly.browser.get('/panel');
    assert.equal((await leaderOnly.browser.post(`/panel/webhooks/entregas/${row?.id}/reenviar`)).statusCode, 403);
  });
});
