// The buscar_ayudas map app: a self-contained page whose CSP names the tile server only, and, in Chromium inside a
// sandboxed iframe driven over postMessage like an MCP Apps host, markers, list and hostile titles as plain text.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { registerAppTool } from '@modelcontextprotocol/ext-apps/server';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { MAP_APP_URI, mapAppContents, mapAppToolMeta, tileHost } from '../src/mcp/map-app/map-app.ts';
import { mapAppHtml } from '../src/mcp/map-app/map-app-html.ts';
import { helpList } from '../src/schemas/public-help.ts';
import { browserSkip, DESKTOP, launch, PHONE } from './helpers/browser.ts';

const TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const COPYRIGHT = 'https://www.openstreetmap.org/copyright';
const HOSTILE = '<img src=x onerror=alert(1)>';

const read = (specifier: string) => readFileSync(new URL(import.meta.resolve(specifier)), 'utf8');
const URLS = /https?:\/\/[^\s"'`<>()\\]+/g;

/** Fails naming the offending excerpt, not the whole 700 kB page. */
function absent(text: string, pattern: RegExp): void {
  const found = pattern.exec(text);
  assert.equal(found && text.slice(Math.max(0, found.index - 60), found.index + 80), null, `${pattern} found`);
}

describe('map app resource', () => {
  test('one self-contained page: no external script, style or link, no address but the tiles and the credit', () => {
    const html = mapAppHtml(TILES);
    absent(html, /<script[^>]*\ssrc\s*=/i);
    absent(html, /<link\b/i);
    absent(html, /<(iframe|object|embed|base|img)\b/i);
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n');
    assert.ok(styles.length > 10_000, 'the styles are inline');
    absent(styles, /@import/i);
    absent(styles, /url\(\s*['"]?([a-z]+:|\/\/)/i);

    // The libraries are inlined byte for byte; once they are taken out, what is left is this project's page, and
    // its only addresses are the tile template and the OpenStreetMap credit.
    const leafletCss = read('leaflet/dist/leaflet.css');
    const leafletJs = read('leaflet/dist/leaflet.js');
    const bundle = read('@modelcontextprotocol/ext-apps/app-with-deps');
    const bundleBody = bundle.slice(0, bundle.lastIndexOf('export{'));
    assert.ok(bundleBody.length > 100_000, 'the ext-apps bundle ends in its export clause');
    let own = html;
    for (const [name, code] of [
      ['leaflet.css', leafletCss],
      ['leaflet.js', leafletJs],
      ['app-with-deps.js', bundleBody],
    ] as const) {
      assert.equal(own.split(code).length, 2, `${name} is inlined exactly once, unchanged`);
      own = own.replace(code, '');
    }
    assert.ok(own.length < 20_000, `the page besides the libraries is small (${own.length} characters)`);
    assert.deepEqual([...new Set(own.match(URLS))].sort(), [COPYRIGHT, TILES].sort());
    assert.ok(TILES.startsWith(`${tileHost(TILES)}/`));

    // The libraries' own addresses are names (SVG namespace, JSON Schema ids) or comments, never fetched; the
    // page adds none beyond them.
    const library = new Set([leafletCss, leafletJs, bundleBody].flatMap((code) => code.match(URLS) ?? []));
    for (const url of html.match(URLS) ?? []) {
      assert.ok(url === TILES || url === COPYRIGHT || library.has(url), `unexpected address ${url}`);
    }
  });

  test('resources/read entry: the app MIME type, and a CSP naming the tile host and nothing else', () => {
    const contents = mapAppContents(TILES);
    assert.equal(contents.uri, 'ui://ayuda-directa/mapa-de-ayudas.html');
    assert.equal(contents.uri, MAP_APP_URI);
    assert.equal(contents.mimeType, 'text/html;profile=mcp-app');
    assert.equal(contents.text, mapAppHtml(TILES));
    assert.deepEqual(contents._meta, {
      ui: { csp: { resourceDomains: ['https://tile.openstreetmap.org'], connectDomains: [] }, prefersBorder: true },
    });
    assert.deepEqual(mapAppContents('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')._meta.ui.csp, {
      resourceDomains: ['https://*.tile.openstreetmap.org'],
      connectDomains: [],
    });
  });

  test('tile host: the origin of the template, a wildcard for subdomain placeholders', () => {
    assert.equal(tileHost(TILES), 'https://tile.openstreetmap.org');
    assert.equal(tileHost('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'), 'https://*.tile.openstreetmap.org');
    assert.equal(tileHost('http://127.0.0.1:9/{z}/{x}/{y}.png'), 'http://127.0.0.1:9');
    assert.equal(tileHost('https://Tiles.Example.com:443/{z}/{x}/{y}.png?key=1'), 'https://tiles.example.com');
    assert.equal(tileHost('https://tiles-{s}.example.com:8443/{z}/{x}/{y}.png'), 'https://*.example.com:8443');
    assert.throws(() => tileHost('https://{s}.com/{z}/{x}/{y}.png'));
    assert.throws(() => tileHost('ftp://tiles.example.com/{z}/{x}/{y}.png'));
  });

  test('tool _meta: the same keys registerAppTool writes, pointing at the app', () => {
    let written: Record<string, unknown> | undefined;
    const server = {
      registerTool: (_name: string, config: { _meta: Record<string, unknown> }) => {
        written = config._meta;
      },
    };
    registerAppTool(server as any, 'buscar_ayudas', { _meta: { ui: { resourceUri: MAP_APP_URI } } }, (() => ({
      content: [],
    })) as any);
    assert.deepEqual(mapAppToolMeta(), written);
    assert.deepEqual(mapAppToolMeta(), { ui: { resourceUri: MAP_APP_URI }, 'ui/resourceUri': MAP_APP_URI });
  });
});

/** A published record as buscar_ayudas returns it; the list is checked against helpList below. */
function record(n: number, overrides: Record<string, unknown>, where: Record<string, unknown>) {
  const at = '2026-05-10T14:32:00.000Z';
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    type: 'request',
    emergency: { slug: 'inundacion-mocoa', name: 'Inundación Mocoa', status: 'active' },
    title: `Registro ${n}`,
    description: 'Descripción',
    category: 'agua',
    categoryLabel: 'Agua',
    urgency: 'urgent',
    status: 'active',
    operationalStatus: 'unattended',
    priorityScore: 70,
    location: {
      address: null,
      neighborhood: null,
      latitude: null,
      longitude: null,
      precision: 'approximate',
      municipalityCode: null,
      municipality: null,
      distanceKm: null,
      mapUrl: null,
      ...where,
    },
    contact: { name: 'Ana', whatsapp: '+573001234567', whatsappUrl: 'https://wa.me/573001234567', channel: 'unknown' },
    quantities: null,
    resources: [],
    verification: { verified: true, verifiedBy: 'Equipo de la emergencia', verifiedAt: at, method: 'leader_review' },
    confirmation: { state: 'current', confirmedAt: at },
    logistics: null,
    collectionCenter: null,
    timeline: [],
    createdAt: at,
    updatedAt: at,
    publicUrl: `https://ayuda.example.org/ayudas/00000000-0000-4000-8000-00000000000${n}`,
    ...overrides,
  };
}

function searchResult() {
  const items = [
    record(
      1,
      { title: HOSTILE },
      {
        latitude: 1.1502,
        longitude: -76.6467,
        neighborhood: 'Barrio Obrero',
        municipalityCode: '86001',
        municipality: 'Mocoa, Putumayo',
      },
    ),
    record(
      2,
      { type: 'offer', title: 'Bidones de agua en el coliseo', urgency: 'needed', operationalStatus: 'available' },
      { latitude: 1.152, longitude: -76.648, precision: 'exact', municipality: 'Mocoa, Putumayo' },
    ),
    record(3, { title: 'Medicamentos para la vereda', category: 'medicamentos', categoryLabel: 'Medicamentos' }, {}),
  ];
  const structuredContent = helpList.parse({
    generatedAt: '2026-05-10T15:00:00.000Z',
    total: 3,
    returned: 3,
    filters: {
      emergencySlug: null,
      type: 'all',
      status: 'all',
      category: null,
      priority: 'all',
      q: null,
      latitude: null,
      longitude: null,
      radiusKm: null,
      logistics: false,
      capacity: null,
      limit: 20,
      municipalityCode: null,
      commitment: 'all',
      confirmation: 'not_expired',
    },
    items,
    nextCursor: null,
  });
  return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
}

/** The CSP a host builds from the resource's _meta.ui.csp (ext-apps spec, "Constructed from _meta.ui.csp"). */
function hostCsp(csp: { resourceDomains: string[]; connectDomains: string[] }): string {
  const resources = csp.resourceDomains.join(' ');
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline' ${resources}`,
    `style-src 'self' 'unsafe-inline' ${resources}`,
    csp.connectDomains.length ? `connect-src 'self' ${csp.connectDomains.join(' ')}` : "connect-src 'none'",
    `img-src 'self' data: ${resources}`,
    `font-src 'self' ${resources}`,
    `media-src 'self' data: ${resources}`,
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}

// The host's side of the MCP Apps protocol, by hand from spec.types: answer ui/initialize, note
// ui/notifications/initialized, open links on ui/open-link, and send tool results as notifications.
const HOST_PAGE = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Anfitrión de prueba</title>
<style>body{margin:0}iframe{display:block;width:100%;height:900px;border:0}</style></head>
<body><iframe id="app" title="Mapa de ayudas" sandbox="allow-scripts" src="/app.html"></iframe>
<script>
  const frame = document.getElementById('app');
  window.received = [];
  window.opened = [];
  window.initialized = new Promise((resolve) => { window.markInitialized = resolve; });
  const send = (message) => frame.contentWindow.postMessage({ jsonrpc: '2.0', ...message }, '*');
  window.addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow) return;
    const message = event.data;
    if (!message || message.jsonrpc !== '2.0' || !message.method) return;
    window.received.push(message);
    if (message.method === 'ui/initialize') {
      send({ id: message.id, result: {
        protocolVersion: message.params.protocolVersion,
        hostInfo: { name: 'anfitrion-de-prueba', version: '1.0.0' },
        hostCapabilities: { openLinks: {} },
        hostContext: { theme: 'light', displayMode: 'inline', locale: 'es-CO', platform: 'web' },
      } });
    } else if (message.method === 'ui/notifications/initialized') {
      window.markInitialized();
    } else if (message.method === 'ui/open-link') {
      window.opened.push(message.params.url);
      send({ id: message.id, result: {} });
    } else if (message.id !== undefined) {
      send({ id: message.id, error: { code: -32601, message: 'Method not found' } });
    }
  });
  window.sendToolResult = (params) => send({ method: 'ui/notifications/tool-result', params });
