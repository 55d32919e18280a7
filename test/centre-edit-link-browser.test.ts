// A centre's volunteer on a phone, without JavaScript, changes a quantity from the edit link; the page fits the
// screen, and axe-core finds no serious or critical problem there (with and without errors) nor on the console
// page that offers to send a new link by WhatsApp.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { createEditLink } from '../src/commands/center-edit-links.ts';
import { setInventoryLine } from '../src/commands/set-inventory-line.ts';
import { centerInventoryLines } from '../src/queries/inventory.ts';
import { browserSkip, launch, PHONE, scrollWidth, seriousViolations } from './helpers/browser.ts';
import { leader, PASSWORD } from './helpers/console.ts';
import { addEmergency, type Harness, offerBody, publish, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
const SHOTS = 'test-results/screenshots';
let h: Harness;
let browser: Browser;
let base = '';
let centreId = '';
let lineId = '';
let path = '';

describe('a centre’s edit link in a browser', { skip: browserSkip }, () => {
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    h = await setup({ BASE_URL: 'http://localhost:3000' });
    await addEmergency(h, SLUG, 'Inundación Mocoa');
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    centreId = await publish(
      h,
      offerBody({
        emergencySlug: SLUG,
        title: 'Centro de acopio Coliseo Municipal General Santander',
        category: 'acopio',
        collectionCenterStatus: 'needs_resources',
      }),
    );
    const actor = 'leader:prueba';
    lineId = (
      await setInventoryLine(
        h.ctx,
        centreId,
        { kind: 'need', category: 'agua', quantity: 120, unit: 'bidones', note: 'Para los albergues' },
        actor,
      )
    ).id;
    await setInventoryLine(h.ctx, centreId, { kind: 'have', category: 'ropa', quantity: 35, unit: 'cajas' }, actor);
    path = `/centro/${(await createEditLink(h.ctx, centreId, actor)).token}`;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await h?.close();
  });

  test('without JavaScript, on a phone: change a line’s quantity in place', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, locale: 'es-CO' });
    const page = await context.newPage();
    await page.goto(`${base}${path}`);
    assert.match(
      (await page.textContent('header.top')) ?? '',
      /Centro de acopio Coliseo Municipal General Santander: inventario/,
    );
    assert.ok((await scrollWidth(page)) <= PHONE.width, 'the page fits a phone');
    assert.equal(await page.inputValue(`#quantity-${lineId}`), '120', 'pre-filled');
    await page.fill(`#quantity-${lineId}`, '80');
    await page.click(`#linea-${lineId} button:has-text("Guardar cambios")`);
    assert.match(page.url(), /guardada=/);
    // The confirmation names the line and repeats the number; the note, left empty, was kept.
    assert.match(
      (await page.textContent('p.flash')) ?? '',
      /Guardamos 80 bidones de Agua en «Necesitamos»\. Nota: «Para los albergues»\./,
    );
    assert.match((await page.textContent(`#linea-${lineId}`)) ?? '', /Agua: 80 bidones · Para los albergues/);
    assert.equal(await page.inputValue(`#quantity-${lineId}`), '80');
    const lines = await centerInventoryLines(h.ctx, centreId);
    assert.equal(lines.length, 2, 'updated, not added');
    assert.equal(lines.find((l) => l.id === lineId)?.quantity, 80);
    assert.ok((await scrollWidth(page)) <= PHONE.width, 'still fits');
    await page.screenshot({ path: `${SHOTS}/centro-enlace-telefono.png`, fullPage: true });

    await page.fill(`#quantity-${lineId}`, 'muchos');
    await page.click(`#linea-${lineId} button:has-text("Guardar cambios")`);
    assert.match((await page.textContent('.errors')) ?? '', /Cantidad de Agua \(bidones\)/);
    await page.click(`.errors a[href="#quantity-${lineId}"]`);
    assert.ok((await scrollWidth(page)) <= PHONE.width, 'the page with errors fits');
    await context.close();
  });

  test('axe-core finds no serious or critical violation on the edit link and the console’s new-link page', async () => {
    const context = await browser.newContext({ viewport: PHONE, bypassCSP: true, locale: 'es-CO' });
    const page = await context.newPage();
    await page.goto(`${base}${path}`);
    assert.equal(await page.locator('html').getAttribute('lang'), 'es');
    const describe = (violations: Awaited<ReturnType<typeof seriousViolations>>) =>
      violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`);
    assert.deepEqual(describe(await seriousViolations(page)), [], 'edit link page');
    await page.fill(`#quantity-${lineId}`, '-5');
    await page.click(`#linea-${lineId} button:has-text("Guardar cambios")`);
    assert.match((await page.textContent('.errors')) ?? '', /Cantidad/);
    assert.deepEqual(describe(await seriousViolations(page)), [], 'edit link page with errors');

    const { email } = await leader(h, [SLUG]);
    await page.goto(`${base}/panel/entrar`);
    await page.fill('#email', email);
    await page.fill('#password', PASSWORD);
    await page.click('button[type=submit]');
    await page.goto(`${base}/panel/e/${SLUG}/centros/${centreId}`);
    await page.click('text=Crear un enlace de edición');
    assert.match((await page.textContent('a.button')) ?? '', /Enviar enlace por WhatsApp/);
    assert.ok((await scrollWidth(page)) <= PHONE.width, 'the new-link page fits a phone');
    assert.deepEqual(describe(await seriousViolations(page)), [], 'console page with the new link');
    await page.screenshot({ path: `${SHOTS}/panel-enlace-whatsapp-telefono.png`, fullPage: true });
    await context.close();
  });
});
