// Numbers as Colombians write them, in a browser on a phone without JavaScript: "1.500" is fifteen hundred on the
// request form and on a centre's edit link, the receipt repeats it as read, and a number too big for its field is
// asked about once instead of refused bare. A route's delivery is asked in the unit it carries: in the request's
// unit it counts once confirmed; in another it says "sin convertir" until a leader converts it in the console.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createEditLink } from '../src/commands/center-edit-links.ts';
import { createLogisticsOperation } from '../src/commands/create-logistics-operation.ts';
import { settleById } from '../src/commands/pledges/settle-pledge.ts';
import { claimRoute } from '../src/commands/route-claims/claim-route.ts';
import { decideClaim } from '../src/commands/route-claims/decide-claim.ts';
import { setInventoryLine } from '../src/commands/set-inventory-line.ts';
import { centerInventoryLines } from '../src/queries/inventory.ts';
import { claimsOfEmergency } from '../src/repositories/route-claims.ts';
import { browserSkip, launch, PHONE, scrollWidth, seriousViolations } from './helpers/browser.ts';
import { leader, PASSWORD } from './helpers/console.ts';
import { addEmergency, type Harness, offerBody, publish, requestBody, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
let h: Harness;
let browser: Browser;
let base = '';
let emergencyId = '';

async function phone(): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, locale: 'es-CO' });
  return context.newPage();
}

async function fillRequest(page: Page, quantity: string, people: string): Promise<void> {
  await page.fill('#title', 'Agua potable para el albergue de la escuela');
  await page.selectOption('#category', 'agua');
  await page.fill('#quantityRequired', quantity);
  await page.fill('#unit', 'litros');
  await page.fill('#neededPeople', people);
  await page.fill('#address', 'Calle 8 # 5-21, junto a la escuela');
  await page.fill('#latitude', '1,1478');
  await page.fill('#longitude', '-76.6476');
  await page.fill('#contactName', 'María Fernanda Rojas');
  await page.fill('#contactWhatsapp', '311 555 0199');
  await page.check('#publishContact');
}

