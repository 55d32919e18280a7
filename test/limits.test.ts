// Rate limits per client address (429, Retry-After, RateLimit headers), CORS, health and readiness.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addEmergency, type Harness, HELP, requestBody, setup } from './helpers/harness.ts';
import { freshClientAddress } from './helpers/samples.ts';

describe('rate limits', () => {
  let h: Harness;
  before(async () => {
    h = await setup({ RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '3', RATE_LIMIT_READS_PER_MINUTE: '5' });
    await addEmergency(h);
  });
  after(() => h.close());

  test('submissions: the 4th in a minute from one address is 429 with Retry-After; another address is unaffected', async () => {
    const from = (ip: string) => h.json({ method: 'POST', url: HELP, payload: requestBody(), remoteAddress: ip });
    for (let i = 0; i < 3; i++) {
      const ok = await from('10.0.0.1');
      assert.equal(ok.status, 202);
      assert.equal(ok.headers['ratelimit-limit'], '3');
      assert.equal(ok.headers['ratelimit-remaining'], String(2 - i));
    }
    const limited = await from('10.0.0.1');
    assert.equal(limited.status, 429);
    assert.equal(limited.body.code, 'rate_limited');
    assert.ok(Number(limited.headers['retry-after']) > 0);
    assert.ok(limited.headers['ratelimit-reset']);
    assert.equal((await from('10.0.0.2')).status, 202);
  });

  test('reads are counted apart from submissions', async () => {
    for (let i = 0; i < 5; i++)
      assert.equal((await h.json({ method: 'GET', url: HELP, remoteAddress: '10.0.0.3' })).status, 200);
    const limited = await h.json({ method: 'GET', url: HELP, remoteAddress: '10.0.0.3' });
    assert.equal(limited.status, 429);
    assert.equal(limited.body.code, 'rate_limited');
    assert.equal(
      (await h.json({ method: 'POST', url: HELP, payload: requestBody(), remoteAddress: '10.0.0.3' })).status,
      202,
    );
  });

  test('IPv6 clients are counted per /64: two addresses of one prefix share a limit, another prefix does not', async () => {
    const read = (ip: string) => h.json({ method: 'GET', url: HELP, remoteAddress: ip });
    for (let i = 0; i < 5; i++) assert.equal((await read(`2001:db8:1:2::${1 + (i % 2)}`)).status, 200);
    const limited = await read('2001:db8:1:2::2');
    assert.equal(limited.status, 429);
    assert.equal((await read('2001:db8:1:2:ffff::1')).status, 429, 'any address of the same /64');
    assert.equal((await read('2001:db8:1:3::1')).status, 200);
    const submit = (ip: string) => h.json({ method: 'POST', url: HELP, payload: requestBody(), remoteAddress: ip });
    for (let i = 0; i < 3; i++) assert.equal((await submit(`2001:db8:9:9::${i + 1}`)).status, 202);
    assert.equal((await submit('2001:db8:9:9::4')).status, 429);
    assert.equal((await submit('2001:db8:9:a::1')).status, 202);
  });

  test('the client address comes from X-Forwarded-For only when TRUST_PROXY says so', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await h.json({
        method: 'GET',
        url: HELP,
        remoteAddress: '10.0.0.4',
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      });
      statuses.push(res.status);
    }
    assert.equal(statuses.at(-1), 429, 'a client cannot escape the limit by forging the header');
  });
});

describe('rate limits shared through Redis', { skip: !process.env.TEST_REDIS_URL && 'TEST_REDIS_URL not set' }, () => {
  test('two instances count one client together', async () => {
    const env = { RATE_LIMIT_READS_PER_MINUTE: '4', REDIS_URL: process.env.TEST_REDIS_URL as string };
    const a = await setup(env);
    const b = await setup(env);
    try {
      const ip = freshClientAddress();
      const statuses = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await (i % 2 ? b : a).json({ method: 'GET', url: HELP, remoteAddress: ip })).status);
      assert.deepEqual(statuses, [200, 200, 200, 200, 429, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('CORS and health', () => {
  let h: Harness;
  before(async () => {
    h = await setup();
  });
  after(() => h.close());

  test('OPTIONS preflight: 204 with CORS headers for any origin', async () => {
    const res = await h.app.inject({
      method: 'OPTIONS',
      url: HELP,
      headers: {
        origin: 'https://otra-app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,idempotency-key',
      },
    });
    assert.equal(res.statusCode, 204);
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.match(String(res.headers['access-control-allow-methods']), /POST/);
    assert.match(String(res.headers['access-control-allow-headers']), /Idempotency-Key/i);
  });

  test('CORS headers on every public response, errors included', async () => {
    for (const options of [
      { method: 'GET' as const, url: HELP },
      { method: 'GET' as const, url: `${HELP}?view=nope` },
      { method: 'POST' as const, url: HELP, payload: 'x', headers: { 'content-type': 'text/plain' } },
      { method: 'GET' as const, url: '/api/public/openapi.json' },
    ]) {
      const res = await h.app.inject({
        ...options,
        headers: { ...options.headers, origin: 'https://otra-app.example' },
      });
      assert.equal(res.headers['access-control-allow-origin'], '*', options.url);
      assert.match(String(res.headers['access-control-expose-headers']), /RateLimit-Remaining/);
    }
  });

  test('healthz and readyz', async () => {
    assert.deepEqual((await h.json({ method: 'GET', url: '/healthz' })).body, { status: 'ok' });
    await h.ctx.search.warm();
    const ready = await h.json({ method: 'GET', url: '/readyz' });
    assert.equal(ready.status, 200);
    assert.equal(ready.body.status, 'ready');
  });

  test('unknown paths are 404 with the error body', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/public/v2/help' });
    assert.equal(res.statusCode, 404);
    assert.equal(JSON.parse(res.body).code, 'not_found');
  });
});

test('readyz answers 503 until the search index is built, and asking starts the build', async () => {
  const h = await setup();
  await addEmergency(h);
  assert.equal(h.ctx.search.built, false, 'nothing has searched yet');
  const building = await h.app.inject({ method: 'GET', url: '/readyz' });
  assert.equal(building.statusCode, 503);
  const body = JSON.parse(building.body);
  assert.equal(body.code, 'service_unavailable');
  assert.deepEqual(
    body.details.map((d: { field: string; code: string }) => [d.field, d.code]),
    [['searchIndex', 'building']],
  );
  await h.ctx.search.warm(); // the build the request started, or its result
  assert.equal(h.ctx.search.built, true);
  const ready = await h.app.inject({ method: 'GET', url: '/readyz' });
  assert.equal(ready.statusCode, 200);
  assert.deepEqual(JSON.parse(ready.body), { status: 'ready', database: h.database.dialect });
  await h.close();
});

test('readyz answers 503 when the database is gone', async () => {
  const h = await setup();
  await h.database.close();
  const res = await h.app.inject({ method: 'GET', url: '/readyz' });
  assert.equal(res.statusCode, 503);
  assert.equal(JSON.parse(res.body).code, 'service_unavailable');
  await h.app.close();
});
