// The whole console on a phone (390×844) and a laptop (1366×768): every link and control a thumb can hit is at
// least 44 px tall, nothing scrolls sideways, and axe-core finds nothing at all on the inbox, a review page and the
// pledge list. Leaders clear floods of submissions from phones in the field.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createLogisticsOperation } from '../src/commands/create-logistics-operation.ts';
import { type AxeViolation, browserSkip, launch, PHONE, scrollWidth } from './helpers/browser.ts';
import { leader, PASSWORD } from './helpers/console.ts';
import { addEmergency, type Harness, HELP, offerBody, publish, requestBody, setup, submit } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
const TOUCH = 44;
const LAPTOP = { width: 1366, height: 768 } as const;
const SHOTS = 'test-results/screenshots';
/** A screenshot's name: the path after the emergency, or «bandeja». */
const shot = (path: string) => path.split('/').slice(4, 5).join('') || 'bandeja';
let h: Harness;
let browser: Browser;
let base = '';
let email = '';
const ids = { pending: '', duplicate: '', request: '', centre: '' };

const inbox = () => `/panel/e/${SLUG}`;
const review = () => `/panel/e/${SLUG}/revisar/${ids.duplicate}`;
const pledges = () => `/panel/e/${SLUG}/compromisos`;
/** Axe-checked at both sizes. */
const AXE_PAGES = () => [inbox(), review(), pledges()];
/** Measured on the phone. */
const PHONE_PAGES = () => [
  inbox(),
  review(),
  pledges(),
  `/panel/e/${SLUG}/registros`,
  `/panel/e/${SLUG}/registros/${ids.request}`,
  `/panel/e/${SLUG}/logistica`,
];

/**
 * Each visible link or control in the top bar, the navigation and the page whose target is under 44 px tall. A
 * checkbox or radio button is touched through its label, so the label is measured. A link inside a sentence is left
 * out: it takes the sentence's line (WCAG 2.5.8 exempts inline targets). Closed <details> hide their controls,
 * screen-reader-only text is no target. Browser code, so a string: the test's TypeScript has no DOM types.
 */
const SMALL_TARGETS = `(() => {
  const small = [];
  const selector = 'header a, header button, nav a, main a, main button, main summary, main select, main input, main textarea';
  for (const el of document.querySelectorAll(selector)) {
    if (el.tagName === 'INPUT' && el.type === 'hidden') continue;
    const parent = el.parentElement;
    const inSentence = el.tagName === 'A' && parent && (parent.tagName === 'P' || parent.tagName === 'LI' || parent.tagName === 'TD') &&
      [...parent.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent || '').trim().length > 1);
    if (inSentence) continue;
    const boxed = el.tagName === 'INPUT' && (el.type === 'checkbox' || el.type === 'radio');
    const target = boxed ? el.closest('label') || (el.id ? document.querySelector('label[for="' + el.id + '"]') : null) : el;
    if (!target) { small.push('checkbox without a label: ' + el.outerHTML.slice(0, 80)); continue; }
    const rect = target.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) continue;
    if (rect.height < ${TOUCH} - 0.5) {
      small.push(el.tagName.toLowerCase() + (el.className ? '.' + el.className : '') + ' "' +
        (target.textContent || el.value || '').trim().replace(/\\s+/g, ' ').slice(0, 40) + '" ' + rect.height.toFixed(1) + 'px');
    }
  }
  return small;
})()`;

const smallTargets = (page: Page) => page.evaluate<string[]>(SMALL_TARGETS);

/**
 * The innermost elements that reach past the right edge of the screen, to name what makes a page scroll sideways;
 * what a box that scrolls or clips by itself holds (a wide table in its scroller) does not move the page.
 */
const TOO_WIDE = `(() => {
  const edge = document.documentElement.clientWidth + 0.5;
  const contained = (el) => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== 'visible') return true;
    }
    return false;
  };
  const wide = (el) => el.getBoundingClientRect().right > edge && !contained(el);
  return [...document.querySelectorAll('body *')]
    .filter((el) => wide(el) && ![...el.children].some(wide))
    .map((el) => el.tagName.toLowerCase() + (el.className ? '.' + el.className : '') + ' ' + Math.round(el.getBoundingClientRect().right) + 'px');
})()`;
const tooWide = (page: Page) => page.evaluate<string[]>(TOO_WIDE);