</script></body></html>`;

describe('map app in a browser', { skip: browserSkip }, () => {
  let browser: Browser;
  let server: Server;
  let base = '';

  before(async () => {
    const contents = mapAppContents(TILES);
    const csp = hostCsp(contents._meta.ui.csp);
    server = createServer((req, res) => {
      if (req.url === '/host.html') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HOST_PAGE);
      } else if (req.url === '/app.html') {
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp })
          .end(contents.text);
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  interface Session {
    context: BrowserContext;
    page: Page;
    app: Frame;
    requests: string[];
    problems: string[];
  }

  /** The host page with the app connected: every request leaving the local server is recorded and aborted. */
  async function open(viewport: { width: number; height: number }): Promise<Session> {
    const context = await browser.newContext({ viewport });
    const requests: string[] = [];
    const problems: string[] = [];
    await context.route('**/*', (route) => {
      const url = route.request().url();
      requests.push(url);
      return url.startsWith(`${base}/`) ? route.continue() : route.abort();
    });
    const page = await context.newPage();
    page.on('dialog', (dialog) => {
      problems.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (/Content Security Policy|Uncaught/i.test(message.text())) problems.push(`console: ${message.text()}`);
    });
    await page.goto(`${base}/host.html`);
    await page.evaluate(() => (globalThis as any).initialized);
    const app = page.frames().find((frame) => frame.url() === `${base}/app.html`);
    assert.ok(app, 'the app frame loaded');
    return { context, page, app, requests, problems };
  }

  test('draws the tool result: 2 markers, 3 entries, hostile title as text, nothing fetched but tiles', async () => {
    const { context, page, app, requests, problems } = await open(DESKTOP);
    try {
      const initialize = await page.evaluate(() =>
        (globalThis as any).received.find((m: any) => m.method === 'ui/initialize'),
      );
      assert.equal(initialize.params.appInfo.name, 'Mapa de ayudas');
      assert.equal(typeof initialize.params.protocolVersion, 'string');
      assert.equal(await app.locator('h1').textContent(), 'Resultados de la búsqueda');

      const result = searchResult();
      await page.evaluate((r) => (globalThis as any).sendToolResult(r), result);
      const markers = app.locator('.leaflet-marker-icon');
      await markers.nth(1).waitFor();
      assert.equal(await markers.count(), 2);
      const entries = app.locator('#lista li');
      assert.equal(await entries.count(), 3);
      assert.equal(await app.locator('#estado').textContent(), '3 resultados.');

      const titles = await app.locator('#lista .titulo').allTextContents();
      assert.deepEqual(titles, [HOSTILE, 'Bidones de agua en el coliseo', 'Medicamentos para la vereda']);
      const details = await app.locator('#lista .detalle').allTextContents();
      assert.deepEqual(details, [
        'Solicitud · Agua · Urgente',
        'Ofrecimiento · Agua',
        'Solicitud · Medicamentos · Urgente',
      ]);
      assert.equal(await entries.nth(0).locator('.lugar').textContent(), 'Barrio Obrero, Mocoa, Putumayo');
      assert.equal(await app.locator('.sin-mapa').count(), 1);
      assert.equal(await entries.nth(2).locator('.sin-mapa').textContent(), 'Sin ubicación en el mapa');
      assert.equal(await entries.nth(2).locator('button').count(), 0, 'nothing to open on the map');
      assert.equal(await app.locator('img[src="x"]').count(), 0);

      // A list entry opens its marker's popup, where the title is text too.
      await entries.nth(0).locator('button').click();
      const popup = app.locator('.leaflet-popup-content');
      await popup.waitFor();
      assert.equal(await popup.locator('.titulo').textContent(), HOSTILE);
      assert.match((await popup.textContent()) ?? '', /Ubicación aproximada/);
      assert.equal(await app.locator('img[src="x"]').count(), 0);
      await entries.nth(1).locator('button').click();
      await app.locator('.leaflet-popup-content .titulo', { hasText: 'Bidones de agua en el coliseo' }).waitFor();

      // A link goes through the host's ui/open-link.
      await app
        .locator('.leaflet-popup-content', { hasText: 'Bidones de agua en el coliseo' })
        .locator('a.enlace')
        .click();
      await page.waitForFunction(() => (globalThis as any).opened.length === 1);
      assert.deepEqual(await page.evaluate(() => (globalThis as any).opened), [
        result.structuredContent.items[1]!.publicUrl,
      ]);

      // Side by side on a wide screen.
      const map = await app.locator('#mapa').boundingBox();
      const list = await app.locator('#lista').boundingBox();
      assert.ok(map && list && list.x >= map.x + map.width, 'list beside the map');

      // Tiles were asked for (the CSP let them through) and refused here; the markers stayed, the note says why.
      await app.locator('#aviso').waitFor();
      const outside = requests.filter((url) => !url.startsWith(`${base}/`));
      assert.ok(outside.length > 0, 'the tile layer asked for tiles');
      for (const url of outside) assert.ok(url.startsWith(`${tileHost(TILES)}/`), `unexpected request ${url}`);
      assert.deepEqual(
        requests.filter((url) => url.startsWith(`${base}/`)),
        [`${base}/host.html`, `${base}/app.html`],
      );
      assert.equal(await markers.count(), 2);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('stacked on a phone, and an empty result says there is none', async () => {
    const { context, page, app, problems } = await open(PHONE);
    try {
      await page.evaluate((r) => (globalThis as any).sendToolResult(r), searchResult());
      await app.locator('.leaflet-marker-icon').nth(1).waitFor();
      const map = await app.locator('#mapa').boundingBox();
      const list = await app.locator('#lista').boundingBox();
      assert.ok(map && list && list.y >= map.y + map.height, 'list under the map');
      assert.ok(
        ((await app.evaluate('document.documentElement.scrollWidth')) as number) <= PHONE.width,
        'nothing wider than the phone',
      );

      const empty = searchResult();
      empty.structuredContent.items = [];
      empty.structuredContent.total = 0;
      empty.structuredContent.returned = 0;
      await page.evaluate((r) => (globalThis as any).sendToolResult(r), empty);
      await app.locator('#estado', { hasText: 'No hay resultados' }).waitFor();
      assert.equal(await app.locator('#lista li').count(), 0);
      assert.equal(await app.locator('.leaflet-marker-icon').count(), 0);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
