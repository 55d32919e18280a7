// The emergency page's map in a real browser, at phone and desktop size, with map tiles that cannot load:
// one marker (or cluster) per published record with a place, the listed ones and beyond, filters in the URL change
// them, the search point and radius are drawn, popups say what is missing and how to write, the page works without
// JavaScript ("Ver más" included), and axe-core finds no serious or critical problem on the home, emergency and
// record pages.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { browserSkip, DESKTOP, launch, PHONE, scrollWidth, seriousViolations } from './helpers/browser.ts';
import { addEmergency, type Harness, offerBody, publish, requestBody, setup, submit } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
const SHOTS = 'test-results/screenshots';
/** Nothing listens on port 9 (discard): every tile fails, as on a connection that cannot reach the tile server. */
const DEAD_TILES = 'http://127.0.0.1:9/{z}/{x}/{y}.png';
let h: Harness;
let browser: Browser;
let base = '';
const ids = { request: '', centre: '' };
/** Published records with a place, by kind: what the map must show. */
const placed = { request: 0, offer: 0, urgent: 0 };

/** Markers on the map, a cluster counting as the records it groups. */
async function markerCount(page: Page): Promise<{ total: number; clusters: number }> {
  await page.waitForSelector('#mapa[data-puntos]');
  // While the map zooms to fit its points the clustering animates, and old and new markers stand side by side for
  // a moment: count once no animation runs and two readings 150 ms apart agree. A string, so the test compiles
  // without the DOM's types.
  const read = () =>
    page.evaluate(`(() => {
      if (document.querySelector('#mapa .leaflet-cluster-anim, #mapa .leaflet-zoom-anim')) return null;
      const singles = document.querySelectorAll('#mapa .leaflet-marker-icon.punto').length;
      const clusters = [...document.querySelectorAll('#mapa .leaflet-marker-icon.grupo')];
      const grouped = clusters.reduce((sum, el) => sum + Number.parseInt(el.textContent || '0', 10), 0);
      return { total: singles + grouped, clusters: clusters.length };
    })()`) as Promise<{ total: number; clusters: number } | null>;
  let last = await read();
  for (let i = 0; i < 40; i++) {
    await page.waitForTimeout(150);
    const next = await read();
    if (next && last && next.total === last.total && next.clusters === last.clusters) return next;
    last = next;
  }
  throw new Error(`the map did not settle: last reading ${JSON.stringify(last)}`);
}