/** Every axe-core violation, whatever its impact (the page needs a context with bypassCSP to run it). */
async function allViolations(page: Page): Promise<string[]> {
  const { createRequire } = await import('node:module');
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  const result = (await page.evaluate(() =>
    (globalThis as unknown as { axe: { run(): Promise<unknown> } }).axe.run(),
  )) as { violations: AxeViolation[] };
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`,
  );
}

async function signedIn(viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, bypassCSP: true, locale: 'es-CO' });
  const page = await context.newPage();
  await page.goto(`${base}/panel/entrar`);
  await page.fill('#email', email);
  await page.fill('#password', PASSWORD);
  await page.click('button[type=submit]');
  await page.waitForURL(/\/panel$/);
  return { context, page };
}

describe('the console on a phone and a laptop', { skip: browserSkip }, () => {
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    h = await setup({ BASE_URL: 'http://localhost:3000' });
    await addEmergency(h, SLUG, 'Inundación Mocoa');
    email = (await leader(h, [SLUG])).email;
    ids.pending = await submit(
      h,
      requestBody({ emergencySlug: SLUG, title: 'Rescate de familia en techo', urgency: 'urgent' }),
    );
    ids.duplicate = await submit(
      h,
      requestBody({
        emergencySlug: SLUG,
        title: 'Familia atrapada en techo del barrio Los Ángeles',
        urgency: 'urgent',
      }),
    );
    await submit(h, offerBody({ emergencySlug: SLUG, title: 'Ofrezco lancha con motor para evacuar' }));
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
    let phone = 3_150_000_000;
    for (const [contactName, quantity] of [
      ['Ana Gómez', 10],
      ['Carlos Ruiz', 8],
    ] as const) {
      const res = await h.json({
        method: 'POST',
        url: `${HELP}/${ids.request}/pledges`,
        payload: { quantity, contactName, contactWhatsapp: `+57${phone++}` },
      });
      assert.equal(res.status, 202, JSON.stringify(res.body));
    }
    await createLogisticsOperation(
      h.ctx,
      {
        emergencySlug: SLUG,
        destinationHelpId: ids.request,
        title: 'Bidones del Coliseo al albergue',
        supplyDescription: 'Agua potable',
        pickupHelpId: ids.centre,
      },
      'test',
    );
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await h?.close();
  });

  test('on a phone every target is at least 44 px tall and no page scrolls sideways', async () => {
    const { context, page } = await signedIn(PHONE);
    for (const path of PHONE_PAGES()) {
      const res = await page.goto(`${base}${path}`);
      assert.equal(res?.status(), 200, path);
      assert.deepEqual(await smallTargets(page), [], `${path}: targets under ${TOUCH} px`);
      // What a closed "Filtrar" or similar hides counts too, once opened.
      await page.evaluate("document.querySelectorAll('main details').forEach((d) => { d.open = true; })");
      assert.deepEqual(await smallTargets(page), [], `${path}: opened targets under ${TOUCH} px`);
      await page.screenshot({ path: `${SHOTS}/panel-telefono-${shot(path)}.png`, fullPage: true });
      assert.deepEqual(await tooWide(page), [], `${path}: wider than the phone`);
      assert.ok((await scrollWidth(page)) <= PHONE.width, `${path} fits a phone`);
    }
    await context.close();
  });

  test('axe-core finds no violation at all on the inbox, a review page and the pledge list, phone and laptop', async () => {
    for (const viewport of [PHONE, LAPTOP]) {
      const { context, page } = await signedIn(viewport);
      for (const path of AXE_PAGES()) {
        const res = await page.goto(`${base}${path}`);
        assert.equal(res?.status(), 200, path);
        assert.match((await page.textContent('main')) ?? '', /Familia atrapada|Ana Gómez/, `${path} shows the data`);
        assert.deepEqual(await allViolations(page), [], `${path} at ${viewport.width}px`);
      }
      await context.close();
    }
  });
});
