// One door for every code on a phone with JavaScript off: a pledge code typed on /codigo opens the pledge in the
// POST's answer (the address stays /codigo, without the code); a receipt code opens the status, whose success notice
// and "Retirar" button read clearly. Every page fits 390 px, its buttons are 44 px tall, and axe finds nothing serious.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { browserSkip, launch, PHONE, scrollWidth, seriousViolations } from './helpers/browser.ts';
import { addEmergency, type Harness, HELP, publish, requestBody, setup } from './helpers/harness.ts';

const SHOTS = 'test-results/screenshots';
let h: Harness;
let browser: Browser;
let base = '';

/**
 * The page fits the phone, its buttons are big enough to tap, and axe finds nothing serious. axe-core is a script: it
 * runs over the same HTML (a POST's answer cannot be fetched again) in a page with JavaScript on, at the same address
 * so the stylesheet loads.
 */
async function checked(page: Page, what: string) {
  assert.ok((await scrollWidth(page)) <= PHONE.width, `${what}: fits a 390 px screen`);
  const heights = (await page.evaluate(
    "[...document.querySelectorAll('main button')].map((b) => b.getBoundingClientRect().height)",
  )) as number[];
  for (const height of heights) assert.ok(height >= 44, `${what}: a button ${height} px tall`);
  const checker = await browser.newContext({ viewport: PHONE, bypassCSP: true });
  const copy = await checker.newPage();
  await copy.goto(`${base}/codigo`);
  await copy.setContent(await page.content(), { waitUntil: 'load' });
  assert.equal(await copy.evaluate("getComputedStyle(document.querySelector('.skip')).position"), 'absolute', 'styled');
  assert.deepEqual(
    (await seriousViolations(copy)).map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`),
    [],
    what,
  );
  await checker.close();
}

describe('/codigo in a browser', { skip: browserSkip }, () => {
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

  test('phone, no JavaScript: a pledge code typed on /codigo opens the pledge', async () => {
    const id = await publish(
      h,
      requestBody({ title: 'Cobijas para el albergue', quantityRequired: 30, unit: 'cobijas' }),
    );
    const pledged = await h.json({
      method: 'POST',
      url: `${HELP}/${id}/pledges`,
      payload: { quantity: 10, contactName: 'Martha Díaz', contactWhatsapp: '+573157770011' },
    });
    const code = pledged.body.code as string;
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${base}/codigo`);
    assert.equal(await page.textContent('h1'), 'Tengo un código');
    await checked(page, '/codigo');
    await page.fill('#codigo', code.toLowerCase().replaceAll('-', ' '));
    await page.click('main button:has-text("Abrir")');
    await page.waitForLoadState();
    assert.equal(await page.textContent('h1'), 'Su compromiso');
    assert.ok(page.url().endsWith('/codigo'), page.url());
    assert.match((await page.textContent('main')) ?? '', /Cobijas para el albergue/);
    assert.match((await page.textContent('main')) ?? '', /Comprometido: aún no sale/);
    await checked(page, 'the pledge opened from /codigo');
    await page.screenshot({ path: `${SHOTS}/codigo-compromiso-telefono.png`, fullPage: true });
    await context.close();
  });

  test('phone, no JavaScript: a receipt code opens the status; "Sigue vigente" shows a success notice', async () => {
    const sent = await h.json({ method: 'POST', url: HELP, payload: requestBody({ title: 'Agua para la vereda' }) });
    await approveSubmission(h.ctx, sent.body.id, 'leader-1');
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${base}/codigo`);
    await page.fill('#codigo', sent.body.receiptCode);
    await page.click('main button:has-text("Abrir")');
    await page.waitForLoadState();
    assert.equal(await page.textContent('h1'), 'Estado de su envío');
    await checked(page, 'the status opened from /codigo');
    await page.click('main button:has-text("Sigue vigente")');
    await page.waitForLoadState();
    assert.equal(await page.textContent('.aviso-ok[role="status"]'), 'Gracias: quedó confirmada como vigente.');
    await checked(page, 'the status after "Sigue vigente"');
    await page.screenshot({ path: `${SHOTS}/codigo-estado-telefono.png`, fullPage: true });
    await page.click('main button:has-text("Retirar esta solicitud")');
    await page.waitForLoadState();
    assert.equal(await page.inputValue('#codigo'), sent.body.receiptCode);
    assert.ok(!page.url().includes(String(sent.body.receiptCode).slice(0, 3)), page.url());
    await checked(page, '/retirar with the code filled in');
    await context.close();
  });
});