describe('public pages in a browser', { skip: browserSkip }, () => {
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    h = await setup({ BASE_URL: 'http://localhost:3000', TILE_URL: DEAD_TILES });
    await addEmergency(h, SLUG, 'Inundación Mocoa');
    // A dense neighbourhood (clustered) and records spread over the valley (single markers).
    for (let i = 0; i < 24; i++) {
      const urgent = i % 3 === 0;
      await publish(
        h,
        requestBody({
          emergencySlug: SLUG,
          title: `Agua y mercados para la familia ${i + 1} del barrio San Miguel`,
          urgency: urgent ? 'urgent' : 'needed',
          quantityRequired: 10 + i,
          unit: 'bidones',
          latitude: 1.1478 + (i % 5) * 0.0003,
          longitude: -76.6476 - Math.floor(i / 5) * 0.0003,
        }),
      );
      placed.request++;
      if (urgent) placed.urgent++;
    }
    ids.request = await publish(
      h,
      requestBody({
        emergencySlug: SLUG,
        title: 'Medicamentos para el puesto de salud de Puerto Limón',
        category: 'medicamentos',
        urgency: 'stable',
        quantityRequired: 12,
        unit: 'cajas',
        latitude: 1.06,
        longitude: -76.55,
      }),
    );
    placed.request++;
    for (const [i, point] of [
      [1.16, -76.66],
      [1.2, -76.7],
      [1.1, -76.6],
    ].entries()) {
      const id = await publish(
        h,
        offerBody({
          emergencySlug: SLUG,
          title: i === 0 ? 'Centro de acopio Coliseo' : `Camioneta disponible ${i}`,
          category: i === 0 ? 'acopio' : 'transporte',
          collectionCenterStatus: i === 0 ? 'needs_resources' : undefined,
          latitude: point[0],
          longitude: point[1],
        }),
      );
      if (i === 0) ids.centre = id;
      placed.offer++;
    }
    await publish(h, offerBody({ emergencySlug: SLUG, title: 'Voluntarios sin lugar fijo', category: 'voluntariado' }));
    // More records than a list page holds (50): the map must show them all, the list a page at a time.
    for (let i = 0; i < 30; i++) {
      await publish(
        h,
        requestBody({
          emergencySlug: SLUG,
          title: `Techo caído en la vereda ${i + 1}`,
          category: 'refugio',
          urgency: 'stable',
          latitude: 1.2 + (i % 6) * 0.01,
          longitude: -76.75 - Math.floor(i / 6) * 0.01,
        }),
      );
      placed.request++;
    }
    await submit(
      h,
      requestBody({ emergencySlug: SLUG, title: 'Pendiente de revisión', latitude: 1.3, longitude: -76.4 }),
    );
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await h?.close();
  });

  test('one marker or cluster per published record with a place, on a phone and a desktop, without tiles', async () => {
    for (const [viewport, name] of [
      [PHONE, 'telefono'],
      [DESKTOP, 'escritorio'],
    ] as const) {
      const context = await browser.newContext({ viewport, locale: 'es-CO' });
      const page = await context.newPage();
      await page.goto(`${base}/emergencias/${SLUG}`);
      const { total, clusters } = await markerCount(page);
      assert.equal(total, placed.request + placed.offer, `${name}: every placed record is on the map`);
      assert.ok(clusters >= 1, `${name}: the dense neighbourhood is clustered`);
      // Every marker and group is a target a finger can hit. Measured before the full-page screenshot, whose resize
      // makes the map load its points again; a marker being redrawn is waited for, not measured half-drawn.
      for (const selector of ['#mapa .leaflet-marker-icon.punto', '#mapa .leaflet-marker-icon.grupo']) {
        const marker = page.locator(selector).first();
        await marker.waitFor({ state: 'visible' });
        const size = await marker.boundingBox();
        assert.ok(
          size && Math.round(size.width) >= 44 && Math.round(size.height) >= 44,
          `${selector}: ${JSON.stringify(size)}`,
        );
      }
      assert.ok(await page.locator('#mapa').isVisible());
      await page.waitForSelector('#mapa-aviso:not([hidden])');
      assert.ok(await page.locator('.leyenda').isVisible(), 'the legend explains the markers');
      assert.ok((await scrollWidth(page)) <= viewport.width, `${name}: nothing to scroll sideways`);
      await page.screenshot({ path: `${SHOTS}/emergencia-${name}.png`, fullPage: true });
      assert.ok(total > 50, 'more points than the list shows');
      assert.equal(await page.locator('.lista .item').count(), 50, 'the list shows one page');
      // A single marker opens its popup with a link to the record page.
      await page.locator('#mapa .leaflet-marker-icon.punto-offer').first().click();
      const popup = page.locator('.leaflet-popup-content a').first();
      await popup.waitFor();
      assert.match((await popup.getAttribute('href')) ?? '', /^\/ayudas\/[0-9a-f-]{36}$/);
      await context.close();
    }
  });

  test('filters in the URL change the markers', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${base}/emergencias/${SLUG}?type=offer`);
    assert.equal((await markerCount(page)).total, placed.offer);
    assert.equal(await page.locator('#mapa .marca-request').count(), 0);
    await page.goto(`${base}/emergencias/${SLUG}?type=request&priority=urgent`);
    assert.equal((await markerCount(page)).total, placed.urgent);
    await page.goto(`${base}/emergencias/${SLUG}?latitude=1.06&longitude=-76.55&radiusKm=2`);
    assert.equal((await markerCount(page)).total, 1, 'only the record near the point');
    await context.close();
  });

  test('the map asks for the visible area again when it moves', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${base}/emergencias/${SLUG}`);
    await markerCount(page);
    const asked = page.waitForRequest(
      (r) => r.url().includes('/api/public/v1/map-points?') && r.url().includes('bbox='),
    );
    await page.click('#mapa .leaflet-control-zoom-in');
    const url = new URL((await asked).url());
    assert.match(url.searchParams.get('bbox') ?? '', /^-?\d+\.\d{2},-?\d+\.\d{2},-?\d+\.\d{2},-?\d+\.\d{2}$/);
    assert.equal(url.searchParams.get('emergencySlug'), SLUG, 'with the page filters');
    await context.close();
  });

  test('a search point is drawn with its radius, and a popup says what is missing and how to write', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'es-CO' });
    const page = await context.newPage();
    await page.goto(`${base}/emergencias/${SLUG}?latitude=1.06&longitude=-76.55&radiusKm=2`);
    assert.equal((await markerCount(page)).total, 1);
    assert.equal((await page.locator('#mapa .leaflet-tooltip.aqui').textContent())?.trim(), 'Usted está aquí');
    assert.equal(await page.locator('#mapa svg path').count(), 2, 'the radius and the point');
    await page.screenshot({ path: `${SHOTS}/emergencia-cerca-telefono.png`, fullPage: true });
    // A record the page does not list (limit=1): the popup reads its detail from the API.
    await page.goto(`${base}/emergencias/${SLUG}?limit=1`);
    await markerCount(page);
    await page.locator('#mapa .leaflet-marker-icon.punto[title*="Medicamentos"]').click();
    const content = page.locator('.leaflet-popup-content');
    await content.locator('.boton-whatsapp').waitFor();
    assert.equal(
      (await content.locator('strong').textContent())?.trim(),
      'Medicamentos para el puesto de salud de Puerto Limón',
    );
    assert.match((await content.textContent()) ?? '', /Faltan 12 de 12 cajas/);
    assert.match((await content.locator('.boton-whatsapp').getAttribute('href')) ?? '', /^https:\/\/wa\.me\/\d+/);
    assert.match((await content.locator('a').first().getAttribute('href')) ?? '', /^\/ayudas\/[0-9a-f-]{36}$/);
    assert.ok((await scrollWidth(page)) <= PHONE.width);
    await context.close();
  });

  test('without JavaScript, "Ver más" shows the next records and the municipality filter works', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${base}/emergencias/${SLUG}`);
    const first = await page.locator('.lista .titulo').allTextContents();
    assert.equal(first.length, 50);
    await page.click('.lista a:text("Ver más")');
    assert.match(page.url(), /cursor=[A-Za-z0-9_-]+#lista$/);
    const next = await page.locator('.lista .titulo').allTextContents();
    assert.equal(next.length, placed.request + placed.offer + 1 - 50, 'the rest, the record without a place too');
    assert.deepEqual(
      next.filter((title) => first.includes(title)),
      [],
      'no record twice',
    );
    assert.match((await page.textContent('.contador')) ?? '', /se muestran \d+ más/);
    assert.equal(await page.locator('.lista a:text("Ver más")').count(), 0, 'the end of the list');
    assert.ok((await scrollWidth(page)) <= PHONE.width);
    await page.click('.lista a:text("Volver al comienzo de la lista")');
    assert.equal((await page.locator('.lista .titulo').allTextContents()).length, 50);

    await page.click('.filtros summary');
    const names = await page.locator('#f-municipality option').allTextContents();
    assert.ok(names.includes('Mocoa, Putumayo'), names.join(' | '));
    await page.selectOption('#f-municipality', { label: 'Mocoa, Putumayo' });
    await page.click('.filtros button[type=submit]');
    assert.match(page.url(), /municipalityCode=86001/);
    assert.ok((await page.locator('.lista .item').count()) > 0);
    assert.equal(await page.inputValue('#f-municipality'), '86001', 'the form remembers the choice');
    await context.close();
  });

  test('"near me" fills the coordinates from the browser, and the list and map follow', async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      geolocation: { latitude: 1.06, longitude: -76.55 },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    await page.goto(`${base}/emergencias/${SLUG}`);
    await page.click('.filtros summary');
    assert.equal(await page.locator('#cerca-error').isVisible(), false, 'no failure before asking');
    await page.click('#cerca');
    await page.waitForFunction('document.getElementById("f-latitude").value !== ""');
    assert.equal(await page.locator('#cerca-error').isVisible(), false, 'no failure after a position');
    assert.equal(await page.inputValue('#f-latitude'), '1.06000');
    assert.equal(await page.inputValue('#f-longitude'), '-76.55000');
    await page.fill('#f-radius', '2');
    await page.click('.filtros button[type=submit]');
    assert.match(page.url(), /latitude=1\.06000&longitude=-76\.55000&radiusKm=2/);
    assert.equal((await markerCount(page)).total, 1);
    assert.deepEqual(await page.locator('.lista .titulo').allTextContents(), [
      'Medicamentos para el puesto de salud de Puerto Limón',
    ]);
    await context.close();
  });

  test('"near me" says it failed only when the browser refuses the position', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${base}/emergencias/${SLUG}`);
    await page.click('.filtros summary');
    assert.equal(await page.locator('#cerca-error').isVisible(), false);
    // No geolocation permission: the browser refuses, and the page says so.
    await page.click('#cerca');
    await page.locator('#cerca-error').waitFor({ state: 'visible' });
    assert.equal(await page.inputValue('#f-latitude'), '');
    await context.close();
  });

  test('without JavaScript the list and its filters work, and the empty map stays out of the way', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${base}/emergencias/${SLUG}`);
    assert.equal(await page.locator('#mapa').isVisible(), false);
    assert.equal(await page.locator('#cerca').isVisible(), false, 'the location button needs JavaScript');
    await page.click('.filtros summary');
    await page.selectOption('#f-type', 'offer');
    await page.click('.filtros button[type=submit]');
    assert.match(page.url(), /type=offer/);
    assert.equal(await page.locator('main').getByText('GET /api/').count(), 0, 'no API line for people');
    const kinds = await page.locator('.lista .item .meta').allTextContents();
    assert.equal(kinds.length, placed.offer + 1);
    assert.ok(kinds.every((k) => k.startsWith('Ofrecimiento')));
    // Once filters are applied the panel folds, so the results are in sight; it opens again to change them.
    assert.equal(await page.locator('.filtros').getAttribute('open'), null);
    await page.click('.filtros summary');
    await page.fill('#f-latitude', '99');
    await page.fill('#f-longitude', '-76.6');
    await page.click('.filtros button[type=submit]');
    assert.match((await page.textContent('#errores')) ?? '', /Latitud: Debe ser menor o igual que 13.6/);
    await context.close();
  });

  test('axe-core finds no serious or critical violation on the home, emergency and record pages', async () => {
    const api = await fetch(`${base}/api/public/v1/help?view=list&emergencySlug=${SLUG}`);
    const { nextCursor } = (await api.json()) as { nextCursor: string };
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      for (const path of [
        '/',
        `/emergencias/${SLUG}`,
        `/emergencias/${SLUG}?latitude=99`,
        `/emergencias/${SLUG}?cursor=${nextCursor}`,
        `/emergencias/${SLUG}?municipalityCode=86001&latitude=1.06&longitude=-76.55&radiusKm=3`,
        // Every filter at once: the longest links and API lines the page can show.
        `/emergencias/${SLUG}?type=request&status=active&category=medicamentos&priority=all&q=medicamentos%20puesto&latitude=1,06&longitude=-76,55&radiusKm=25&sort=distance`,
        `/ayudas/${ids.request}`,
        `/ayudas/${ids.centre}`,
        '/?lang=en',
      ]) {
        await page.goto(`${base}${path}`);
        if (path.startsWith('/emergencias/') && !path.includes('99')) await markerCount(page);
        if (path.includes('sort=')) assert.equal(await page.locator('.errors').count(), 0, `${path}: filters accepted`);
        const violations = await seriousViolations(page);
        assert.deepEqual(
          violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`),
          [],
          `${path} at ${viewport.width}px`,
        );
        assert.ok((await scrollWidth(page)) <= viewport.width, `${path} fits ${viewport.width}px`);
      }
      await context.close();
    }
  });

  test('screenshots of the home and a record page', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'es-CO' });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.screenshot({ path: `${SHOTS}/inicio-telefono.png`, fullPage: true });
    await page.goto(`${base}/ayudas/${ids.centre}`);
    await page.screenshot({ path: `${SHOTS}/registro-telefono.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);
    await page.goto(`${base}/`);
    await page.screenshot({ path: `${SHOTS}/inicio-escritorio.png`, fullPage: true });
    await context.close();
  });
});
