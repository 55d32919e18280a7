// The request and offer forms in a real browser, on a phone and a desktop, with and without JavaScript: send,
// get the receipt, a leader approves with the real CLI, the record is in the API; axe-core finds nothing serious.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { browserSkip, DESKTOP, launch, PHONE, scrollWidth, seriousViolations } from './helpers/browser.ts';
import { runCli } from './helpers/cli.ts';
import { addEmergency, type Harness, list, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
const SHOTS = 'test-results/screenshots';
/** Runs in the page (a string: the test's own types have no DOM). */
const LATITUDE_FILLED = "document.getElementById('latitude').value !== ''";
let h: Harness;
/** A local tile server: every tile is a 1x1 PNG, so the map draws without any outside network. */
let tiles: Server;
let browser: Browser;
let base = '';

/** Fills what a person in need types; the place is given by the caller (map, location or typed). */
async function fillRequest(page: Page, title: string): Promise<void> {
  await page.fill('#title', title);
  await page.selectOption('#category', 'agua');
  await page.check('#urgency');
  await page.fill('#description', 'Estamos aislados por el río, sin agua desde ayer.');
  await page.fill('#quantityRequired', '30');
  await page.fill('#unit', 'bidones');
  await page.fill('#address', 'Calle 8 # 5-21, junto a la escuela');
  await page.fill('#neighborhood', 'San Miguel');
  await page.fill('#contactName', 'María Fernanda Rojas');
  await page.fill('#contactWhatsapp', '+57 300 123 4567');
  await page.fill('#identityDocument', 'CC-1061234567');
  await page.check('#publishContact');
}

/** The id on the receipt the browser landed on. */
function receiptId(page: Page): string {
  const match = /\/recibido\/([0-9a-f-]{36})/.exec(page.url());
  assert.ok(match, `on a receipt: ${page.url()}`);
  return match[1] as string;
}

/** A leader approves with the real `ayuda` command; the record then shows in the public list, and on the
 * emergency page: in its list and among the map's points. */
async function approveAndFind(id: string, page: Page): Promise<void> {
  await approve(id);
  await page.goto(`${base}/emergencias/${SLUG}?status=all&limit=100`);
  assert.equal(
    (await page.locator(`main a[href="/ayudas/${id}"]`).count()) > 0,
    true,
    'in the list of the emergency page',
  );
  assert.ok(
    ((await page.locator('#puntos').textContent({ timeout: 2000 })) ?? '').includes(id),
    'among the map points',
  );
}

async function approve(id: string): Promise<void> {
  // An approval names the version reviewed: `review list` shows it.
  const listed = await runCli(['review', 'list', '--json', '--limit', '1000'], { DATABASE_URL: h.dbUrl });
  const version = JSON.parse(listed.stdout).find((entry: { id: string }) => entry.id === id)?.version;
  const approved = await runCli(['review', 'approve', id, '--version', String(version)], { DATABASE_URL: h.dbUrl });
  assert.equal(approved.code, 0, approved.stderr);
  // Another process wrote: this instance sees it within a moment (its change feed polls).
  for (let i = 0; i < 40; i++) {
    const listed = await list(h, { status: 'all', limit: 100 });
    if (listed.body.items.some((item: { id: string }) => item.id === id)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`${id} is in the public list after approval`);
}

describe('website forms in a browser', { skip: browserSkip }, () => {
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    tiles = createServer((_request, response) => {
      const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from(png, 'base64'));
    });
    await new Promise<void>((resolve) => tiles.listen(0, '127.0.0.1', resolve));
    const tilePort = (tiles.address() as AddressInfo).port;
    h = await setup({ BASE_URL: 'http://localhost:3000', TILE_URL: `http://127.0.0.1:${tilePort}/{z}/{x}/{y}.png` });
    await addEmergency(h, SLUG, 'Inundación Mocoa');
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await h?.close();
    await new Promise((resolve) => tiles?.close(resolve));
  });

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`with JavaScript on a ${name}: pick the place on the map, send, receipt, approve with the CLI`, async () => {
      const context = await browser.newContext({ viewport, locale: 'es-CO' });
      const page = await context.newPage();
      await page.goto(`${base}/necesito-ayuda`);
      assert.ok((await scrollWidth(page)) <= viewport.width, 'the form fits the screen');
      if (viewport === PHONE)
        await page.screenshot({ path: `${SHOTS}/formulario-solicitud-telefono.png`, fullPage: true });
      await page.click('text=Elegir en el mapa');
      await page.waitForSelector('#mapa-punto.leaflet-container');
      // A point is taken only once a tile is drawn.
      await page.waitForSelector('#mapa-punto .leaflet-tile-loaded', { state: 'attached' });
      const box = await page.locator('#mapa-punto').boundingBox();
      assert.ok(box && box.height >= 200, 'the map has room to tap');
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForFunction(LATITUDE_FILLED);
      const latitude = Number(await page.inputValue('#latitude'));
      const longitude = Number(await page.inputValue('#longitude'));
      assert.ok(Math.abs(latitude - 1.1466) < 0.05, `the map opened on the emergency (${latitude})`);
      assert.ok(Math.abs(longitude + 76.6475) < 0.05, `the map opened on the emergency (${longitude})`);
      assert.match((await page.textContent('[data-estado]')) ?? '', /Punto marcado/);
      await fillRequest(page, `Agua para el barrio (${name})`);
      if (viewport === PHONE) await page.screenshot({ path: `${SHOTS}/formulario-solicitud-mapa-telefono.png` });
      await page.click('button[type=submit]');
      await page.waitForURL(/\/recibido\//);
      assert.match((await page.textContent('main')) ?? '', /espera la revisión del equipo de la emergencia/);
      assert.ok(!((await page.content()) as string).includes('CC-1061234567'));
      if (viewport === PHONE) await page.screenshot({ path: `${SHOTS}/recibido-telefono.png`, fullPage: true });
      await approveAndFind(receiptId(page), page);
      await context.close();
    });
  }

  test('"Usar mi ubicación" fills the coordinates from the device', async () => {
    const context = await browser.newContext({
      viewport: DESKTOP,
      permissions: ['geolocation'],
      geolocation: { latitude: 1.15201, longitude: -76.65133 },
    });
    const page = await context.newPage();
    await page.goto(`${base}/quiero-ayudar`);
    await page.click('text=Usar mi ubicación');
    await page.waitForFunction(LATITUDE_FILLED);
    assert.equal(await page.inputValue('#latitude'), '1.15201');
    assert.equal(await page.inputValue('#longitude'), '-76.65133');
    assert.match((await page.textContent('[data-estado]')) ?? '', /Ubicación marcada/);
    await context.close();
  });

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`without JavaScript on a ${name}: typed place, a server error fixed in place, receipt, approval`, async () => {
      const context = await browser.newContext({ viewport, javaScriptEnabled: false, locale: 'es-CO' });
      const page = await context.newPage();
      await page.goto(`${base}/necesito-ayuda`);
      assert.equal(await page.isVisible('text=Usar mi ubicación'), false, 'no button that cannot work');
      await fillRequest(page, `Mercados para familias (${name}, sin JavaScript)`);
      await page.fill('#latitude', '1,1478');
      await page.fill('#longitude', '-76.6476');
      // Looks like a number to the browser, not to the server: the page comes back with the error beside it.
      await page.fill('#contactWhatsapp', '+57 1');
      await page.click('button[type=submit]');
      assert.match((await page.textContent('#contactWhatsapp-error')) ?? '', /WhatsApp no válido/);
      assert.equal(await page.inputValue('#title'), `Mercados para familias (${name}, sin JavaScript)`);
      assert.equal(await page.inputValue('#identityDocument'), '', 'the document is asked for again');
      assert.ok((await scrollWidth(page)) <= viewport.width, 'the page with errors fits the screen');
      if (viewport === PHONE)
        await page.screenshot({ path: `${SHOTS}/formulario-errores-telefono.png`, fullPage: true });
      // A Colombian number as people write it: stored E.164, shown grouped with a call link.
      await page.fill('#contactWhatsapp', '(311) 555-0199');
      await page.click('button[type=submit]');
      await page.waitForURL(/\/recibido\//);
      assert.match((await page.textContent('main')) ?? '', /Todavía no es público/);
      const id = receiptId(page);
      await approveAndFind(id, page);
      await page.goto(`${base}/ayudas/${id}`);
      assert.match((await page.textContent('main')) ?? '', /\+57 311 555 0199/);
      assert.equal(await page.locator('a[href="tel:+573115550199"]').count(), 1, 'a call link beside WhatsApp');
      assert.ok((await scrollWidth(page)) <= viewport.width, 'the record page fits the screen');
      await context.close();
    });
  }

  test('the offer form without JavaScript on a desktop: sent and received', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${base}/quiero-ayudar`);
    await page.screenshot({ path: `${SHOTS}/formulario-ofrecimiento-escritorio.png`, fullPage: true });
    await page.fill('#title', 'Camioneta 4x4 para llevar mercados');
    await page.selectOption('#category', 'transporte');
    await page.fill('#vehicle', 'Camioneta 4x4');
    await page.fill('#capacityKg', '800');
    await page.check('#needsTransport-no');
    await page.fill('#contactName', 'Jorge Hernán Muñoz');
    await page.fill('#contactWhatsapp', '+573157654321');
    await page.check('#publishContact');
    await page.click('button[type=submit]');
    await page.waitForURL(/\/recibido\//);
    assert.match((await page.textContent('main')) ?? '', /Ofrecimiento de ayuda/);
    await context.close();
  });

  test('axe-core finds no serious or critical violation on both forms, an error page and the receipt', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      const check = async (what: string) => {
        assert.equal(await page.locator('html').getAttribute('lang'), 'es');
        const violations = await seriousViolations(page);
        assert.deepEqual(
          violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`),
          [],
          `${what} at ${viewport.width}px`,
        );
      };
      await page.goto(`${base}/quiero-ayudar`);
      await check('offer form');
      await page.click('text=Elegir en el mapa');
      await page.waitForSelector('#mapa-punto.leaflet-container');
      // A point is taken only once a tile is drawn.
      await page.waitForSelector('#mapa-punto .leaflet-tile-loaded', { state: 'attached' });
      await check('offer form with its map open');
      await page.goto(`${base}/necesito-ayuda`);
      await check('request form');
      await fillRequest(page, 'Medicamentos para la diabetes');
      await page.fill('#latitude', '1.1478');
      await page.fill('#longitude', '-76.6476');
      await page.fill('#contactWhatsapp', '+57 1');
      await page.click('button[type=submit]');
      await page.waitForSelector('#contactWhatsapp-error');
      await check('request form with errors');
      await page.fill('#contactWhatsapp', '+573001234567');
      await page.click('button[type=submit]');
      await page.waitForURL(/\/recibido\//);
      await check('receipt');
      await context.close();
    }
  });
});
