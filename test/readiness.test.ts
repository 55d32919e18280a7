// Readiness: /readyz asks only the database and the search index, so Redis going away drains no instance; the
// operators' detail (/readyz/detalle, behind METRICS_TOKEN) says Redis, the queues and who runs each periodic job.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { takeScheduledBackup } from '../src/commands/backups/scheduled-backups.ts';
import { newLeaseHolder, runLeased } from '../src/commands/job-lease.ts';
import { deliverDue } from '../src/commands/webhooks/deliver.ts';
import { addWebhook, removeWebhook } from '../src/commands/webhooks/subscriptions.ts';
import { PERIODIC_JOBS } from '../src/domain/periodic-jobs.ts';
import { addEmergency, type Harness, requestBody, setup, submit } from './helpers/harness.ts';
import { WebhookReceiver } from './helpers/webhook-receiver.ts';

const TOKEN = 'detalle-de-prueba-0123456789';
const DETAIL = '/readyz/detalle';
const AUTH = { authorization: `Bearer ${TOKEN}` };
/** Nothing listens on port 1: connections to it are refused at once. */
const CLOSED_REDIS = 'redis://127.0.0.1:1';

async function detail(h: Harness, headers: Record<string, string> = AUTH) {
  const res = await h.app.inject({ method: 'GET', url: DETAIL, headers });
  return { status: res.statusCode, headers: res.headers, body: JSON.parse(res.body) };
}

