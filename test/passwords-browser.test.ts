// The password pages in a real browser without JavaScript, on a phone: an admin's one-time link, choosing a new
// password through it, changing it from "Mi cuenta"; every page fits 390 px and axe-core finds nothing serious.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { browserSkip, DESKTOP, launch, PHONE, scrollWidth, seriousViolations } from './helpers/browser.ts';
import { leader, PASSWORD } from './helpers/console.ts';
import { addEmergency, type Harness, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
let h: Harness;
let browser: Browser;
let base = '';

describe('password pages in a browser', { skip: browserSkip }, () => {
  before(async () => {
    h = await setup({ BASE_URL: 'http://localhost:3000' });
    await addEmergency(h, SLUG, 'Inundación Mocoa');
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await h?.close();
  });

  async function signIn(page: Page, email: string, password = PASSWORD) {
    await page.goto(`${base}/panel/entrar`);
    await page.fill('#email', email);
    await page.fill('#password', password);
    await page.click('button[type=submit]');
  }

  /** Fits the width; with scripts on (for axe-core only: the pages have none), no serious violation. */
  async function check(page: Page, label: string, viewport: { width: number }, axe: boolean) {
    assert.equal(await page.locator('html').getAttribute('lang'), 'es');
    assert.ok((await scrollWidth(page)) <= viewport.width, `${label} fits ${viewport.width}px`);
    if (!axe) return;
    const violations = await seriousViolations(page);
    assert.deepEqual(
      violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`),
      [],
      `${label} at ${viewport.width}px`,
    );
  }

  test('an admin’s link, then the leader’s new password and a change from "Mi cuenta"; without JavaScript on a phone, axe-clean', async () => {
    for (const [viewport, axe] of [
      [PHONE, false],
      [PHONE, true],
      [DESKTOP, true],
    ] as const) {
      const options = { viewport, javaScriptEnabled: axe, bypassCSP: axe };
      const admin = await leader(h, [], 'admin');
      const lead = await leader(h, [SLUG]);
      const adminContext = await browser.newContext(options);
      const adminPage = await adminContext.newPage();
      await signIn(adminPage, admin.email);
      await adminPage.goto(`${base}/panel/cuentas`);
      await check(adminPage, 'accounts', viewport, axe);
      await adminPage.click(`form[action="/panel/cuentas/${lead.account.id}/clave"] button`);
      const url = await adminPage.inputValue('#enlace');
      assert.match(url, /^http:\/\/localhost:3000\/panel\/clave\/[\w-]{43}$/);
      await check(adminPage, 'link shown once', viewport, axe);
      await adminContext.close();

      const leaderContext = await browser.newContext(options);
      const page = await leaderContext.newPage();
      await page.goto(`${base}${new URL(url).pathname}`);
      await check(page, 'reset form', viewport, axe);
      await page.fill('#password', 'contraseña123');
      await page.fill('#confirm', 'contraseña123');
      await page.click('button[type=submit]');
      assert.match((await page.textContent('#password-error')) ?? '', /Es fácil de adivinar/);
      await check(page, 'reset form with its error', viewport, axe);
      const chosen = 'faro-cometa-lluvia-9';
      await page.fill('#password', chosen);
      await page.fill('#confirm', chosen);
      await page.click('button[type=submit]');
      assert.match(page.url(), /\/panel\/entrar\?hecho=clave$/);
      assert.match((await page.textContent('.flash')) ?? '', /Contraseña guardada/);
      await check(page, 'sign-in after the reset', viewport, axe);

      await signIn(page, lead.email, chosen);
      await page.click('a[href="/panel/cuenta"]');
      await check(page, 'Mi cuenta', viewport, axe);
      await page.fill('#current', chosen);
      await page.fill('#password', 'corta');
      await page.fill('#confirm', 'corta');
      await page.click('main button[type=submit]');
      assert.match((await page.textContent('#password-error')) ?? '', /tiene 5 caracteres/);
      await check(page, 'Mi cuenta with its error', viewport, axe);
      await page.fill('#current', chosen);
      await page.fill('#password', 'río-verde-faro-cometa-17');
      await page.fill('#confirm', 'río-verde-faro-cometa-17');
      await page.click('main button[type=submit]');
      assert.match((await page.textContent('.flash')) ?? '', /Contraseña cambiada/);
      await leaderContext.close();
    }
  });
});
