// GET /metrics: who may read it (METRICS_TOKEN on the service's port, METRICS_PORT without one), figures that move
// after real actions (a submission, an approval, a failing webhook), and label sets that stay fixed however many
// different sources, paths and query strings arrive. Each scrape is read by parse-prometheus-text-format.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { newLeaseHolder, runLeased } from '../src/commands/job-lease.ts';
import { deliverDue } from '../src/commands/webhooks/deliver.ts';
import { addWebhook, removeWebhook } from '../src/commands/webhooks/subscriptions.ts';
import { loadConfig } from '../src/config.ts';
import { startMetricsListener } from '../src/http/metrics/metrics-listener.ts';
import { metricsOf } from '../src/http/metrics/metrics-routes.ts';
import { startServer } from '../src/server.ts';
import { addEmergency, type Harness, HELP, requestBody, setup, submit } from './helpers/harness.ts';
import { nextSerial, tokenFor, wordFor } from './helpers/samples.ts';
import { figure, samplesOf } from './helpers/scrape.ts';
import { WebhookReceiver } from './helpers/webhook-receiver.ts';

const TOKEN = 'metricas-de-prueba-0123456789';
const MOCOA = 'inundacion-mocoa';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const KOBO_SECRET = 'secreto-compartido-con-kobo-2026';

let h: Harness;
let receiver: WebhookReceiver;
before(async () => {
  h = await setup({
    METRICS_TOKEN: TOKEN,
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_TIMEOUT_MS: '500',
    KOBO_SECRET: KOBO_SECRET,
  });
  await addEmergency(h);
  receiver = await new WebhookReceiver().start();
});
after(async () => {
  await receiver.close();
  await h.close();
});

async function scrape(harness = h) {
  const response = await harness.app.inject({ method: 'GET', url: '/metrics', headers: AUTH });
  assert.equal(response.statusCode, 200, response.body);
  return samplesOf(response.body);
}

const backlogOf = (samples: ReturnType<typeof samplesOf>) =>
  figure(samples, 'ayuda_review_backlog', { emergency: MOCOA });

describe('who may read the metrics', () => {
  test('the service’s port answers with the right token only, in the Prometheus text format', async () => {
    const missing = await h.app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(missing.statusCode, 401);
    assert.equal(missing.json().code, 'integration_unauthorized');
    assert.equal(missing.headers['www-authenticate'], 'Bearer');
    const wrong = await h.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    assert.equal(wrong.statusCode, 401);
    const basic = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Basic ${TOKEN}` } });
    assert.equal(basic.statusCode, 401);
    const right = await h.app.inject({ method: 'GET', url: '/metrics', headers: AUTH });
    assert.equal(right.statusCode, 200);
    assert.match(String(right.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    const samples = samplesOf(right.body);
    assert.ok(figure(samples, 'process_resident_memory_bytes') > 0, 'process memory');
    assert.ok(
      samples.some((s) => s.name === 'nodejs_eventloop_lag_p99_seconds'),
      'event-loop delay',
    );
    // PostgreSQL's pool is watched; SQLite has none, and no such series.
    const pool = samples.filter((s) => s.name === 'ayuda_db_pool_connections').map((s) => s.labels.state);
    assert.deepEqual(pool.sort(), h.ctx.dialect === 'postgres' ? ['idle', 'in_use', 'waiting'] : []);
  });

  test('without METRICS_TOKEN the route does not exist', async () => {
    const bare = await setup({}, h);
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/metrics', headers: AUTH });
      assert.equal(response.statusCode, 404);
      assert.equal(response.json().code, 'not_found');
    } finally {
      await bare.close();
    }
  });

  test('the METRICS_PORT listener serves /metrics without a token, and nothing of the public service', async () => {
    const listener = await startMetricsListener(metricsOf(h.app), { host: '127.0.0.1', port: 0 });
    try {
      const metrics = await fetch(`${listener.url}/metrics`);
      assert.equal(metrics.status, 200);
      assert.match(String(metrics.headers.get('content-type')), /^text\/plain; version=0\.0\.4/);
      assert.ok(samplesOf(await metrics.text()).some((s) => s.name === 'ayuda_submissions_total'));
      for (const path of [HELP, '/healthz', '/', '/metrics/x']) {
        assert.equal((await fetch(`${listener.url}${path}`)).status, 404, path);
      }
      assert.equal((await fetch(`${listener.url}/metrics`, { method: 'POST' })).status, 404);
    } finally {
      await listener.close();
    }
  });

  test('a started server opens METRICS_PORT beside its own port, which keeps /metrics behind the token', async () => {
    const port = await freePort();
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: h.dbUrl,
      METRICS_PORT: String(port),
      LOG_LEVEL: 'silent',
    });
    const server = await startServer(config, { logger: false });
    try {
      assert.notEqual(new URL(server.url).port, String(port));
      assert.equal((await fetch(`${server.url}/metrics`)).status, 404, 'no token configured: not on the public port');
      assert.equal((await fetch(`http://127.0.0.1:${port}/metrics`)).status, 200);
      assert.equal((await fetch(`http://127.0.0.1:${port}${HELP}`)).status, 404);
    } finally {
      await server.stop();
    }
    await assert.rejects(fetch(`http://127.0.0.1:${port}/metrics`), 'closed with the server');
  });
});

