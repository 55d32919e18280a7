// The website's common ground: twins and content negotiation, languages, assets, headers, compression, 404s.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { brotliDecompressSync } from 'node:zlib';
import { type Harness, setup } from './helpers/harness.ts';

let h: Harness;
before(async () => {
  h = await setup();
});
after(() => h.close());

const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });

test('a page, its twin at path.md and the twin for Accept: text/markdown tell the same thing', async () => {
  const page = await get('/privacidad');
  assert.equal(page.statusCode, 200);
  assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
  assert.match(String(page.headers.vary), /Accept/);
  assert.match(page.body, /<link rel="alternate" type="text\/markdown" href="\/privacidad\.md">/);
  const twin = await get('/privacidad.md');
  assert.equal(twin.headers['content-type'], 'text/markdown; charset=utf-8');
  assert.match(twin.body, /^# Privacidad\n\n> /);
  const negotiated = await get('/privacidad', { accept: 'text/markdown' });
  assert.equal(negotiated.body, twin.body);
  assert.equal((await get('/privacidad', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' })).body, page.body);
  assert.equal((await get('/privacidad', { accept: 'text/markdown;q=0.5, text/html' })).body, page.body);
  for (const heading of twin.body.match(/^## .+$/gm) ?? []) {
    assert.ok(page.body.includes(`<h2>${heading.slice(3)}</h2>`), heading);
  }
});

test('English is one parameter away, in the page and in the twin', async () => {
  const en = await get('/privacidad?lang=en');
  assert.match(en.body, /<html lang="en">/);
  assert.match(en.body, /Nothing is published without review/);
  assert.match((await get('/privacidad.md?lang=en')).body, /^# Privacy/);
  assert.match((await get('/privacidad')).body, /hreflang="en"/);
});

test('pages allow no inline script or style, are compressed, and cannot be framed', async () => {
  const page = await get('/privacidad', { 'accept-encoding': 'br' });
  const csp = String(page.headers['content-security-policy']);
  assert.match(csp, /script-src 'self'/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.match(csp, /img-src 'self' data: https:\/\/tile\.openstreetmap\.org/);
  assert.equal(page.headers['content-encoding'], 'br');
  const body = brotliDecompressSync(page.rawPayload).toString();
  assert.doesNotMatch(body, /<script(?![^>]*\ssrc=)[^>]*>/);
  assert.doesNotMatch(body, /\sstyle=/);
});

test('assets come from the service with cache headers; nothing outside the table is served', async () => {
  const leaflet = await get('/static/leaflet/leaflet.js');
  assert.equal(leaflet.statusCode, 200);
  assert.match(String(leaflet.headers['content-type']), /javascript/);
  assert.match(String(leaflet.headers['cache-control']), /max-age=604800/);
  assert.equal(
    (await get('/static/leaflet/leaflet.js', { 'if-none-match': String(leaflet.headers.etag) })).statusCode,
    304,
  );
  assert.equal((await get('/static/sitio.css')).statusCode, 200);
  for (const path of ['/static/../package.json', '/static/%2e%2e/package.json', '/static/leaflet/../../package.json']) {
    assert.equal((await get(path)).statusCode, 404, path);
  }
});

test('a broken link gets a Spanish page; programs and API paths keep the JSON error', async () => {
  const page = await get('/no-existe', { accept: 'text/html' });
  assert.equal(page.statusCode, 404);
  assert.match(page.body, /Página no encontrada/);
  const api = await get('/api/public/v1/no-existe', { accept: 'text/html' });
  assert.equal(JSON.parse(api.body).code, 'not_found');
  assert.equal(JSON.parse((await get('/no-existe')).body).code, 'not_found');
});

test('TILE_URL must carry {z}, {x} and {y}', async () => {
  await assert.rejects(setup({ TILE_URL: 'https://tiles.example/map.png' }, h), /TILE_URL/);
});
