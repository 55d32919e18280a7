// "Quiero llevar esta ruta" in a real browser on a phone with JavaScript off: a volunteer opens /rutas, offers to take
// a route with the form (after a WhatsApp that is not a number), keeps the code, the team accepts the offer, and at
// /mi-ruta the volunteer marks the route on its way and then delivered with 25 bidones, which the destination
// request shows as delivered but not confirmed (reserved, not yet covered). No page is wider than the screen, the code is never in the address, and axe-core finds
// nothing serious.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createLogisticsOperation } from '../src/commands/create-logistics-operation.ts';
import { decideClaim } from '../src/commands/route-claims/decide-claim.ts';
import { RECEIPT_CODE_FORMAT } from '../src/domain/receipt-code.ts';
import { claimsOfEmergency } from '../src/repositories/route-claims.ts';
import { browserSkip, launch, PHONE, scrollWidth, seriousViolations } from './helpers/browser.ts';
import { addEmergency, type Harness, publish, requestBody, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
const SHOTS = 'test-results/screenshots';
const VOLUNTEER = 'Jhon Freddy Ortiz';
let h: Harness;
let browser: Browser;
let base = '';
let emergencyId = '';

/** The figures of a page: each <dt> with its <dd>. Browser code, so a string. */
const FIGURES = `Object.fromEntries([...document.querySelectorAll('main dl.fields dt')].map((dt) =>
  [dt.textContent.trim(), (dt.nextElementSibling?.textContent || '').trim()]))`;
const figures = (page: Page) => page.evaluate<Record<string, string>>(FIGURES);

async function fits(page: Page, what: string) {
  assert.ok((await scrollWidth(page)) <= PHONE.width, `${what} fits a 390 px screen`);
}

async function newRoute(title: string) {
  const destination = await publish(
    h,
    requestBody({ emergencySlug: SLUG, title: `Bidones para ${title}`, quantityRequired: 40, unit: 'bidones' }),
  );
  const route = await createLogisticsOperation(
    h.ctx,
    {
      emergencySlug: SLUG,
      destinationHelpId: destination,
      title,
      supplyDescription: 'Bidones de agua potable',
      quantityLabel: '40 bidones de 20 litros',
      pickupAddress: 'Coliseo municipal de Mocoa, entrada principal por la carrera 9',
      pickupLatitude: 1.15,
      pickupLongitude: -76.64,
      routeConditions: 'Vía destapada después del puente; en lluvia solo pasa un 4x4.',
    },
    'leader-1',
  );
  return { id: route.id, destination };
}

/** The team accepts the offer of `name`, as the console's "Aceptar" does. */
async function accept(routeId: string, name: string) {
  const claim = (await claimsOfEmergency(h.ctx.db, emergencyId)).find(
    (c) => c.operation_id === routeId && c.contact_name === name,
  );
  assert.ok(claim, 'the offer reached the team');
  await decideClaim(h.ctx, claim.id, emergencyId, 'accept', 'panel:lider@ayuda.test');
}

describe('taking a route in a browser', { skip: browserSkip }, () => {
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    h = await setup({ BASE_URL: 'http://localhost:3000', TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png' });
    emergencyId = (await addEmergency(h, SLUG, 'Inundación Mocoa')).id;
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await h?.close();
  });

  test('phone, no JavaScript: offer to take a route, get accepted, mark it on its way and delivered', async () => {
    const route = await newRoute('Ruta a la vereda Villa Rosa');
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, locale: 'es-CO' });
    const page = await context.newPage();
    await page.goto(`${base}/rutas`);
    await fits(page, '/rutas with the claim links');
    await page.click(`#ruta-${route.id} a:has-text("Quiero llevar esta ruta")`);
    await page.waitForURL(new RegExp(`/rutas/${route.id}/llevar$`));
    assert.equal((await figures(page))['Nombre de la ruta'], 'Ruta a la vereda Villa Rosa');
    await fits(page, 'the offer form');
    await page.screenshot({ path: `${SHOTS}/llevar-ruta-telefono.png`, fullPage: true });

    // A WhatsApp that is not a number first: the form comes back with what was typed.
    await page.fill('#contactName', VOLUNTEER);
    await page.fill('#contactWhatsapp', 'mi celular');
    await page.fill('#vehicle', 'Camioneta 4x4');
    await page.fill('#when', 'Hoy a las 3 pm');
    await page.click('button:has-text("Ofrecerme para llevarla")');
    await page.waitForLoadState();
    assert.match((await page.textContent('#errores')) ?? '', /Su WhatsApp/);
    assert.equal(await page.inputValue('#contactName'), VOLUNTEER);
    assert.equal(await page.inputValue('#vehicle'), 'Camioneta 4x4');
    assert.equal(await page.inputValue('#when'), 'Hoy a las 3 pm');
    await fits(page, 'the form with its error');
    await page.screenshot({ path: `${SHOTS}/llevar-ruta-error-telefono.png`, fullPage: true });

    await page.fill('#contactWhatsapp', '317 555 0144');
    await page.click('button:has-text("Ofrecerme para llevarla")');
    await page.waitForLoadState();
    const code = ((await page.textContent('.codigo-valor code')) ?? '').trim();
    assert.match(code, RECEIPT_CODE_FORMAT);
    assert.match((await page.textContent('main')) ?? '', /Gracias: su ofrecimiento llegó al equipo de la emergencia/);
    assert.equal((await figures(page))['Su ofrecimiento'], 'Esperando al equipo de la emergencia');
    assert.ok(page.url().endsWith(`/rutas/${route.id}/llevar`), 'an answer to the POST, not a redirect');
    assert.ok(!page.url().includes(code.slice(0, 3)), 'the code is not in the address');
    await fits(page, 'the page with the code');
    await page.screenshot({ path: `${SHOTS}/llevar-ruta-codigo-telefono.png`, fullPage: true });

    // Before the team decides: waiting, nothing to mark.
    await page.click('.codigo a:has-text("Mi ruta")');
    await page.waitForURL(/\/mi-ruta$/);
    await fits(page, '/mi-ruta');
    await page.fill('#codigo', code.toLowerCase().replaceAll('-', ' '));
    await page.click('button:has-text("Ver mi ruta")');
    await page.waitForLoadState();
    assert.equal((await figures(page))['Su ofrecimiento'], 'Esperando al equipo de la emergencia');
    assert.equal(await page.locator('button:has-text("Ya salí")').count(), 0);

    await accept(route.id, VOLUNTEER);

    await page.goto(`${base}/mi-ruta`);
    await page.fill('#codigo', code);
    await page.click('button:has-text("Ver mi ruta")');
    await page.waitForLoadState();
    assert.ok(page.url().endsWith('/mi-ruta') && !page.url().includes(code.slice(0, 3)));
    let shown = await figures(page);
    assert.equal(shown['Su ofrecimiento'], 'Aceptado: la ruta es suya');
    assert.equal(shown['Estado de la ruta'], 'Asignada');
    await fits(page, 'the accepted route with "Ya salí"');
    await page.screenshot({ path: `${SHOTS}/mi-ruta-aceptada-telefono.png`, fullPage: true });
    await page.click('button:has-text("Ya salí (en camino)")');
    await page.waitForLoadState();
    assert.match((await page.textContent('main')) ?? '', /Quedó marcado: va en camino/);
    assert.equal((await figures(page))['Estado de la ruta'], 'En camino');
    assert.ok(!page.url().includes(code.slice(0, 3)));
    await fits(page, 'on its way, with "Ya entregué"');
    await page.screenshot({ path: `${SHOTS}/mi-ruta-en-camino-telefono.png`, fullPage: true });

    await page.fill('#quantity', '25');
    await page.click('button:has-text("Ya entregué")');
    await page.waitForLoadState();
    assert.match((await page.textContent('main')) ?? '', /Gracias: la entrega quedó registrada/);
    shown = await figures(page);
    assert.equal(shown['Estado de la ruta'], 'Entregada');
    await fits(page, 'the delivery');
    await page.screenshot({ path: `${SHOTS}/mi-ruta-entregada-telefono.png`, fullPage: true });

    await page.click('a:has-text("Ver la solicitud de destino")');
    await page.waitForURL(new RegExp(`/ayudas/${route.destination}$`));
    const destination = await figures(page);
    assert.equal(destination.Cubierto, '0 bidones', 'the volunteer’s word is not a confirmation');
    assert.equal(destination.Comprometido, '25 bidones');
    assert.match((await page.textContent('main')) ?? '', /Entregado según quien lo llevó, sin confirmar: 25 bidones/);
    assert.ok(!(await page.content()).includes(VOLUNTEER), 'the volunteer nowhere public');
    await context.close();
  });

  test('axe-core finds nothing serious on the form, its errors, the code, /mi-ruta and the accepted route', async () => {
    const route = await newRoute('Ruta al albergue del coliseo');
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
    await page.goto(`${base}/rutas`);
    await check('/rutas');
    await page.goto(`${base}/rutas/${route.id}/llevar`);
    await check('the form page');
    await page.fill('#contactName', 'Ana Lucía Ortega');
    await page.fill('#contactWhatsapp', 'no tengo');
    await page.fill('#when', 'Mañana temprano');
    await page.click('button:has-text("Ofrecerme para llevarla")');
    await page.waitForLoadState();
    assert.match((await page.textContent('#errores')) ?? '', /Su WhatsApp/);
    await check('the form with its errors');
    await page.fill('#contactWhatsapp', '313 555 0166');
    await page.click('button:has-text("Ofrecerme para llevarla")');
    await page.waitForLoadState();
    const code = ((await page.textContent('.codigo-valor code')) ?? '').trim();
    await check('the code');
    await page.goto(`${base}/mi-ruta`);
    await check('/mi-ruta');
    await page.fill('#codigo', 'AAA-AAA-AAA-AAA');
    await page.click('button:has-text("Ver mi ruta")');
    await page.waitForLoadState();
    await check('an unknown code');
    await accept(route.id, 'Ana Lucía Ortega');
    await page.fill('#codigo', code);
    await page.click('button:has-text("Ver mi ruta")');
    await page.waitForLoadState();
    await check('the accepted route');
    await page.click('button:has-text("Ya salí (en camino)")');
    await page.waitForLoadState();
    await page.fill('#quantity', 'muchos');
    await page.click('button:has-text("Ya entregué")');
    await page.waitForLoadState();
    assert.match((await page.textContent('#errores')) ?? '', /Escriba un número mayor que 0/);
    await check('a quantity that is not a number');
    await page.goto(`${base}/rutas/${route.id}/llevar`);
    await check('a route no longer available');
    await context.close();
  });
});