describe('figures that move', () => {
  test('a periodic job’s run shows when it ran, how long it took, whether it failed and which instance leads it', async () => {
    const holder = newLeaseHolder();
    const before = await scrape();
    assert.equal(figure(before, 'ayuda_job_leader', { job: 'sweep', holder }), 0);
    await runLeased(h.ctx, holder, 'sweep', 300_000, async () => {});
    const ran = await scrape();
    assert.ok(figure(ran, 'ayuda_job_last_run_timestamp_seconds', { job: 'sweep' }) > 0);
    assert.equal(figure(ran, 'ayuda_job_last_failed', { job: 'sweep' }), 0);
    assert.equal(figure(ran, 'ayuda_job_leader', { job: 'sweep', holder }), 1);
    assert.equal(ran.filter((s) => s.name === 'ayuda_job_leader' && s.labels.job === 'sweep').length, 1, 'one leader');
    await assert.rejects(
      runLeased(h.ctx, holder, 'retention', 300_000, async () => {
        throw new Error('disco lleno');
      }),
    );
    assert.equal(figure(await scrape(), 'ayuda_job_last_failed', { job: 'retention' }), 1);
  });

  test('a submission through the API counts under api, by outcome; another app on the database does not', async () => {
    const other = await setup({ METRICS_TOKEN: TOKEN }, h);
    try {
      const api = { channel: 'api' };
      const before = await scrape();
      const body = requestBody({ emergencySlug: MOCOA });
      await submit(h, body);
      await submit(h, body);
      const refused = await h.json({
        method: 'POST',
        url: HELP,
        payload: requestBody({ emergencySlug: MOCOA, source: 'web' }),
      });
      assert.equal(refused.status, 400);
      const after = await scrape();
      const moved = (outcome: string) =>
        figure(after, 'ayuda_submissions_total', { ...api, outcome }) -
        figure(before, 'ayuda_submissions_total', { ...api, outcome });
      assert.equal(moved('created'), 1);
      assert.equal(moved('unchanged'), 1);
      assert.equal(moved('refused'), 1);
      assert.equal(
        figure(after, 'ayuda_submissions_total', { channel: 'web' }),
        figure(before, 'ayuda_submissions_total', { channel: 'web' }),
      );
      assert.equal(figure(await scrape(other), 'ayuda_submissions_total', api), 0, 'each app counts its own');
      const channels = new Set(after.filter((s) => s.name === 'ayuda_submissions_total').map((s) => s.labels.channel));
      assert.deepEqual([...channels].sort(), ['api', 'kobo', 'mcp', 'sms', 'web', 'whatsapp']);
    } finally {
      await other.close();
    }
  });

  test('a form from KoboToolbox counts under kobo, and its repeat as unchanged', async () => {
    const payload = JSON.parse(readFileSync(new URL('./fixtures/kobo/solicitud.json', import.meta.url), 'utf8'));
    const kobo = (samples: ReturnType<typeof samplesOf>, outcome: string) =>
      figure(samples, 'ayuda_submissions_total', { channel: 'kobo', outcome });
    const before = await scrape();
    const send = () =>
      h.json({ method: 'POST', url: '/integraciones/kobo', payload, headers: { 'x-ayuda-kobo-secret': KOBO_SECRET } });
    const first = await send();
    assert.equal(first.status, 202, JSON.stringify(first.body));
    assert.equal((await send()).status, 200, 'the same form again');
    const after = await scrape();
    // Decided, so the backlog the next test reads is its own.
    await approveSubmission(h.ctx, first.body.id, 'test');
    assert.equal(kobo(after, 'created'), kobo(before, 'created') + 1);
    assert.equal(kobo(after, 'unchanged'), kobo(before, 'unchanged') + 1);
    assert.equal(
      figure(after, 'ayuda_submissions_total', { channel: 'api' }),
      figure(before, 'ayuda_submissions_total', { channel: 'api' }),
    );
  });

  test('an urgent request ages through the backlog; its approval empties it and counts a decision', async () => {
    const start = await scrape();
    const id = await submit(h, requestBody({ emergencySlug: MOCOA, urgency: 'urgent' }));
    const waiting = await scrape();
    assert.equal(backlogOf(waiting), backlogOf(start) + 1);
    assert.equal(
      figure(waiting, 'ayuda_review_backlog', { emergency: MOCOA, age: 'under_1h' }),
      figure(start, 'ayuda_review_backlog', { emergency: MOCOA, age: 'under_1h' }) + 1,
    );

    h.clock.advanceHours(2);
    const older = await scrape();
    assert.equal(backlogOf(older), backlogOf(waiting), 'the same submissions, older');
    assert.ok(figure(older, 'ayuda_review_backlog', { emergency: MOCOA, age: '1h_to_6h' }) >= 1);
    const oldest = figure(older, 'ayuda_review_oldest_urgent_seconds', { emergency: MOCOA });
    assert.ok(oldest >= 2 * 3600 && oldest < 3 * 3600, `${oldest} s`);

    const decisions = figure(older, 'ayuda_review_decisions_last_hour', { decision: 'approved' });
    await approveSubmission(h.ctx, id, 'test');
    const decided = await scrape();
    assert.equal(backlogOf(decided), backlogOf(older) - 1);
    assert.equal(figure(decided, 'ayuda_review_decisions_last_hour', { decision: 'approved' }), decisions + 1);
    assert.equal(figure(decided, 'ayuda_review_oldest_urgent_seconds', { emergency: MOCOA }), 0, 'none waits');

    h.clock.advanceHours(2);
    const later = await scrape();
    assert.equal(figure(later, 'ayuda_review_decisions_last_hour', { decision: 'approved' }), 0, 'an hour passed');
  });

  test('a receiver that answers 500 shows as retrying, then dead, under its subscription id alone', async () => {
    receiver.plan('/falla', new Array(60).fill(500));
    const hook = await addWebhook(h.ctx, { url: receiver.url('/falla') }, 'test');
    receiver.trust('/falla', hook.secret);
    try {
      const id = await submit(h, requestBody({ emergencySlug: MOCOA }));
      await approveSubmission(h.ctx, id, 'test');
      const queued = await scrape();
      const of = (samples: ReturnType<typeof samplesOf>, state: string) =>
        figure(samples, 'ayuda_webhook_deliveries', { subscription: hook.id, state });
      assert.equal(of(queued, 'pending'), 1);

      await deliverDue(h.ctx);
      const retrying = await scrape();
      assert.equal(of(retrying, 'pending'), 0);
      assert.equal(of(retrying, 'retrying'), 1);

      for (let hour = 0; hour < 26; hour++) {
        h.clock.advanceHours(1);
        await deliverDue(h.ctx);
      }
      const dead = await scrape();
      assert.ok(receiver.at('/falla').length > 2, 'the worker tried again');
      assert.equal(of(dead, 'retrying'), 0);
      assert.equal(of(dead, 'dead'), 1);
      const labels = dead.flatMap((s) => Object.values(s.labels));
      assert.ok(!labels.some((v) => v.includes('127.0.0.1') || v.includes('/falla')), 'no URL in any label');
    } finally {
      await removeWebhook(h.ctx, hook.id, 'test');
    }
  });

  test('a cached list answered again counts a hit: by its route, and before the framework over a socket', async () => {
    const url = `${HELP}?view=list&limit=2&category=agua`;
    const hits = (samples: ReturnType<typeof samplesOf>, path: string) =>
      figure(samples, 'ayuda_response_cache_hits_total', { path });
    const start = await scrape();
    assert.equal((await h.app.inject({ method: 'GET', url })).statusCode, 200);
    assert.equal((await h.app.inject({ method: 'GET', url })).statusCode, 200);
    const routed = await scrape();
    assert.equal(hits(routed, 'route'), hits(start, 'route') + 1);
    assert.equal(
      figure(routed, 'ayuda_response_cache_misses_total'),
      figure(start, 'ayuda_response_cache_misses_total') + 1,
    );
    // inject() skips the socket listener the fast path sits in: a real connection goes through it.
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    assert.equal((await fetch(`${address}${url}`)).status, 200);
    const fast = await scrape();
    assert.equal(hits(fast, 'fast'), hits(start, 'fast') + 1);
    const requests = (samples: ReturnType<typeof samplesOf>) =>
      figure(samples, 'ayuda_http_request_duration_seconds_count', { route: HELP, method: 'GET' });
    assert.equal(requests(fast), requests(routed), 'the fast path adds nothing per request');
  });

  test('an open change-feed stream is counted while it is open', async () => {
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => listening(h));
    const open = () => scrape().then((samples) => figure(samples, 'ayuda_open_streams', { kind: 'changes' }));
    assert.equal(await open(), 0);
    const abort = new AbortController();
    const stream = await fetch(`${address}/api/public/v1/changes/stream`, { signal: abort.signal });
    assert.equal(stream.status, 200);
    assert.equal(await open(), 1);
    abort.abort();
    for (let i = 0; i < 100 && (await open()) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(await open(), 0, 'closed');
  });

  test('the search index reports its size, and reads every change', async () => {
    const samples = await scrape();
    await h.ctx.search.warm();
    const warm = await scrape();
    assert.ok(figure(warm, 'ayuda_search_index_records') >= 1);
    assert.equal(figure(warm, 'ayuda_search_index_lag_changes'), 0);
    assert.ok(figure(warm, 'ayuda_search_index_synced_timestamp_seconds') > 0);
    assert.ok(samples.some((s) => s.name === 'ayuda_outbound_messages' && s.labels.state === 'window_closed'));
  });
});

