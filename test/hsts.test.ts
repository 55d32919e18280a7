// Strict-Transport-Security on every response when BASE_URL is https (API, pages, console, assets, errors),
// and never when it is http.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions } from 'fastify';
import { addEmergency, type Harness, requestBody, setup } from './helpers/harness.ts';

const HSTS = 'max-age=31536000; includeSubDomains';

/** One of each kind of answer: JSON read, 202, 400, 404, 415, page, twin, console, edit link, asset, 304, CORS. */
const requests: InjectOptions[] = [
  { method: 'GET', url: '/api/public/v1/help' },
  { method: 'GET', url: '/api/public/v1/help?view=list&limit=0' },
  { method: 'GET', url: '/api/public/v1/help?view=detail&id=00000000-0000-4000-8000-000000000000' },
  { method: 'POST', url: '/api/public/v1/help', payload: 'x', headers: { 'content-type': 'text/plain' } },
  {
    method: 'OPTIONS',
    url: '/api/public/v1/help',
    headers: { origin: 'https://otra.example', 'access-control-request-method': 'POST' },
  },
  { method: 'GET', url: '/api/public/openapi.json' },
  { method: 'GET', url: '/healthz' },
  { method: 'GET', url: '/' },
  { method: 'GET', url: '/index.md' },
  { method: 'GET', url: '/no-existe', headers: { accept: 'text/html' } },
  { method: 'GET', url: '/panel/entrar' },
  { method: 'GET', url: '/panel' },
  { method: 'GET', url: `/centro/${'A'.repeat(43)}` },
  { method: 'GET', url: '/static/leaflet/leaflet.css' },
  { method: 'GET', url: '/static/constructor' },
  { method: 'POST', url: '/necesito-ayuda', payload: 'x', headers: { 'content-type': 'text/plain' } },
  { method: 'GET', url: '/llms.txt' },
  { method: 'GET', url: '/ayudas/%E0%A4%A' },
  { method: 'GET', url: `/ayudas/${'a'.repeat(300)}` },
];

async function statusesAndHeaders(h: Harness) {
  const seen: [string, number, unknown][] = [];
  for (const options of requests) {
    const res = await h.app.inject(options);
    seen.push([`${options.method} ${options.url}`, res.statusCode, res.headers['strict-transport-security']]);
  }
  const submitted = await h.app.inject({ method: 'POST', url: '/api/public/v1/help', payload: requestBody() });
  seen.push(['POST submission', submitted.statusCode, submitted.headers['strict-transport-security']]);
  const asset = await h.app.inject({ method: 'GET', url: '/static/leaflet/leaflet.css' });
  const notModified = await h.app.inject({
    method: 'GET',
    url: '/static/leaflet/leaflet.css',
    headers: { 'if-none-match': String(asset.headers.etag) },
  });
  seen.push(['304 asset', notModified.statusCode, notModified.headers['strict-transport-security']]);
  return seen;
}

describe('HSTS', () => {
  let secure: Harness;
  let plain: Harness;
  before(async () => {
    secure = await setup({ BASE_URL: 'https://ayuda.example.org' });
    await addEmergency(secure);
    // A second instance on the same database (a fresh one would wipe the first's on PostgreSQL).
    plain = await setup({}, secure);
  });
  after(async () => {
    await plain.close();
    await secure.close();
  });

  test('with an https BASE_URL every response carries Strict-Transport-Security', async () => {
    const seen = await statusesAndHeaders(secure);
    const statuses = new Set(seen.map(([, status]) => status));
    for (const status of [200, 202, 204, 303, 304, 400, 404, 415]) assert.ok(statuses.has(status), `${status} covered`);
    for (const [what, status, header] of seen) assert.equal(header, HSTS, `${what} (${status})`);
  });

  test('a malformed URL or an overlong path parameter is the service’s own 404, with its headers', async () => {
    for (const url of ['/ayudas/%E0%A4%A', `/ayudas/${'a'.repeat(300)}`, '/api/public/v1/help/%zz']) {
      const res = await secure.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 404, url);
      assert.equal(JSON.parse(res.body).code, 'not_found', url);
      assert.equal(res.headers['strict-transport-security'], HSTS, url);
      assert.equal(res.headers['x-content-type-options'], 'nosniff', url);
    }
  });

  test('with an http BASE_URL no response carries it', async () => {
    for (const [what, status, header] of await statusesAndHeaders(plain)) {
      assert.equal(header, undefined, `${what} (${status})`);
    }
  });
});