describe('numbers as people write them, in a browser', { skip: browserSkip }, () => {
  before(async () => {
    h = await setup({ BASE_URL: 'http://localhost:3000' });
    emergencyId = (await addEmergency(h, SLUG, 'Inundación Mocoa')).id;
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await h?.close();
  });

  test('"1.500 litros" on the request form is stored as 1500 and the receipt says "1.500 litros"', async () => {
    const page = await phone();
    await page.goto(`${base}/necesito-ayuda`);
    await fillRequest(page, '1.500', '40');
    await page.click('button[type=submit]');
    await page.waitForURL(/\/recibido\//);
    const id = /\/recibido\/([0-9a-f-]{36})/.exec(page.url())?.[1] as string;
    assert.match((await page.textContent('main')) ?? '', /Cantidad\s*1\.500 litros/);
    assert.ok((await scrollWidth(page)) <= PHONE.width, 'the receipt fits a phone');
    const row = await h.ctx.db
      .selectFrom('help_records')
      .select(['quantity_required', 'people'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.equal(Number(row.quantity_required), 1500);
    assert.equal(Number(row.people), 40);
    await page.context().close();
  });

  test('a number read as thousands past its field’s bound is asked about once, quoting it as read', async () => {
    const page = await phone();
    await page.goto(`${base}/necesito-ayuda`);
    // 12.500 people is more than the field takes (10.000): the dot may have been meant as a decimal mark.
    await fillRequest(page, '1,5', '12.500');
    await page.click('button[type=submit]');
    const error = (await page.textContent('#neededPeople-error')) ?? '';
    assert.match(error, /Leímos 12\.500/);
    assert.match(error, /use coma: 12,500/);
    assert.equal(await page.inputValue('#neededPeople'), '12.500', 'what was typed is kept');
    assert.equal(await page.inputValue('#quantityRequired'), '1,5');
    await page.fill('#neededPeople', '12');
    await page.click('button[type=submit]');
    await page.waitForURL(/\/recibido\//);
    assert.match((await page.textContent('main')) ?? '', /Cantidad\s*1,5 litros/);
    await page.context().close();
  });

  test('"1.500" on a centre’s edit link is stored as 1500', async () => {
    const centre = await publish(
      h,
      offerBody({
        emergencySlug: SLUG,
        title: 'Centro de acopio Coliseo Municipal',
        category: 'acopio',
        collectionCenterStatus: 'needs_resources',
      }),
    );
    const line = await setInventoryLine(
      h.ctx,
      centre,
      { kind: 'need', category: 'agua', quantity: 120, unit: 'litros' },
      'leader:prueba',
    );
    const page = await phone();
    await page.goto(`${base}/centro/${(await createEditLink(h.ctx, centre, 'leader:prueba')).token}`);
    await page.fill(`#quantity-${line.id}`, '1.500');
    await page.click(`#linea-${line.id} button:has-text("Guardar cambios")`);
    assert.match((await page.textContent('p.flash')) ?? '', /1\.500 litros/);
    assert.match((await page.textContent(`#linea-${line.id}`)) ?? '', /1\.500 litros/);
    const lines = await centerInventoryLines(h.ctx, centre);
    assert.equal(lines.find((l) => l.id === line.id)?.quantity, 1500);
    await page.context().close();
  });

  /** A route carrying `cargo` to a new request counted in `unit`, taken by a volunteer the team accepted. */
  async function acceptedRoute(title: string, unit: string, cargo: string, whatsapp: string) {
    const destination = await publish(
      h,
      requestBody({ emergencySlug: SLUG, title, quantityRequired: 400, unit, contactWhatsapp: whatsapp }),
    );
    const route = await createLogisticsOperation(
      h.ctx,
      {
        emergencySlug: SLUG,
        destinationHelpId: destination,
        title: `Ruta: ${title}`,
        supplyDescription: 'Mercados y agua',
        quantityLabel: cargo,
        pickupAddress: 'Coliseo municipal de Mocoa, entrada principal',
        pickupLatitude: 1.15,
        pickupLongitude: -76.64,
      },
      'leader-1',
    );
    const claimed = await claimRoute(
      h.ctx,
      route.id,
      { contactName: 'Jhon Freddy Ortiz', contactWhatsapp: '+573175550144', when: 'Hoy a las 3 pm' },
      { scope: `prueba-${title}`, counted: 'none' },
    );
    const claim = (await claimsOfEmergency(h.ctx.db, emergencyId)).find((c) => c.operation_id === route.id);
    assert.ok(claim, 'the offer reached the team');
    await decideClaim(h.ctx, claim.id, emergencyId, 'accept', 'panel:lider@ayuda.test');
    return { destination, code: claimed.code };
  }

  /** At /mi-ruta with the code: "Ya salí", then "Ya entregué" with `quantity` in the unit the form offers. */
  async function deliver(page: Page, code: string, quantity: string): Promise<string> {
    await page.goto(`${base}/mi-ruta`);
    await page.fill('#codigo', code);
    await page.click('button:has-text("Ver mi ruta")');
    await page.click('button:has-text("Ya salí (en camino)")');
    await page.waitForLoadState();
    const offered = await page.inputValue('#unit');
    await page.fill('#quantity', quantity);
    assert.ok((await scrollWidth(page)) <= PHONE.width, 'the delivery form fits a phone');
    await page.click('button:has-text("Ya entregué")');
    await page.waitForLoadState();
    return offered;
  }

  async function totals(id: string) {
    const row = await h.ctx.db
      .selectFrom('help_records')
      .select(['quantity_covered', 'quantity_committed'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { covered: Number(row.quantity_covered), committed: Number(row.quantity_committed) };
  }

  test('a route of "15 cajas" to a request in cajas is delivered in cajas and counts once confirmed', async () => {
    const { destination, code } = await acceptedRoute(
      'Mercados para la vereda El Pepino',
      'cajas',
      '15 cajas',
      '+573001110001',
    );
    const page = await phone();
    assert.equal(await deliver(page, code, '15'), 'cajas', 'asked in the unit it carries');
    assert.match((await page.textContent('main')) ?? '', /entregó 15 cajas: suma a lo cubierto/);
    const pledge = await h.ctx.db
      .selectFrom('pledges')
      .select(['id', 'unit', 'delivered_quantity'])
      .where('help_id', '=', destination)
      .executeTakeFirstOrThrow();
    assert.deepEqual([pledge.unit, Number(pledge.delivered_quantity)], ['cajas', 15], 'recorded in cajas');
    assert.deepEqual(await totals(destination), { covered: 0, committed: 15 }, 'reserved, not covered');
    await settleById(h.ctx, pledge.id, emergencyId, 'deliver', 'panel:lider@ayuda.test');
    assert.equal((await totals(destination)).covered, 15, 'confirmed, it is covered');
    await page.context().close();
  });

  test('a route of "15 cajas" to a request in kg says "sin convertir" until a leader converts it', async () => {
    const { destination, code } = await acceptedRoute(
      'Comida para el albergue San Miguel',
      'kg',
      '15 cajas',
      '+573001110002',
    );
    const page = await phone();
    assert.equal(await deliver(page, code, '15'), 'cajas');
    assert.match((await page.textContent('main')) ?? '', /entregó 15 cajas\. La solicitud cuenta en kg/);
    await page.goto(`${base}/ayudas/${destination}`);
    assert.match((await page.textContent('main')) ?? '', /15 cajas \(sin convertir\)/);
    assert.deepEqual(await totals(destination), { covered: 0, committed: 0 }, 'another unit reserves nothing');
    const pledge = await h.ctx.db
      .selectFrom('pledges')
      .select('id')
      .where('help_id', '=', destination)
      .executeTakeFirstOrThrow();
    // Confirmed, it still adds nothing: nobody said what 15 boxes weigh.
    await settleById(h.ctx, pledge.id, emergencyId, 'deliver', 'panel:lider@ayuda.test');
    assert.equal((await totals(destination)).covered, 0);

    const { email } = await leader(h, [SLUG]);
    const console = await browser.newContext({ viewport: PHONE, bypassCSP: true });
    const panel = await console.newPage();
    await panel.goto(`${base}/panel/entrar`);
    await panel.fill('#email', email);
    await panel.fill('#password', PASSWORD);
    await panel.click('button[type=submit]');
    await panel.goto(`${base}/panel/e/${SLUG}/registros/${destination}`);
    const item = panel.locator(`#compromiso-${pledge.id}`);
    assert.match((await item.textContent()) ?? '', /llegó: 15 cajas \(sin convertir: no suma a lo cubierto\)/);
    await panel.fill(`#convertido-${pledge.id}`, '1.200,5');
    await item.locator('button:has-text("Convertir y sumar a lo cubierto")').click();
    await panel.waitForLoadState();
    assert.match((await panel.textContent('main')) ?? '', /Entrega convertida/);
    assert.match((await panel.locator(`#compromiso-${pledge.id}`).textContent()) ?? '', /que cuentan como 1\.200,5 kg/);
    assert.ok((await scrollWidth(panel)) <= PHONE.width, 'the console page fits a phone');
    const violations = await seriousViolations(panel);
    assert.deepEqual(
      violations.map((v) => v.id),
      [],
      'axe-core: nothing serious on the record page',
    );
    assert.equal((await totals(destination)).covered, 1200.5, 'converted, it is covered');
    await page.goto(`${base}/ayudas/${destination}`);
    assert.match((await page.textContent('main')) ?? '', /Una entrega de 15 cajas cuenta como 1\.200,5 kg/);
    await console.close();
    await page.context().close();
  });
});
