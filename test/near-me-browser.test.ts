// "Near me" on a phone without JavaScript: the filter form alone searches 5 km around Mocoa town nearest first, or near
// a municipality chosen from a list; the request placed by Mocoa alone is there, marked as such; once the filters are
// applied the first result is on the first screen; axe-core finds nothing serious.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { browserSkip, launch, PHONE, scrollWidth, seriousViolations } from './helpers/browser.ts';
import { addEmergency, type Harness, publish, requestBody, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
const SHOTS = 'test-results/screenshots';
const TOWN = { latitude: 1.1478, longitude: -76.6476 };
/** Enough records around town that the page is long, as in a real flood. */
const AROUND = 24;
const PLACED_TITLE = 'Vereda sin punto: agua para tres familias';
let h: Harness;
let browser: Browser;
let base = '';
let placedId = '';

/** The top of the first listed record, from the top of the page (runs in the page: a string, no DOM types here). */
const FIRST_RESULT_TOP =
  "(() => { const r = document.querySelector('#lista .item').getBoundingClientRect(); return r.top + window.scrollY; })()";

async function phonePage(): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, bypassCSP: true });
  return context.newPage();
}

/** axe-core is a script: it checks the same address in a context with JavaScript on. */
async function axeViolations(url: string): Promise<string[]> {
  const context = await browser.newContext({ viewport: PHONE, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(url);
  const violations = await seriousViolations(page);
  await context.close();
  return violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
}

/** Opens the folded filter panel and applies what `choose` picks, as a person would. */
async function applyFilters(page: Page, choose: (page: Page) => Promise<void>): Promise<void> {
  await page.goto(`${base}/emergencias/${SLUG}`);
  await page.click('details.filtros summary');
  await choose(page);
  await Promise.all([page.waitForURL(/sort=distance/), page.click('button[type=submit]')]);
}

describe('near me on a phone without JavaScript', { skip: browserSkip }, () => {
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    h = await setup({ BASE_URL: 'http://localhost:3000', TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png' });
    await addEmergency(h, SLUG, 'Inundación Mocoa');
    for (let i = 0; i < AROUND; i++) {
      await publish(
        h,
        requestBody({
          title: `Mercados para la familia ${i + 1}`,
          latitude: TOWN.latitude + (i % 6) * 0.004,
          longitude: TOWN.longitude - Math.floor(i / 6) * 0.004,
          urgency: i % 3 === 0 ? 'urgent' : 'needed',
        }),
      );
    }
    const {
      latitude: _lat,
      longitude: _lon,
      ...noPoint
    } = requestBody({
      title: PLACED_TITLE,
      municipalityCode: '86001',
      urgency: 'urgent',
    });
    placedId = await publish(h, noPoint);
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await h?.close();
  });

  test('5 km around Mocoa town, nearest first: the municipality-placed request is there, last, and marked', async () => {
    const page = await phonePage();
    await applyFilters(page, async (p) => {
      await p.fill('#f-latitude', String(TOWN.latitude));
      await p.fill('#f-longitude', String(TOWN.longitude));
      await p.fill('#f-radius', '5');
      await p.selectOption('#f-sort', 'distance');
    });
    const items = page.locator('#lista .item');
    assert.equal(await items.count(), AROUND + 1);
    const last = items.last();
    assert.equal(
      await last.locator('.titulo a').getAttribute('href'),
      `/ayudas/${placedId}`,
      'after the measured ones',
    );
    assert.match((await last.textContent()) ?? '', /en el municipio de Mocoa/i);
    assert.doesNotMatch((await last.textContent()) ?? '', /\bkm\b/, 'no distance for it');
    assert.match((await items.first().textContent()) ?? '', /a 0,\d+ km/);
    const top = (await page.evaluate(FIRST_RESULT_TOP)) as number;
    assert.ok(top < PHONE.height, `the first result starts at ${top} px, within the first screen`);
    assert.equal(await page.locator('details.filtros[open]').count(), 0, 'the panel is folded');
    assert.ok(await page.locator('p.resumen').isVisible());
    assert.ok((await scrollWidth(page)) <= PHONE.width, 'nothing to scroll sideways');
    await page.screenshot({ path: `${SHOTS}/cerca-5km-telefono.png` });
    assert.deepEqual(await axeViolations(page.url()), []);
    await page.context().close();
  });

  test('"Cerca de" Mocoa from the list: no coordinates, the summary says where, the first result on screen', async () => {
    const page = await phonePage();
    await applyFilters(page, async (p) => {
      await p.selectOption('#f-cerca', '86001');
      await p.selectOption('#f-sort', 'distance');
    });
    assert.match(page.url(), /cerca=86001/);
    assert.match(
      (await page.textContent('p.resumen')) ?? '',
      /\d+ resultados · Cerca de Mocoa, Putumayo · Cambiar filtros/,
    );
    const top = (await page.evaluate(FIRST_RESULT_TOP)) as number;
    assert.ok(top < PHONE.height, `the first result starts at ${top} px, within the first screen`);
    const placed = page.locator('#lista .item', { hasText: PLACED_TITLE });
    assert.match((await placed.textContent()) ?? '', /En el municipio de Mocoa, Putumayo \(sin punto exacto\)/);
    // "Cambiar filtros" leads back to the form, which opens.
    await page.click('p.resumen a');
    assert.ok(await page.locator('#f-cerca').isVisible(), 'the filters are open again');
    assert.deepEqual(await axeViolations(page.url()), []);
    await page.context().close();
  });

  test('with JavaScript the map fits the points it shows, so the groups split (not one group of everything)', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${base}/emergencias/${SLUG}?cerca=86001&sort=distance`);
    // Tiles cannot load here: the markers still draw, and the note says why the map is blank.
    await page.waitForSelector('#mapa[data-puntos]');
    await page.waitForSelector('#mapa-aviso:not([hidden])');
    const markers = await page.locator('#mapa .leaflet-marker-icon').count();
    const groups = (await page.locator('#mapa .grupo').allTextContents()).map((t) => Number.parseInt(t, 10));
    assert.ok(
      groups.every((n) => n < AROUND),
      `no group of every record: ${groups}`,
    );
    assert.ok(markers > 2, `${markers} markers or groups on the map`);
    await context.close();
  });

  test('"Más cercanos primero" with no place: the list still shows, with a plain request to pick a municipality', async () => {
    const page = await phonePage();
    await applyFilters(page, (p) => p.selectOption('#f-sort', 'distance').then(() => undefined));
    const main = (await page.textContent('main')) ?? '';
    assert.match(main, /elija su municipio en «Cerca de»/);
    assert.doesNotMatch(main, /sort=|latitude|requiere/);
    assert.equal(await page.locator('#lista .item').count(), AROUND + 1);
    assert.deepEqual(await axeViolations(page.url()), []);
    await page.context().close();
  });
});