describe('the detail, behind the token', () => {
  let h: Harness;
  let receiver: WebhookReceiver;
  before(async () => {
    h = await setup({ METRICS_TOKEN: TOKEN, WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: '500' });
    await addEmergency(h);
    receiver = await new WebhookReceiver().start();
  });
  after(async () => {
    await receiver.close();
    await h.close();
  });

  test('a missing, wrong or other kind of token is 401 with a stable code and nothing else', async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(1)}` },
      { authorization: `Basic ${TOKEN}` },
      { authorization: TOKEN },
    ];
    for (const headers of refused) {
      const res = await detail(h, headers);
      assert.equal(res.status, 401, JSON.stringify(headers));
      assert.equal(res.body.code, 'integration_unauthorized');
      assert.equal(typeof res.body.error, 'string');
      assert.deepEqual(
        res.body.details.map((d: { field: string }) => d.field),
        ['authorization'],
      );
      assert.equal(res.headers['www-authenticate'], 'Bearer');
      assert.equal(res.body.jobs, undefined);
    }
  });

  test('503 not_ready while the search index is being built, then 200 with every part', async () => {
    const building = await detail(h);
    assert.equal(building.status, 503);
    assert.equal(building.body.status, 'not_ready');
    assert.deepEqual(building.body.searchIndex, { built: false });
    await h.ctx.search.warm();

    const ready = await detail(h);
    assert.equal(ready.status, 200);
    assert.equal(ready.headers['cache-control'], 'no-store');
    assert.equal(ready.body.status, 'ready');
    assert.deepEqual(ready.body.database, { engine: h.database.dialect, ok: true });
    assert.deepEqual(ready.body.searchIndex, { built: true });
    assert.equal(ready.body.redis, 'not_configured');
    assert.equal(ready.body.lastBackup, null);
    const { webhookDeliveries, outboundMessages } = ready.body.queues;
    for (const count of [...Object.values(webhookDeliveries), ...Object.values(outboundMessages)]) {
      assert.ok(Number.isInteger(count) && (count as number) >= 0);
    }
    assert.deepEqual(
      ready.body.jobs.map((j: { job: string }) => j.job),
      [...PERIODIC_JOBS],
    );
  });

  test('the jobs say who leads them and how their last run went', async () => {
    const holder = newLeaseHolder();
    await runLeased(h.ctx, holder, 'sweep', 300_000, async () => {});
    await assert.rejects(
      runLeased(h.ctx, holder, 'retention', 300_000, async () => {
        throw new Error('sin espacio');
      }),
    );
    const { body } = await detail(h);
    const job = (name: string) => body.jobs.find((j: { job: string }) => j.job === name);
    assert.equal(job('sweep').holder, holder);
    assert.equal(job('sweep').held, true);
    assert.equal(job('sweep').lastError, null);
    assert.equal(typeof job('sweep').lastFinishedAt, 'string');
    assert.equal(job('retention').lastError, 'sin espacio');
    assert.equal(job('upkeep').holder, null, 'never run');
  });

  test('the webhook queue counts a waiting delivery, then the same one given up on', async () => {
    receiver.plan('/falla', new Array(60).fill(500));
    const hook = await addWebhook(h.ctx, { url: receiver.url('/falla') }, 'test');
    receiver.trust('/falla', hook.secret);
    try {
      const start = (await detail(h)).body.queues.webhookDeliveries;
      await approveSubmission(h.ctx, await submit(h, requestBody()), 'test');
      const queued = (await detail(h)).body.queues.webhookDeliveries;
      assert.deepEqual(queued, { pending: start.pending + 1, dead: start.dead });
      for (let hour = 0; hour < 26; hour++) {
        h.clock.advanceHours(1);
        await deliverDue(h.ctx);
      }
      const dead = (await detail(h)).body.queues.webhookDeliveries;
      assert.deepEqual(dead, { pending: start.pending, dead: start.dead + 1 });
    } finally {
      await removeWebhook(h.ctx, hook.id, 'test');
    }
  });

  test('without METRICS_TOKEN the detail does not exist', async () => {
    const bare = await setup({}, h);
    try {
      const res = await bare.app.inject({ method: 'GET', url: DETAIL, headers: AUTH });
      assert.equal(res.statusCode, 404);
      assert.equal(JSON.parse(res.body).code, 'not_found');
    } finally {
      await bare.close();
    }
  });
});

test('the last backup is the newest one in BACKUP_DIR', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ayuda-detalle-'));
  const h = await setup({ METRICS_TOKEN: TOKEN, BACKUP_DIR: dir });
  try {
    assert.equal((await detail(h)).body.lastBackup, null, 'none taken yet');
    const backups = h.config.backups;
    assert.ok(backups);
    const before = h.ctx.now().getTime();
    await takeScheduledBackup(h.ctx, backups, { ...process.env, DATABASE_URL: h.dbUrl, LOG_LEVEL: 'silent' });
    const after = h.ctx.now().getTime();
    const taken = Date.parse((await detail(h)).body.lastBackup);
    assert.ok(taken > before && taken < after, `${taken} within ${before}..${after}`);
  } finally {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('Redis out of reach', () => {
  let h: Harness;
  before(async () => {
    h = await setup({ METRICS_TOKEN: TOKEN, REDIS_URL: CLOSED_REDIS });
    await addEmergency(h);
    await h.ctx.search.warm();
  });
  after(() => h.close());

  test('/readyz stays 200: a Redis blink must not take every instance out of the balancer', async () => {
    const ready = await h.json({ method: 'GET', url: '/readyz' });
    assert.equal(ready.status, 200);
    assert.deepEqual(ready.body, { status: 'ready', database: h.database.dialect });
    // And requests are still served, uncounted.
    assert.equal((await h.json({ method: 'GET', url: '/api/public/v1/help?view=list' })).status, 200);
  });

  test('the detail says Redis is unreachable and the instance still ready', async () => {
    const res = await detail(h);
    assert.equal(res.status, 200);
    assert.equal(res.body.status, 'ready');
    assert.equal(res.body.redis, 'unreachable');
  });
});

test('the detail says Redis is reachable when it answers', async (t) => {
  const url = process.env.TEST_REDIS_URL;
  if (!url) {
    t.skip('TEST_REDIS_URL is not set');
    return;
  }
  const h = await setup({ METRICS_TOKEN: TOKEN, REDIS_URL: url });
  try {
    assert.equal((await detail(h)).body.redis, 'reachable');
  } finally {
    await h.close();
  }
});
