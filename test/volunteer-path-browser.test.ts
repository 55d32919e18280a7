// The volunteer's path in a real browser, on a phone with JavaScript off: from the home page's "Quiero ayudar" to a
// made pledge in at most 6 taps (choosing and typing are not taps; following a link or sending a form is), then the
// same pledge again from the menu ("Más" → "Mis compromisos") with its code. Every page on the way has no serious
// axe-core violation and nothing wider than the screen; the controls of the path are touch-sized.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { RECEIPT_CODE_FORMAT } from '../src/domain/receipt-code.ts';
import { browserSkip, launch, PHONE, scrollWidth, seriousViolations } from './helpers/browser.ts';
import { addEmergency, type Harness, publish, requestBody, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
const MOCOA = '86001';
const TOUCH = 44;
const MOST_TAPS = 6;
const PLEDGER = 'Wilmer Andrés Cuéllar';
let h: Harness;
let browser: Browser;
let base = '';
let id = '';

/**
 * Each page the volunteer lands on: nothing serious for axe-core, nothing to scroll sideways. axe-core runs in a page
 * of its own that allows scripts, on the very document the volunteer got (an answer to a POST cannot be asked for
 * again), without the site's scripts, as the volunteer saw it.
 */
async function checkPage(page: Page, checker: Page, visited: string[]): Promise<void> {
  const where = new URL(page.url()).pathname;
  visited.push(where);
  assert.ok((await scrollWidth(page)) <= PHONE.width, `${where} fits a 390 px screen`);
  await checker.goto(`${base}/`);
  await checker.setContent((await page.content()).replace(/<script\b[^>]*><\/script>/g, ''));
  assert.deepEqual(
    (await seriousViolations(checker)).map((v) => `${v.id}: ${v.help}`),
    [],
    `axe-core on ${where}`,
  );
}

async function touchSized(target: Locator, what: string): Promise<void> {
  const box = await target.boundingBox();
  assert.ok(box && box.height >= TOUCH - 0.5, `${what} is at least 44 px tall (${box?.height})`);
}

describe('the volunteer’s path on a phone without JavaScript', { skip: browserSkip }, () => {
  before(async () => {
    h = await setup({ BASE_URL: 'http://localhost:3000', TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png' });
    await addEmergency(h, SLUG, 'Inundación Mocoa');
    // The harness's point is in Mocoa; another need farther away, in Villagarzón, comes after it.
    id = await publish(
      h,
      requestBody({ title: 'Bidones de agua para Villa Rosa', quantityRequired: 30, unit: 'bidones' }),
    );
    await publish(
      h,
      requestBody({ title: 'Mercados en Villagarzón', latitude: 0.9112, longitude: -76.7449, quantityRequired: 10 }),
    );
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await h?.close();
  });

  test(`from "Quiero ayudar" to a made pledge in at most ${MOST_TAPS} taps, then back to it from the menu`, async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, locale: 'es-CO' });
    const page = await context.newPage();
    const checking = await browser.newContext({ viewport: PHONE, bypassCSP: true });
    const checker = await checking.newPage();
    const visited: string[] = [];
    let taps = 0;
    /** A tap that loads a page: a link followed or a form sent. */
    const tap = async (target: Locator) => {
      taps++;
      await Promise.all([page.waitForEvent('load'), target.click()]);
      await checkPage(page, checker, visited);
    };

    await page.goto(`${base}/`);
    await checkPage(page, checker, visited);
    await tap(page.locator('main .acciones a', { hasText: 'Quiero ayudar' }));
    assert.equal(new URL(page.url()).pathname, '/ayudar');

    // The needs first: the volunteer's municipality, then "see what is needed nearby".
    const select = page.locator(`#cerca-${SLUG}`);
    await touchSized(select, 'the municipality list');
    await select.selectOption(MOCOA);
    const near = page.locator('form.cerca button', { hasText: 'Ver lo que se necesita cerca' });
    await touchSized(near, '"Ver lo que se necesita cerca"');
    await tap(near);
    const url = new URL(page.url());
    assert.equal(url.pathname, `/emergencias/${SLUG}`);
    assert.equal(url.searchParams.get('cerca'), MOCOA);
    assert.equal(url.searchParams.get('commitment'), 'uncommitted');

    await tap(page.locator(`main a[href="/ayudas/${id}"]`).first());
    assert.equal(new URL(page.url()).pathname, `/ayudas/${id}`);

    // "Voy a llevar" is at the top of the record, in sight on a phone's first screen.
    const top = page.locator('.acciones.llevar a', { hasText: 'Voy a llevar' });
    await touchSized(top, 'the top "Voy a llevar"');
    const box = await top.boundingBox();
    assert.ok(box && box.y + box.height <= PHONE.height, `in the first screen (${box?.y})`);
    await tap(top);
    assert.equal(new URL(page.url()).pathname, `/ayudas/${id}/comprometer`);

    await page.fill('#quantity', '20');
    await page.fill('#contactName', PLEDGER);
    await page.fill('#contactWhatsapp', '316 555 0123');
    await tap(page.locator('button', { hasText: 'Me comprometo a llevarlo' }));
    const code = ((await page.textContent('.codigo-valor code')) ?? '').trim();
    assert.match(code, RECEIPT_CODE_FORMAT, 'the pledge is made and its code shown');
    assert.ok(taps <= MOST_TAPS, `${taps} taps`);
    assert.ok(!page.url().includes(code), 'the code is not in the address');

    // Later: "Más" → "Mis compromisos", the code typed, the pledge.
    await page.goto(`${base}/`);
    await page.click('header summary');
    await tap(page.locator('header details a', { hasText: 'Mis compromisos' }));
    assert.equal(new URL(page.url()).pathname, '/compromisos');
    await page.fill('#codigo', code);
    await tap(page.locator('button', { hasText: 'Buscar mi compromiso' }));
    const main = (await page.textContent('main')) ?? '';
    assert.match(main, /Bidones de agua para Villa Rosa/);
    assert.match(main, /20 bidones/);
    assert.ok(!page.url().includes(code), 'the code is not in the address');
    assert.deepEqual(visited, [
      '/',
      '/ayudar',
      `/emergencias/${SLUG}`,
      `/ayudas/${id}`,
      `/ayudas/${id}/comprometer`,
      `/ayudas/${id}/comprometer`,
      '/compromisos',
      '/compromisos',
    ]);
    await context.close();
    await checking.close();
  });
});
