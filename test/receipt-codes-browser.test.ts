// A person on a phone with JavaScript off sends a request, reads the receipt code, and later types it at /estado as
// people do (lower case, spaces) to learn it is under review; the pages fit the screen and axe finds nothing serious.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { RECEIPT_CODE_FORMAT } from '../src/domain/receipt-code.ts';
import { browserSkip, launch, PHONE, scrollWidth, seriousViolations } from './helpers/browser.ts';
import { addEmergency, type Harness, setup } from './helpers/harness.ts';

const SHOTS = 'test-results/screenshots';
/** Runs in the page (a string: the test's own types have no DOM): the code's font size and height in px. */
const CODE_BOX =
  "(() => { const el = document.querySelector('.codigo-valor code'); return { size: parseFloat(getComputedStyle(el).fontSize), height: el.getBoundingClientRect().height }; })()";
let h: Harness;
let browser: Browser;
let base = '';

describe('the receipt code in a browser', { skip: browserSkip }, () => {
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    h = await setup({ BASE_URL: 'http://localhost:3000', TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png' });
    await addEmergency(h, 'inundacion-mocoa', 'Inundación Mocoa');
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await h?.close();
  });

  test('phone, no JavaScript: send, read the code, type it at /estado in lower case with spaces: in review', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, locale: 'es-CO' });
    const page = await context.newPage();
    await page.goto(`${base}/necesito-ayuda`);
    await page.fill('#title', 'Agua potable para la vereda');
    await page.selectOption('#category', 'agua');
    await page.check('#urgency');
    await page.fill('#latitude', '1,1478');
    await page.fill('#longitude', '-76.6476');
    await page.fill('#address', 'Vereda El Pepino, junto a la escuela');
    await page.fill('#neighborhood', 'El Pepino');
    await page.fill('#contactName', 'Rosa Elena Díaz');
    await page.fill('#contactWhatsapp', '311 555 0199');
    await page.check('#publishContact');
    await page.click('button:has-text("Enviar solicitud")');
    await page.waitForURL(/\/recibido\//);

    const code = ((await page.textContent('.codigo-valor code')) ?? '').trim();
    assert.match(code, RECEIPT_CODE_FORMAT);
    const { size, height } = (await page.evaluate(CODE_BOX)) as { size: number; height: number };
    assert.ok(size >= 24, `the code is large (${size}px)`);
    assert.ok(height < 2 * size, `on one line (${height}px high)`);
    const share = (await page.getAttribute('.compartir a', 'href')) ?? '';
    assert.ok(share.startsWith('https://wa.me/?text='), share);
    assert.ok(decodeURIComponent(share).includes(code));
    assert.ok((await scrollWidth(page)) <= PHONE.width, 'the receipt fits the screen');
    await page.screenshot({ path: `${SHOTS}/recibido-codigo-telefono.png`, fullPage: true });

    await page.click('text=Consultar el estado con el código');
    await page.waitForURL(/\/estado$/);
    assert.ok((await scrollWidth(page)) <= PHONE.width, 'the form fits the screen');
    const typed = `  ${code.toLowerCase().replace(/-/g, ' ')} `;
    await page.fill('#codigo', typed);
    await page.click('button:has-text("Consultar")');
    await page.waitForLoadState();
    const main = (await page.textContent('main')) ?? '';
    assert.match(main, /en revisión/);
    assert.match(main, /Inundación Mocoa/);
    assert.ok(!main.includes('Agua potable para la vereda'), 'not what the person wrote');
    assert.ok(!(await page.content()).includes(code), 'the answer does not repeat the code');
    assert.ok((await scrollWidth(page)) <= PHONE.width, 'the answer fits the screen');
    await page.screenshot({ path: `${SHOTS}/estado-en-revision-telefono.png`, fullPage: true });

    await page.goto(`${base}/estado`);
    await page.fill('#codigo', 'K7P-42Q-X9M-D3R');
    await page.click('button:has-text("Consultar")');
    assert.match((await page.textContent('main')) ?? '', /No encontramos ese código/);
    assert.equal(await page.getAttribute('#codigo', 'aria-invalid'), 'true');
    await page.screenshot({ path: `${SHOTS}/estado-no-encontrado-telefono.png`, fullPage: true });
    await context.close();
  });

  test('axe-core finds no serious or critical violation on the receipt with its code and on /estado', async () => {
    const context = await browser.newContext({ viewport: PHONE, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${base}/quiero-ayudar`);
    await page.fill('#title', 'Camioneta para llevar mercados');
    await page.selectOption('#category', 'transporte');
    await page.fill('#contactName', 'Jorge Hernán Muñoz');
    await page.fill('#contactWhatsapp', '+573157654321');
    await page.check('#publishContact');
    await page.click('button:has-text("Enviar ofrecimiento")');
    await page.waitForURL(/\/recibido\//);
    for (const url of [page.url(), `${base}/estado`]) {
      await page.goto(url);
      const violations = await seriousViolations(page);
      assert.deepEqual(
        violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`),
        [],
        url,
      );
    }
    await page.fill('#codigo', 'no existe');
    await page.click('button:has-text("Consultar")');
    await page.waitForLoadState();
    const violations = await seriousViolations(page);
    assert.deepEqual(
      violations.map((v) => v.id),
      [],
      'the not-found answer',
    );
    await context.close();
  });
});
