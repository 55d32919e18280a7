// A request without coordinates in a real phone browser: without JavaScript, department + municipality + address
// are enough; a leader places it in the console with typed coordinates and it is found in the API by its
// municipality. With JavaScript, the municipality list follows the department at once, and when the map tiles do not
// load the map cannot be used to drop a point on nothing.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { findById } from '../src/repositories/help-records/records.ts';
import { browserSkip, launch, PHONE, scrollWidth, seriousViolations } from './helpers/browser.ts';
import { leader, PASSWORD } from './helpers/console.ts';
import { addEmergency, type Harness, HELP, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
const SHOTS = 'test-results/screenshots';
/** Villagarzón, Putumayo. */
const VILLAGARZON = '86885';
/** A 1x1 PNG: every tile a local tile server answers with. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
let h: Harness;
let browser: Browser;
let base = '';
let email = '';

describe('a request placed by its municipality, in a browser', { skip: browserSkip }, () => {
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // Tiles from a closed local port: they never load.
    h = await setup({ BASE_URL: 'http://localhost:3000', TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png' });
    await addEmergency(h, SLUG, 'Inundación Mocoa');
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    email = (await leader(h, [SLUG])).email;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await h?.close();
  });

  test('without JavaScript on a phone: municipality and address only; a leader places it; found by municipality', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, locale: 'es-CO' });
    const page = await context.newPage();
    await page.goto(`${base}/necesito-ayuda`);
    const size = (await page.content()).length;
    assert.ok(size < 60_000, `the request form is light (${size} characters)`);
    await page.fill('#title', 'Mercados para la vereda La Esmeralda');
    await page.selectOption('#category', 'alimentos');
    await page.selectOption('#departmentCode', '86');
    await page.click('input[name=verMunicipios]');
    await page.waitForSelector(`#municipalityCode option[value="${VILLAGARZON}"]`, { state: 'attached' });
    assert.equal(await page.inputValue('#title'), 'Mercados para la vereda La Esmeralda', 'what was typed is kept');
    assert.ok(page.url().endsWith('/necesito-ayuda'), 'still on the form');
    await page.selectOption('#municipalityCode', VILLAGARZON);
    await page.fill('#address', 'Vereda La Esmeralda, casa azul junto a la escuela');
    await page.fill('#neighborhood', 'La Esmeralda');
    await page.fill('#contactName', 'Ana Lucía Pérez');
    await page.fill('#contactWhatsapp', '311 555 0199');
    await page.check('#publishContact');
    assert.ok((await scrollWidth(page)) <= PHONE.width, 'the form fits the phone');
    await page.screenshot({ path: `${SHOTS}/formulario-municipio-telefono.png`, fullPage: true });
    await page.locator('fieldset:has(#departmentCode)').screenshot({ path: `${SHOTS}/formulario-donde-telefono.png` });
    await page.click('button[type=submit]');
    await page.waitForURL(/\/recibido\//);
    const id = /\/recibido\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
    assert.ok(id, page.url());
    const stored = await findById(h.ctx, id);
    assert.equal(stored?.latitude, null);
    assert.equal(stored?.municipality_code, VILLAGARZON);

    // The leader, on the same phone without JavaScript.
    await page.goto(`${base}/panel`);
    await page.fill('#email', email);
    await page.fill('#password', PASSWORD);
    await page.click('button[type=submit]');
    await page.goto(`${base}/panel/e/${SLUG}`);
    assert.match((await page.textContent('.inbox')) ?? '', /Villagarzón, Putumayo · sin punto exacto/);
    await page.click(`a[href="/panel/e/${SLUG}/revisar/${id}"]`);
    assert.match((await page.textContent('main')) ?? '', /sin punto exacto/);
    assert.ok((await scrollWidth(page)) <= PHONE.width, 'the review page fits the phone');
    await page.click('summary:has-text("Corregir y aprobar")');
    assert.equal(await page.inputValue('form[action$="/corregir"] #municipalityCode'), VILLAGARZON);
    await page.fill('form[action$="/corregir"] #latitude', '0,9125');
    await page.fill('form[action$="/corregir"] #longitude', '-76.7431');
    await page
      .locator('details:has(form[action$="/corregir"])')
      .screenshot({ path: `${SHOTS}/panel-ubicar-telefono.png` });
    await page.click('text=Guardar correcciones y publicar');
    assert.match(page.url(), /hecho=corregida/);

    const placed = await findById(h.ctx, id);
    assert.equal(placed?.latitude, 0.9125);
    assert.equal(placed?.municipality_code, VILLAGARZON);
    const byMunicipality = await h.json({
      method: 'GET',
      url: `${HELP}?view=list&municipalityCode=${VILLAGARZON}&limit=100`,
    });
    assert.equal(byMunicipality.status, 200, JSON.stringify(byMunicipality.body));
    const items = byMunicipality.body.items as { id: string; location: { precision: string } }[];
    const item = items.find((i) => i.id === id);
    assert.ok(item, 'found in the API list by its municipality');
    assert.equal(item.location.precision, 'approximate', 'placed by the leader: an approximate point now');
    await context.close();
  });

  test('with JavaScript: the list follows the department; with no map tiles, the map refuses picking', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'es-CO' });
    const page = await context.newPage();
    await page.goto(`${base}/necesito-ayuda`);
    assert.equal(await page.locator('input[name=verMunicipios]').count(), 0, 'the list fills itself');
    await page.selectOption('#departmentCode', '86');
    await page.waitForSelector(`#municipalityCode option[value="${VILLAGARZON}"]`, { state: 'attached' });
    assert.equal(await page.locator('#municipalityCode option').count(), 14, 'Putumayo: 13 and the blank choice');

    await page.click('text=Elegir en el mapa');
    await page.waitForSelector('[data-ver-mapa][disabled]', { state: 'attached' });
    assert.match((await page.textContent('[data-estado]')) ?? '', /El mapa no cargó.*municipio/s);
    assert.equal(await page.isVisible('#mapa-punto'), false, 'no grey map to tap');
    assert.equal(await page.inputValue('#latitude'), '');
    assert.ok((await scrollWidth(page)) <= PHONE.width);
    await page
      .locator('fieldset:has(#departmentCode)')
      .screenshot({ path: `${SHOTS}/formulario-mapa-sin-teselas-telefono.png` });
    await context.close();
  });

  test('axe-core finds no serious or critical violation on the form after "Ver municipios"', async () => {
    // axe runs in the page, so JavaScript is on; the form's own script is kept out, as without JavaScript.
    const context = await browser.newContext({ viewport: PHONE, bypassCSP: true });
    await context.route('**/static/ubicacion.js', (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`${base}/necesito-ayuda`);
    await page.selectOption('#departmentCode', '86');
    await page.click('input[name=verMunicipios]');
    await page.waitForSelector(
      `#municipalityCode option[value="${VILLAGARZON}"][selected], #municipalityCode[autofocus]`,
      {
        state: 'attached',
      },
    );
    const violations = await seriousViolations(page);
    assert.deepEqual(
      violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`),
      [],
    );
    await context.close();
  });
});

describe('the map, when its tiles do load', { skip: browserSkip }, () => {
  let tiles: Server;
  let withTiles: Harness;
  let site = '';
  let chromium: Browser;
  before(async () => {
    tiles = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' }).end(TILE);
    });
    await new Promise<void>((resolve) => tiles.listen(0, '127.0.0.1', resolve));
    const port = (tiles.address() as AddressInfo).port;
    withTiles = await setup({
      BASE_URL: 'http://localhost:3000',
      TILE_URL: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    });
    await addEmergency(withTiles, SLUG, 'Inundación Mocoa');
    await withTiles.app.listen({ port: 0, host: '127.0.0.1' });
    site = `http://127.0.0.1:${(withTiles.app.server.address() as AddressInfo).port}`;
    chromium = await launch();
  });
  after(async () => {
    await chromium?.close();
    await withTiles?.close();
    await new Promise((resolve) => tiles?.close(resolve));
  });

  test('a tap on the drawn map fills the point', async () => {
    const context = await chromium.newContext({ viewport: PHONE, locale: 'es-CO' });
    const page = await context.newPage();
    await page.goto(`${site}/necesito-ayuda`);
    await page.click('text=Elegir en el mapa');
    await page.waitForSelector('#mapa-punto .leaflet-tile-loaded', { state: 'attached' });
    const box = await page.locator('#mapa-punto').boundingBox();
    assert.ok(box && box.height >= 200, 'the map has room to tap');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForSelector('[data-estado]:has-text("Punto marcado")');
    assert.ok(Math.abs(Number(await page.inputValue('#latitude')) - 1.1466) < 0.05);
    assert.equal(await page.isEnabled('[data-ver-mapa]'), true);
    await context.close();
  });
});
