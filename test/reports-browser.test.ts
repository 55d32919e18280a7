// Reporting a record in a real browser on a phone without JavaScript, then the leaders' Reportes page: pages fit
// 390 px and axe-core finds no serious or critical problem.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { browserSkip, launch, PHONE, scrollWidth, seriousViolations } from './helpers/browser.ts';
import { leader, PASSWORD } from './helpers/console.ts';
import { addEmergency, type Harness, publish, requestBody, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
const SHOTS = 'test-results/screenshots';
let h: Harness;
let browser: Browser;
let base = '';
let id = '';

describe('reporting in a browser', { skip: browserSkip }, () => {
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    h = await setup({ BASE_URL: 'http://localhost:3000', TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png' });
    await addEmergency(h, SLUG, 'Inundación Mocoa');
    id = await publish(h, requestBody({ emergencySlug: SLUG, title: 'Mercados para familias del barrio' }));
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await h?.close();
  });

  test('on a phone without JavaScript: from the record to the form, a missing reason, then the thanks', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, locale: 'es-CO' });
    const page = await context.newPage();
    await page.goto(`${base}/ayudas/${id}`);
    await page.click('text=Reportar este registro');
    assert.match(page.url(), new RegExp(`/ayudas/${id}/reportar$`));
    assert.ok((await scrollWidth(page)) <= PHONE.width, 'the form fits a phone');
    await page.fill('#note', 'Piden consignar a un Nequi que no es de la familia.');
    await page.click('text=Enviar reporte');
    assert.match((await page.textContent('#errores')) ?? '', /Elija un motivo/);
    await page.screenshot({ path: `${SHOTS}/reportar-telefono.png`, fullPage: true });
    assert.equal(await page.inputValue('#note'), 'Piden consignar a un Nequi que no es de la familia.');
    await page.check('text=Parece una estafa');
    await page.click('text=Enviar reporte');
    assert.match(page.url(), new RegExp(`/ayudas/${id}/reporte-enviado$`));
    assert.match((await page.textContent('main')) ?? '', /el equipo de la emergencia revisará este registro/);
    assert.ok((await scrollWidth(page)) <= PHONE.width, 'the thanks fits a phone');
    await page.screenshot({ path: `${SHOTS}/reporte-enviado-telefono.png`, fullPage: true });
    const rows = await h.ctx.db.selectFrom('reports').select(['reason', 'note']).where('help_id', '=', id).execute();
    assert.deepEqual(
      rows.map((r) => ({ ...r })),
      [{ reason: 'scam', note: 'Piden consignar a un Nequi que no es de la familia.' }],
    );
    await context.close();
  });

  test('axe-core finds nothing serious on the report pages and the Reportes page, at 390 px', async () => {
    const { email } = await leader(h, [SLUG]);
    const context = await browser.newContext({ viewport: PHONE, bypassCSP: true });
    const page = await context.newPage();
    for (const path of [`/ayudas/${id}/reportar`, `/ayudas/${id}/reporte-enviado`]) {
      await page.goto(`${base}${path}`);
      assert.deepEqual(await seriousViolations(page), [], path);
    }
    await page.goto(`${base}/ayudas/${id}/reportar`);
    await page.click('text=Enviar reporte');
    assert.deepEqual(await seriousViolations(page), [], 'the form with its errors');
    await page.goto(`${base}/panel/entrar`);
    await page.fill('#email', email);
    await page.fill('#password', PASSWORD);
    await page.click('button[type=submit]');
    for (const path of [`/panel/e/${SLUG}/reportes`, `/panel/e/${SLUG}/registros/${id}`]) {
      await page.goto(`${base}${path}`);
      assert.match((await page.textContent('main')) ?? '', /Marcar como revisados/, path);
      assert.ok((await scrollWidth(page)) <= PHONE.width, `${path} fits a phone`);
      assert.deepEqual(await seriousViolations(page), [], path);
    }
    await page.screenshot({ path: `${SHOTS}/panel-reportes-telefono.png`, fullPage: true });
    await page.goto(`${base}/panel/e/${SLUG}/reportes`);
    await page.click('text=Marcar como revisados');
    assert.match((await page.textContent('.flash')) ?? '', /Reportes marcados como revisados/);
    assert.match((await page.textContent('nav.main')) ?? '', /Reportes \(0\)/);
    await context.close();
  });
});
