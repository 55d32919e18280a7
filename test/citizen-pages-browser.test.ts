// The public pages on a phone with JavaScript off: the header shows the two actions and "Más", which opens the rest
// by itself (details/summary); every link and control is at least 44 px tall; help text is at least 15 px; nothing
// is wider than the screen; axe-core finds no serious or critical problem.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createLogisticsOperation } from '../src/commands/create-logistics-operation.ts';
import { setEmergencyContact } from '../src/commands/set-emergency-contact.ts';
import { setInventoryLine } from '../src/commands/set-inventory-line.ts';
import { browserSkip, launch, PHONE, scrollWidth, seriousViolations } from './helpers/browser.ts';
import { addEmergency, type Harness, offerBody, publish, requestBody, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
const TOUCH = 44;
const HELP_TEXT = 15;
let h: Harness;
let browser: Browser;
let base = '';
const ids = { request: '', centre: '' };
/** The public pages: home, emergency, records, centres, routes, forms, privacy, and where "Datos abiertos" leads. */
const PAGES = () => [
  '/',
  `/emergencias/${SLUG}`,
  `/ayudas/${ids.request}`,
  `/ayudas/${ids.centre}`,
  `/centros?emergencia=${SLUG}`,
  `/centros?emergencia=${SLUG}&categoria=agua`,
  `/rutas?emergencia=${SLUG}`,
  '/necesito-ayuda',
  '/quiero-ayudar',
  '/privacidad',
  '/desarrolladores',
];

/**
 * Each visible link or control of the header and the page's content whose height is under 44 px. A checkbox or a
 * radio button is touched through its label, so the label is measured. A link inside a sentence is left out: it
 * takes the sentence's line, and making that line 44 px tall would pull the text apart (WCAG 2.5.8 exempts inline
 * targets). Browser code, so a string: the test's TypeScript has no DOM types.
 */
const SMALL_TARGETS = `(() => {
  const small = [];
  for (const el of document.querySelectorAll('header a, header summary, main a, main button, main summary, main select, main input')) {
    const parent = el.parentElement;
    const inSentence = el.tagName === 'A' && parent && parent.tagName === 'P' && !parent.classList.contains('enlace') &&
      [...parent.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent || '').trim() !== '');
    if (inSentence) continue;
    const boxed = el.tagName === 'INPUT' && (el.type === 'checkbox' || el.type === 'radio');
    const target = boxed ? el.closest('label') || (el.id ? document.querySelector('label[for="' + el.id + '"]') : null) : el;
    if (!target) continue;
    const rect = target.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    if (rect.height < ${TOUCH} - 0.5) {
      small.push(el.tagName.toLowerCase() + ' "' + (el.textContent || '').trim().slice(0, 40) + '" ' + rect.height.toFixed(1) + 'px');
    }
  }
  return small;
})()`;

/** Help text (small print, notes, hints, the footer) that renders under 15 px. */
const SMALL_HELP_TEXT = `[...document.querySelectorAll('main small, main .note, main .help, main .meta, footer')]
  .filter((el) => el.getClientRects().length > 0 && parseFloat(getComputedStyle(el).fontSize) < ${HELP_TEXT})
  .map((el) => (el.className || el.tagName) + ': ' + getComputedStyle(el).fontSize)`;

const smallTargets = (page: Page) => page.evaluate<string[]>(SMALL_TARGETS);
const smallHelpText = (page: Page) => page.evaluate<string[]>(SMALL_HELP_TEXT);

describe('public pages on a phone without JavaScript', { skip: browserSkip }, () => {
  before(async () => {
    h = await setup({ BASE_URL: 'http://localhost:3000', TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png' });
    await addEmergency(h, SLUG, 'Inundación Mocoa');
    await setEmergencyContact(h.ctx, SLUG, 'Puesto de mando, Alcaldía de Mocoa · 310 555 0199', 'test');
    ids.request = await publish(
      h,
      requestBody({ title: 'Agua para Villa Rosa', quantityRequired: 30, unit: 'bidones', urgency: 'urgent' }),
    );
    for (const unit of ['litros', 'tanques', 'botellas', 'garrafas', 'galones', 'baldes']) {
      await publish(h, requestBody({ title: `Agua en ${unit}`, quantityRequired: 20, unit }));
    }
    ids.centre = await publish(
      h,
      offerBody({
        title: 'Centro de acopio Coliseo',
        collectionCenterStatus: 'needs_resources',
        latitude: 1.152,
        longitude: -76.648,
        address: 'Coliseo municipal',
      }),
    );
    await setInventoryLine(
      h.ctx,
      ids.centre,
      { kind: 'need', category: 'agua', quantity: 200, unit: 'bidones' },
      'test',
    );
    await createLogisticsOperation(
      h.ctx,
      {
        emergencySlug: SLUG,
        destinationHelpId: ids.request,
        title: 'Bidones a Villa Rosa',
        supplyDescription: 'Agua',
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

  test('the header shows "Necesito ayuda · Quiero ayudar · Más", and "Más" opens the rest', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${base}/privacidad`);
    /** The header's entries a person sees, in order. */
    const shown = async () => {
      const texts: string[] = [];
      for (const entry of await page.locator('header nav a, header nav summary').all()) {
        if (await entry.isVisible()) texts.push(((await entry.textContent()) ?? '').trim());
      }
      return texts;
    };
    assert.deepEqual(await shown(), ['Necesito ayuda', 'Quiero ayudar', 'Más']);
    await page.click('header summary');
    assert.deepEqual(await shown(), [
      'Necesito ayuda',
      'Quiero ayudar',
      'Más',
      'Inicio',
      'Centros de acopio',
      'Rutas logísticas',
      'Tengo un código',
      'Mis compromisos',
      'Mi ruta',
      'Privacidad',
    ]);
    await page.click('.nav-mas a[href="/centros"]');
    assert.match(page.url(), /\/centros$/);
    await context.close();
  });

  test('every link and control is at least 44 px tall, help text at least 15 px, nothing too wide, axe clean', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, bypassCSP: true });
    const page = await context.newPage();
    for (const path of PAGES()) {
      await page.goto(`${base}${path}`);
      assert.deepEqual(await smallTargets(page), [], `${path}: targets under ${TOUCH} px`);
      // The menu's own links count too, once open.
      await page.click('header summary');
      assert.deepEqual(await smallTargets(page), [], `${path}: menu targets under ${TOUCH} px`);
      assert.deepEqual(await smallHelpText(page), [], `${path}: help text under ${HELP_TEXT} px`);
      assert.ok((await scrollWidth(page)) <= PHONE.width, `${path} fits a phone`);
    }
    await context.close();
    // axe-core is a script: it runs in a context with JavaScript on, over the same pages.
    const checker = await browser.newContext({ viewport: PHONE, bypassCSP: true });
    const checked = await checker.newPage();
    for (const path of PAGES()) {
      await checked.goto(`${base}${path}`);
      const violations = await seriousViolations(checked);
      assert.deepEqual(
        violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`),
        [],
        path,
      );
    }
    await checker.close();
  });
});
