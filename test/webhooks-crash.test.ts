// Webhooks with several processes: instances sending from one queue at once send each message once; an instance
// killed (SIGKILL) while a message is in flight loses nothing: once its lease runs out another instance sends the
// same message again, with the same webhook-id (at least once).
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { after, before, type TestContext, test } from 'node:test';
import pg from 'pg';
import { deliverDue, LEASE_MS, type PassReport } from '../src/commands/webhooks/deliver.ts';
import { addWebhook, removeWebhook } from '../src/commands/webhooks/subscriptions.ts';
import { createContext } from '../src/context.ts';
import { engine } from './helpers/database.ts';
import { eventually } from './helpers/eventually.ts';
import { type Harness, publish, requestBody, twoInstances } from './helpers/harness.ts';
import { WebhookReceiver } from './helpers/webhook-receiver.ts';

const BIN = path.resolve(import.meta.dirname, '../bin/ayuda.js');
const ENV = { WEBHOOK_ALLOW_PRIVATE: 'true' };

let a: Harness;
let b: Harness;
let close: () => Promise<void>;
let receiver: WebhookReceiver;
before(async () => {
  ({ a, b, close } = await twoInstances(ENV));
  receiver = await new WebhookReceiver().start();
});
after(async () => {
  await receiver.close();
  await close();
});

/** A subscription removed once its test ends, passed or failed: what it left unsent never reaches the next test. */
async function subscribe(t: TestContext, h: Harness, where: string) {
  const issued = await addWebhook(h.ctx, { url: receiver.url(where) }, 'test');
  receiver.trust(where, issued.secret);
  t.after(() => removeWebhook(a.ctx, issued.id, 'test'));
  return issued;
}

async function statuses(subscriptionId: string) {
  return a.ctx.db
    .selectFrom('webhook_deliveries')
    .select(['id', 'status', 'attempts', 'locked_until'])
    .where('subscription_id', '=', subscriptionId)
    .execute();
}

// Several instances share PostgreSQL; SQLite is one instance's database (DESIGN.md), so there one instance runs
// passes at once.
test('passes running at once on two instances send each message exactly once', async (t) => {
  const hook = await subscribe(t, a, '/muchos');
  for (let i = 0; i < 40; i++) await publish(a, requestBody({ title: `Mercados ${i}` }));
  for (const h of [a, b]) h.clock.advanceHours(1 / 60);
  const senders = engine === 'postgres' ? [a, b, a, b] : [a, a, a];
  const reports = await Promise.all(senders.map((h) => deliverDue(h.ctx)));

  const total = reports.reduce((sum: number, r: PassReport) => sum + r.delivered, 0);
  assert.equal(total, 40);
  const ids = receiver.at('/muchos').map((m) => m.id);
  assert.equal(ids.length, 40, 'forty messages');
  assert.equal(new Set(ids).size, 40, 'none twice');
  assert.ok(receiver.at('/muchos').every((m) => m.verified));
  const rows = await statuses(hook.id);
  assert.equal(rows.length, 40);
  assert.ok(rows.every((r) => r.status === 'delivered' && r.attempts === 1));
  assert.deepEqual([...ids].sort(), rows.map((r) => r.id).sort());
});

// Another instance's claim holds the subscription's row while this pass looks: the pass waits for that claim to
// commit instead of leaving the message to it (the other claim may have found nothing to send).
test('a pass that meets another instance claiming the same subscription looks again and sends', {
  skip: engine !== 'postgres' && 'one instance per SQLite database',
}, async (t) => {
  const hook = await subscribe(t, a, '/ocupado');
  for (let i = 0; i < 3; i++) await publish(a, requestBody({ title: `Colchonetas ${i}` }));
  a.clock.advanceHours(1 / 60);
  const other = new pg.Client({ connectionString: a.dbUrl });
  await other.connect();
  try {
    await other.query('begin');
    await other.query('select id from webhook_subscriptions where id = $1 for update', [hook.id]);
    const pass = deliverDue(a.ctx);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await other.query('commit');
    assert.deepEqual(await pass, { delivered: 3, retried: 0, dead: 0 });
  } finally {
    await other.end();
  }
  assert.equal(receiver.at('/ocupado').length, 3);
});

function startServe(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [BIN, 'serve'], {
    env: { ...process.env, ...ENV, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`ayuda serve did not start: ${stderr}`)), 60_000);
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
      if (/escuchando en/.test(stderr)) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => reject(new Error(`ayuda serve exited with ${code}: ${stderr}`)));
  });
}

test('SIGKILL while a message is in flight: after the lease, another instance sends it again, same webhook-id', async (t) => {
  receiver.plan('/lento', ['hold']);
  const hook = await subscribe(t, a, '/lento');
  await publish(a, requestBody({ title: 'Cobijas para el coliseo' }));

  const child = await startServe(a.dbUrl);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    // The service's sender takes it at start and the receiver holds the request open.
    await eventually(async () => receiver.at('/lento').length === 1, 30_000);
  } finally {
    child.kill('SIGKILL');
    await exited;
  }
  const [held] = await statuses(hook.id);
  assert.equal(held?.status, 'pending');
  assert.equal(held?.attempts, 0, 'no outcome was written');
  assert.ok(Date.parse(held?.locked_until ?? '') > Date.now(), 'the dead instance still holds the lease');

  // Another instance, now: the lease holds, nothing is sent.
  const now = createContext(a.config, a.database, () => new Date());
  assert.deepEqual(await deliverDue(now), { delivered: 0, retried: 0, dead: 0 });
  assert.equal(receiver.at('/lento').length, 1);

  // The same instance once the lease has run out.
  const later = createContext(a.config, a.database, () => new Date(Date.now() + LEASE_MS + 1_000));
  assert.deepEqual(await deliverDue(later), { delivered: 1, retried: 0, dead: 0 });
  const messages = receiver.at('/lento');
  assert.equal(messages.length, 2);
  assert.equal(messages[1]?.id, messages[0]?.id, 'the same webhook-id: the receiver can tell it is the same message');
  assert.equal(messages[1]?.id, held?.id);
  assert.ok(messages.every((m) => m.verified));
  assert.deepEqual(messages[1]?.payload, messages[0]?.payload);
  const [done] = await statuses(hook.id);
  assert.deepEqual([done?.status, done?.attempts, done?.locked_until], ['delivered', 1, null]);
});
