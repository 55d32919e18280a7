// "Voy a llevar" in a real browser on a phone with JavaScript off: a request of 30 bidones is published, a volunteer
// pledges 20 from the record page (after asking for too many), the page shows 20 committed and 10 uncommitted, the
// list filter "Solo lo que falta comprometer" still finds it, the volunteer reports the delivery at /compromisos with
// the code (still 0 covered), the person helped confirms it on /estado with the receipt code, and the page shows 20
// covered. No page is wider than the screen, the code is never in the address, and axe-core finds nothing serious.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { RECEIPT_CODE_FORMAT } from '../src/domain/receipt-code.ts';
import { browserSkip, launch, PHONE, scrollWidth, seriousViolations } from './helpers/browser.ts';
import { addEmergency, type Harness, publish, requestBody, setup } from './helpers/harness.ts';
import { leaderCodeFor } from './helpers/receipt-code.ts';

const SLUG = 'inundacion-mocoa';
const SHOTS = 'test-results/screenshots';
const PLEDGER = 'Wilmer Andrés Cuéllar';
let h: Harness;
let browser: Browser;
let base = '';

/** A record's figures as the page shows them: each <dt> with its <dd>. Browser code, so a string. */
const FIGURES = `Object.fromEntries([...document.querySelectorAll('main dl.fields dt')].map((dt) =>
  [dt.textContent.trim(), (dt.nextElementSibling?.textContent || '').trim()]))`;
const figures = (page: Page) => page.evaluate<Record<string, string>>(FIGURES);

async function fits(page: Page, what: string) {
  assert.ok((await scrollWidth(page)) <= PHONE.width, `${what} fits a 390 px screen`);
}