describe('cardinality', () => {
  /** Series of the service's own metrics, by name and labels. */
  const seriesOf = (samples: ReturnType<typeof samplesOf>) =>
    new Set(samples.filter((s) => s.name.startsWith('ayuda_')).map((s) => `${s.name}${JSON.stringify(s.labels)}`));

  test('1,000 requests with new sources, paths and query strings add no series', async () => {
    // Each kind once first: the series they belong to exist before the count.
    const kinds = (n: number) => {
      const word = wordFor(n);
      const token = tokenFor(n);
      return [
        () => submit(h, requestBody({ emergencySlug: MOCOA, source: `fuente-${word}` })),
        () => h.app.inject({ method: 'GET', url: `/${word}/${token}?${token}=${word}` }),
        () => h.app.inject({ method: 'GET', url: `${HELP}?view=list&limit=1&${word}=${token}` }),
        () => h.app.inject({ method: 'GET', url: `${HELP}?view=list&category=agua&q=${word}` }),
        () => h.app.inject({ method: 'DELETE', url: `${HELP}/${word}` }),
        () => h.app.inject({ method: 'POST', url: `/api/public/v1/${word}`, payload: { source: word } }),
        () => h.app.inject({ method: 'GET', url: `/api/public/v1/help?view=list&limit=${1 + (n % 50)}` }),
        () => h.app.inject({ method: 'OPTIONS', url: `/api/${word}`, headers: { origin: `https://${word}.example` } }),
      ];
    };
    for (const send of kinds(nextSerial())) await send();
    await scrape(); // and a scrape's own series
    const before = await scrape();

    const kindCount = kinds(0).length;
    for (let i = 0; i < 1000; i++) {
      const n = nextSerial();
      await (kinds(n)[i % kindCount] as () => Promise<unknown>)();
    }
    const after = await scrape();

    const added = [...seriesOf(after)].filter((s) => !seriesOf(before).has(s));
    assert.deepEqual(added, []);
    const routes = new Set(after.filter((s) => s.name.startsWith('ayuda_http_')).map((s) => s.labels.route));
    assert.ok(routes.has('unmatched'));
    assert.ok(routes.has('/api/public/v1/help/:id'), [...routes].join(' '));
    const labels = after.flatMap((s) => Object.values(s.labels));
    assert.ok(!labels.some((v) => /qz[a-z]{7}/.test(v)), 'no path, query or source reached a label');
  });
});

/** The address the harness's app already listens on. */
function listening(harness: Harness): string {
  const address = harness.app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** A port nothing listens on now: the system hands one out, and it is let go at once. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
