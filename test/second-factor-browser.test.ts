// The second factor in a real browser without JavaScript, on a phone: setting it up on "Mi cuenta" (QR code inline,
// the secret typed in groups), the recovery codes shown once, then signing in with password and code. Each page fits
// 390 px; with scripts on (for axe-core only: the pages have none), axe-core finds nothing serious.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { browserSkip, DESKTOP, launch, PHONE, scrollWidth, seriousViolations } from './helpers/browser.ts';
import { leader, PASSWORD } from './helpers/console.ts';
import { addEmergency, type Harness, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
/** A fixed key: the tests need one, not a secret one. */
const TOTP_KEY = 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00';
let h: Harness;
let browser: Browser;
let base = '';

describe('second factor in a browser', { skip: browserSkip }, () => {
  before(async () => {
    h = await setup({ BASE_URL: 'http://localhost:3000', TOTP_KEY });
    await addEmergency(h, SLUG, 'Inundación Mocoa');
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await h?.close();
  });

  /** The code at the service's clock, which is the harness's. */
  function codeAt(secret: string): Promise<string> {
    return generate({ secret, epoch: Math.floor(h.clock.now().getTime() / 1000) });
  }

  async function signIn(page: Page, email: string) {
    await page.goto(`${base}/panel/entrar`);
    await page.fill('#email', email);
    await page.fill('#password', PASSWORD);
    await page.click('button[type=submit]');
  }

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

  test('set up on "Mi cuenta", then sign in with password and code; without JavaScript at 390 px', async () => {
    for (const [viewport, axe] of [
      [PHONE, false],
      [DESKTOP, true],
    ] as const) {
      const options = { viewport, javaScriptEnabled: axe, bypassCSP: axe };
      const { email } = await leader(h, [SLUG]);
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await signIn(page, email);
      await page.goto(`${base}/panel/cuenta`);
      await check(page, 'Mi cuenta', viewport, axe);
      await page.click('form[action="/panel/cuenta/segundo-factor"] button');
      assert.match(page.url(), /\/panel\/cuenta\/segundo-factor$/);
      assert.equal(await page.locator('p.qr svg').count(), 1, 'the QR code is inline');
      await check(page, 'setting up', viewport, axe);
      const secret = ((await page.textContent('#totp-secret')) ?? '').replace(/\s/g, '');
      await page.fill('#code', await codeAt(secret));
      await page.click('main button[type=submit]');
      const codes = await page.locator('#recovery-codes code').allTextContents();
      assert.equal(codes.length, 10);
      assert.doesNotMatch(page.url(), new RegExp(codes[0] as string), 'the codes are never in the address');
      await check(page, 'recovery codes', viewport, axe);
      await context.close();

      h.clock.advanceHours(1 / 60);
      const fresh = await browser.newContext(options);
      const again = await fresh.newPage();
      await signIn(again, email);
      assert.match(again.url(), /\/panel\/entrar\/codigo$/);
      await check(again, 'code step', viewport, axe);
      await again.fill('#code', '000000');
      await again.click('main button[type=submit]');
      assert.match((await again.textContent('#code-error')) ?? '', /El código no es válido/);
      await check(again, 'code step with its error', viewport, axe);
      await again.fill('#code', await codeAt(secret));
      await again.click('main button[type=submit]');
      assert.equal(new URL(again.url()).pathname, '/panel');
      assert.ok(await again.locator('a[href="/panel/cuenta"]').count());
      await fresh.close();
    }
  });
});