describe('pledging in a browser', { skip: browserSkip }, () => {
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    h = await setup({ BASE_URL: 'http://localhost:3000', TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png' });
    await addEmergency(h, SLUG, 'Inundación Mocoa');
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await h?.close();
  });

  test('phone, no JavaScript: pledge 20 of 30 bidones, report it with the code, the person helped confirms it, covered', async () => {
    const id = await publish(
      h,
      requestBody({
        emergencySlug: SLUG,
        title: 'Bidones de agua para Villa Rosa',
        quantityRequired: 30,
        unit: 'bidones',
      }),
    );
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, locale: 'es-CO' });
    const page = await context.newPage();
    await page.goto(`${base}/ayudas/${id}`);
    await fits(page, 'the record page with its form');
    assert.match((await page.textContent('#voy-a-llevar')) ?? '', /Sin comprometer: 30 bidones/);
    await page.screenshot({ path: `${SHOTS}/comprometer-registro-telefono.png`, fullPage: true });

    // Too many first: the form comes back with what is still open and what was typed.
    await page.fill('#quantity', '35');
    await page.selectOption('#deliverWithinHours', '24');
    await page.fill('#contactName', PLEDGER);
    await page.fill('#contactWhatsapp', '316 555 0123');
    await page.click('button:has-text("Me comprometo a llevarlo")');
    await page.waitForLoadState();
    assert.match((await page.textContent('#errores')) ?? '', /Solo quedan 30 bidones sin comprometer/);
    assert.equal(await page.inputValue('#contactName'), PLEDGER);
    assert.equal(await page.inputValue('#deliverWithinHours'), '24');
    await fits(page, 'the form with its error');
    await page.screenshot({ path: `${SHOTS}/comprometer-error-telefono.png`, fullPage: true });

    await page.fill('#quantity', '20');
    await page.click('button:has-text("Me comprometo a llevarlo")');
    await page.waitForLoadState();
    const code = ((await page.textContent('.codigo-valor code')) ?? '').trim();
    assert.match(code, RECEIPT_CODE_FORMAT);
    assert.match((await page.textContent('main')) ?? '', /Gracias: su compromiso quedó registrado/);
    assert.equal((await figures(page))['Lo que va a llevar'], '20 bidones');
    assert.ok(page.url().endsWith(`/ayudas/${id}/comprometer`), 'an answer to the POST, not a redirect');
    assert.ok(!page.url().includes(code), 'the code is not in the address');
    await fits(page, 'the page with the code');
    await page.screenshot({ path: `${SHOTS}/comprometer-codigo-telefono.png`, fullPage: true });

    // The record: 20 committed, 10 still open; covered and pending as they were; the pledger nowhere.
    await page.goto(`${base}/ayudas/${id}`);
    const committed = await figures(page);
    assert.equal(committed.Comprometido, '20 bidones');
    assert.equal(committed['Sin comprometer'], '10 bidones');
    assert.equal(committed.Cubierto, '0 bidones');
    assert.equal(committed.Pendiente, '30 bidones');
    assert.ok(!((await page.content()) ?? '').includes(PLEDGER));

    // The list's filter, ticked as a person would: the request still lacks 10 nobody pledged.
    await page.goto(`${base}/emergencias/${SLUG}`);
    await page.click('summary:has-text("Filtrar la lista")');
    await page.check('#f-commitment');
    await page.click('button:has-text("Aplicar filtros")');
    await page.waitForLoadState();
    assert.match(page.url(), /[?&]commitment=uncommitted/);
    assert.match((await page.textContent('#lista')) ?? '', /Bidones de agua para Villa Rosa/);
    await fits(page, 'the emergency page with the filter');

    // Later, at /compromisos: the code, the pledge, "Ya entregué".
    await page.goto(`${base}/ayudas/${id}`);
    await page.click('#voy-a-llevar a:has-text("Mis compromisos")');
    await page.waitForURL(/\/compromisos$/);
    await fits(page, '/compromisos');
    await page.fill('#codigo', code.toLowerCase().replaceAll('-', ' '));
    await page.click('button:has-text("Buscar mi compromiso")');
    await page.waitForLoadState();
    assert.ok(page.url().endsWith('/compromisos') && !page.url().includes(code.slice(0, 3)));
    const pledge = await figures(page);
    assert.equal(pledge['Lo que va a llevar'], '20 bidones');
    assert.equal(pledge.Estado, 'Comprometido: aún no sale');
    await fits(page, 'the pledge and its two actions');
    await page.screenshot({ path: `${SHOTS}/compromisos-telefono.png`, fullPage: true });
    await page.click('button:has-text("Ya entregué")');
    await page.waitForLoadState();
    assert.match((await page.textContent('main')) ?? '', /Gracias: la entrega quedó registrada/);
    assert.match((await figures(page)).Estado ?? '', /^Entregado según usted, sin confirmar/);
    assert.ok(!page.url().includes(code.slice(0, 3)));
    await fits(page, 'the answer');
    await page.screenshot({ path: `${SHOTS}/compromisos-entregado-telefono.png`, fullPage: true });

    // The pledger's word alone: still reserved, not covered.
    await page.click('a:has-text("Ver la solicitud")');
    await page.waitForURL(new RegExp(`/ayudas/${id}$`));
    const reported = await figures(page);
    assert.equal(reported.Cubierto, '0 bidones');
    assert.equal(reported.Pendiente, '30 bidones');
    assert.equal(reported.Comprometido, '20 bidones');
    assert.equal(reported['Sin comprometer'], '10 bidones');

    // The person helped confirms it on /estado with the receipt code: now it is covered.
    const receiptCode = await leaderCodeFor(h.ctx, id);
    await page.goto(`${base}/estado`);
    await page.fill('#codigo', receiptCode);
    await page.click('button:has-text("Consultar")');
    await page.waitForLoadState();
    assert.match((await page.textContent('main')) ?? '', /Entregado según quien lo llevó, sin confirmar/);
    await fits(page, '/estado with a reported delivery');
    await page.screenshot({ path: `${SHOTS}/estado-entrega-reportada-telefono.png`, fullPage: true });
    await page.click('button:has-text("Ya llegó")');
    await page.waitForLoadState();
    await page.goto(`${base}/ayudas/${id}`);
    const covered = await figures(page);
    assert.equal(covered.Cubierto, '20 bidones');
    assert.equal(covered.Pendiente, '10 bidones');
    assert.equal(covered.Comprometido, '0 bidones');
    assert.equal(covered['Sin comprometer'], '10 bidones');
    await context.close();
  });

  test('axe-core finds nothing serious on the record page, the form with an error, the code, /compromisos and the pledge', async () => {
    const id = await publish(
      h,
      requestBody({ emergencySlug: SLUG, title: 'Mercados para el albergue', quantityRequired: 12, unit: 'mercados' }),
    );
    const context = await browser.newContext({ viewport: PHONE, bypassCSP: true });
    const page = await context.newPage();
    const check = async (label: string) => {
      const violations = await seriousViolations(page);
      assert.deepEqual(
        violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`),
        [],
        label,
      );
      await fits(page, label);
    };
    await page.goto(`${base}/ayudas/${id}`);
    await check('the record page');
    await page.goto(`${base}/ayudas/${id}/comprometer`);
    await check('the form page');
    await page.click('button:has-text("Me comprometo a llevarlo")');
    await page.waitForLoadState();
    await check('the form with its errors');
    await page.fill('#quantity', '4');
    await page.fill('#contactName', 'Ana Lucía Ortega');
    await page.fill('#contactWhatsapp', '313 555 0166');
    await page.click('button:has-text("Me comprometo a llevarlo")');
    await page.waitForLoadState();
    const code = ((await page.textContent('.codigo-valor code')) ?? '').trim();
    await check('the code');
    await page.goto(`${base}/compromisos`);
    await check('/compromisos');
    await page.fill('#codigo', 'AAA-AAA-AAA-AAA');
    await page.click('button:has-text("Buscar mi compromiso")');
    await page.waitForLoadState();
    await check('an unknown code');
    await page.fill('#codigo', code);
    await page.click('button:has-text("Buscar mi compromiso")');
    await page.waitForLoadState();
    await check('the pledge');
    await page.fill('#quantity', '9');
    await page.click('button:has-text("Ya entregué")');
    await page.waitForLoadState();
    assert.match((await page.textContent('#errores')) ?? '', /no mayor que 4 mercados/);
    await check('more than pledged');
    await page.click('button:has-text("Cancelar mi compromiso")');
    await page.waitForLoadState();
    assert.match((await page.textContent('main')) ?? '', /El compromiso quedó cancelado/);
    await check('cancelled');
    await context.close();
  });
});
