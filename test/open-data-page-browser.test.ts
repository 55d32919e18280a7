// /datos-abiertos and /desarrolladores on a phone (390×844) with JavaScript off: nothing scrolls sideways, no table
// is cut (each fits its box), the index's links land on their sections, every link alone on its line is a 44 px
// target, and axe-core finds no serious or critical problem.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { setEmergencyContact } from '../src/commands/set-emergency-contact.ts';
import { browserSkip, launch, PHONE, scrollWidth, seriousViolations } from './helpers/browser.ts';
import { addEmergency, type Harness, offerBody, publish, requestBody, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
const PAGES = ['/datos-abiertos', '/datos-abiertos?lang=en', '/desarrolladores', '/desarrolladores?lang=en'];
let h: Harness;
let browser: Browser;
let base = '';

/** Tables wider than their box: a phone would cut them. Browser code, so a string (no DOM types here). */
const CUT_TABLES = `[...document.querySelectorAll('main table')]
  .filter((t) => t.getBoundingClientRect().width > t.parentElement.clientWidth + 0.5)
  .map((t) => (t.parentElement.getAttribute('aria-label') || 'table') + ': ' + t.getBoundingClientRect().width.toFixed(0))`;

/** Links alone in a list item or a paragraph (controls, not words in a sentence) under 44 px tall. */
const SMALL_LINKS = `[...document.querySelectorAll('main li > a:only-child, main p.enlace > a')]
  .filter((a) => a.parentElement.childNodes.length === 1 || a.parentElement.tagName === 'P')
  .filter((a) => a.getBoundingClientRect().height < 43.5)
  .map((a) => a.textContent.trim().slice(0, 40) + ' ' + a.getBoundingClientRect().height.toFixed(1))`;

describe('open data and developers on a phone', { skip: browserSkip }, () => {
  before(async () => {
    h = await setup({ BASE_URL: 'http://localhost:3000', TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png' });
    await addEmergency(h, SLUG, 'Inundación Mocoa');
    await setEmergencyContact(h.ctx, SLUG, 'Puesto de mando, Alcaldía de Mocoa · 310 555 0199', 'test');
    await publish(h, requestBody({ title: 'Agua para Villa Rosa', quantityRequired: 30, unit: 'bidones' }));
    await publish(h, offerBody({ title: 'Centro Coliseo', collectionCenterStatus: 'needs_resources' }));
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await h?.close();
  });

  test('no sideways scroll, no cut table, links big enough, the index lands on its sections', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of PAGES) {
      await page.goto(`${base}${path}`);
      assert.ok((await scrollWidth(page)) <= PHONE.width, `${path}: ${await scrollWidth(page)} px wide`);
      assert.deepEqual(await page.evaluate<string[]>(CUT_TABLES), [], `${path}: tables cut at ${PHONE.width} px`);
      assert.deepEqual(await page.evaluate<string[]>(SMALL_LINKS), [], `${path}: links under 44 px`);
    }
    await page.goto(`${base}/desarrolladores`);
    const index = page.locator('#indice + ul a');
    assert.ok((await index.count()) >= 10);
    await page.click('#indice + ul a[href="#cambios"]');
    assert.match(page.url(), /#cambios$/);
    const top = (await page.evaluate(`document.getElementById('cambios').getBoundingClientRect().top`)) as number;
    assert.ok(Math.abs(top) < 50, `the section is at the top of the screen (${top} px)`);
    // The change feed opens from its link.
    await page.goto(`${base}/datos-abiertos`);
    await page.click('main a:text("Lista de cambios")');
    await page.waitForURL(/\/api\/public\/v1\/changes$/);
    assert.ok('next' in JSON.parse((await page.textContent('body')) ?? '{}'), 'the feed answered');
    await context.close();
  });

  test('axe-core finds no serious or critical problem', async () => {
    const checker = await browser.newContext({ viewport: PHONE, bypassCSP: true });
    const page = await checker.newPage();
    for (const path of PAGES) {
      await page.goto(`${base}${path}`);
      const violations = await seriousViolations(page);
      assert.deepEqual(
        violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`),
        [],
        path,
      );
    }
    await checker.close();
  });
});
