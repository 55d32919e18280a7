// The console in a real browser, on a phone and without JavaScript: sign in, review, decide; pages fit the
// screen and axe-core finds no serious or critical problem.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { browserSkip, DESKTOP, launch, PHONE, scrollWidth, seriousViolations } from './helpers/browser.ts';
import { leader, PASSWORD } from './helpers/console.ts';
import { addEmergency, type Harness, HELP, offerBody, publish, requestBody, setup, submit } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
const SHOTS = 'test-results/screenshots';
let h: Harness;
let browser: Browser;
let base = '';
let email = '';
const ids: Record<string, string> = {};

describe('console in a browser', { skip: browserSkip }, () => {
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    h = await setup({ BASE_URL: 'http://localhost:3000' });
    await addEmergency(h, SLUG, 'Inundación Mocoa');
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    email = (await leader(h, [SLUG])).email;
    ids.pending = await submit(
      h,
      requestBody({ emergencySlug: SLUG, title: 'Rescate de familia en techo', urgency: 'urgent' }),
    );
    ids.duplicate = await submit(
      h,
      requestBody({ emergencySlug: SLUG, title: 'Familia atrapada en techo', urgency: 'urgent' }),
    );
    ids.centre = await publish(
      h,
      offerBody({
        emergencySlug: SLUG,
        title: 'Centro de acopio Coliseo',
        collectionCenterStatus: 'needs_resources',
        latitude: 1.152,
        longitude: -76.648,
      }),
    );
    ids.request = await publish(
      h,
      requestBody({ emergencySlug: SLUG, title: 'Agua para el albergue', quantityRequired: 30, unit: 'bidones' }),
    );
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await h?.close();
  });

  test('without JavaScript, on a phone: sign in, open the inbox, approve; the record is public at once', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, locale: 'es-CO' });
    const page = await context.newPage();
    await page.goto(`${base}/panel`);
    assert.match(page.url(), /\/panel\/entrar/);
    await page.fill('#email', email);
    await page.fill('#password', PASSWORD);
    await page.click('button[type=submit]');
    await page.goto(`${base}/panel/e/${SLUG}`);
    assert.match((await page.textContent('.pending')) ?? '', /Pendientes de revisión: 2/);
    assert.match((await page.textContent('.inbox')) ?? '', /Posible duplicado/);
    await page.screenshot({ path: `${SHOTS}/panel-bandeja-telefono.png`, fullPage: true });
    await page.click(`a[href="/panel/e/${SLUG}/revisar/${ids.pending}"]`);
    await page.screenshot({ path: `${SHOTS}/panel-revision-telefono.png`, fullPage: true });
    await page.fill('#note', 'Confirmado con la defensa civil');
    await page.click('text=Aprobar y publicar');
    assert.match(page.url(), /hecho=aprobada/);
    assert.match((await page.textContent('.flash')) ?? '', /«Rescate de familia en techo» aprobada: ya es pública/);
    assert.match((await page.textContent('.pending')) ?? '', /Pendientes de revisión: 1/);
    const detail = await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${ids.pending}` });
    assert.equal(detail.status, 200);
    for (const path of [
      `/panel/e/${SLUG}`,
      `/panel/e/${SLUG}/registros`,
      `/panel/e/${SLUG}/centros/${ids.centre}`,
      `/panel/e/${SLUG}/logistica`,
      `/panel/e/${SLUG}/registros/${ids.request}`,
    ]) {
      await page.goto(`${base}${path}`);
      assert.ok((await scrollWidth(page)) <= PHONE.width, `${path} fits a phone`);
    }
    await page.goto(`${base}/panel/e/${SLUG}/centros/${ids.centre}`);
    await page.selectOption('#kind', 'need');
    await page.selectOption('#category', 'agua');
    await page.fill('#quantity', '120');
    await page.fill('#unit', 'bidones');
    await page.click('text=Guardar línea');
    assert.match((await page.textContent('main')) ?? '', /Agua: 120 bidones/);
    await page.screenshot({ path: `${SHOTS}/panel-centro-telefono.png`, fullPage: true });
    await context.close();
  });

  test('axe-core finds no serious or critical violation on the console pages, phone and desktop', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      await page.goto(`${base}/panel/entrar`);
      assert.deepEqual(await seriousViolations(page), [], 'sign-in page');
      await page.fill('#email', email);
      await page.fill('#password', PASSWORD);
      await page.click('button[type=submit]');
      for (const path of [
        '/panel',
        `/panel/e/${SLUG}`,
        `/panel/e/${SLUG}/revisar/${ids.duplicate}`,
        `/panel/e/${SLUG}/registros`,
        `/panel/e/${SLUG}/registros/${ids.request}`,
        `/panel/e/${SLUG}/centros`,
        `/panel/e/${SLUG}/centros/${ids.centre}`,
        `/panel/e/${SLUG}/logistica`,
        `/panel/e/${SLUG}?categoria=agua&tipo=request&espera=1`,
        `/panel/e/${SLUG}?categoria=lava&espera=mucho`,
      ]) {
        await page.goto(`${base}${path}`);
        assert.equal(await page.locator('html').getAttribute('lang'), 'es');
        const violations = await seriousViolations(page);
        assert.deepEqual(
          violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`),
          [],
          `${path} at ${viewport.width}px`,
        );
      }
      if (viewport === DESKTOP)
        await page.screenshot({ path: `${SHOTS}/panel-logistica-escritorio.png`, fullPage: true });
      await context.close();
    }
  });

  test('a submission changed while the leader looked, then a bulk rejection: both pages fit a phone, axe finds nothing serious', async () => {
    const original = requestBody({
      emergencySlug: SLUG,
      title: 'Mercados para la vereda',
      contactWhatsapp: '+573001110000',
    });
    const sent = await h.json({ method: 'POST', url: HELP, payload: original });
    const token = sent.body.editToken;
    const spam = [
      await submit(h, requestBody({ emergencySlug: SLUG, title: 'Sorteo de mercados uno' })),
      await submit(h, requestBody({ emergencySlug: SLUG, title: 'Sorteo de mercados dos' })),
    ];
    const context = await browser.newContext({ viewport: PHONE, bypassCSP: true, locale: 'es-CO' });
    const page = await context.newPage();
    await page.goto(`${base}/panel/entrar`);
    await page.fill('#email', email);
    await page.fill('#password', PASSWORD);
    await page.click('button[type=submit]');
    await page.goto(`${base}/panel/e/${SLUG}/revisar/${sent.body.id}`);
    await h.json({
      method: 'POST',
      url: HELP,
      payload: {
        ...original,
        contactWhatsapp: '+573009998877',
        description: 'Pague el envío por Nequi y le llega el mercado.',
      },
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    await page.click('text=Aprobar y publicar');
    assert.match((await page.textContent('.stale')) ?? '', /La publicación cambió/);
    assert.match((await page.textContent('table.diff')) ?? '', /\+573009998877/);
    assert.ok((await scrollWidth(page)) <= PHONE.width, 'the refusal page fits a phone');
    await page.screenshot({ path: `${SHOTS}/panel-cambio-telefono.png`, fullPage: true });
    assert.deepEqual(await seriousViolations(page), [], 'the refusal page');
    assert.equal((await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${sent.body.id}` })).status, 404);
    await page.click('text=Aprobar y publicar');
    assert.match(page.url(), /hecho=aprobada/);

    await page.goto(`${base}/panel/e/${SLUG}`);
    for (const id of spam) await page.check(`#sel-${id}`);
    await page.click('summary:has-text("Rechazar seleccionadas")');
    await page.fill('#reason', 'Sorteos falsos');
    await page.click('button:has-text("Rechazar seleccionadas")');
    // Sent without reloading: the rejected cards leave the page and the bar says what was done.
    await page.waitForSelector('.js-status:has-text("Se rechazaron 2")');
    for (const id of spam) assert.equal(await page.locator(`#c-${id}`).count(), 0, 'the rejected card left');
    assert.ok((await scrollWidth(page)) <= PHONE.width, 'the result fits a phone');
    assert.deepEqual(await seriousViolations(page), [], 'the bulk rejection result');
    await page.goto(`${base}/panel/e/${SLUG}?categoria=agua`);
    assert.ok((await scrollWidth(page)) <= PHONE.width, 'the filtered inbox fits a phone');
    await page.screenshot({ path: `${SHOTS}/panel-bandeja-filtros-telefono.png`, fullPage: true });
    await context.close();
  });
});
