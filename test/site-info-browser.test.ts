// Centres, routes, developers, reference, privacy and the 404 page in a real browser: axe-core finds no serious
// or critical problem at phone and desktop size, and nothing scrolls sideways on a phone.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { createLogisticsOperation } from '../src/commands/create-logistics-operation.ts';
import { setInventoryLine } from '../src/commands/set-inventory-line.ts';
import { browserSkip, DESKTOP, launch, PHONE, scrollWidth, seriousViolations } from './helpers/browser.ts';
import { addEmergency, type Harness, offerBody, publish, requestBody, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
const SHOTS = 'test-results/screenshots';
let h: Harness;
let browser: Browser;
let base = '';

describe('information pages in a browser', { skip: browserSkip }, () => {
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    h = await setup({ BASE_URL: 'http://localhost:3000', TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png' });
    await addEmergency(h, SLUG, 'Inundación Mocoa');
    const centre = await publish(
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
      centre,
      { kind: 'need', category: 'agua', quantity: 200, unit: 'bidones', note: 'De 20 litros' },
      'test',
    );
    await setInventoryLine(h.ctx, centre, { kind: 'have', category: 'ropa', quantity: 40, unit: 'cajas' }, 'test');
    const destination = await publish(
      h,
      requestBody({ title: 'Agua para Villa Rosa', quantityRequired: 30, unit: 'bidones' }),
    );
    await createLogisticsOperation(
      h.ctx,
      {
        emergencySlug: SLUG,
        destinationHelpId: destination,
        title: 'Bidones a Villa Rosa',
        supplyDescription: 'Agua',
        pickupHelpId: centre,
      },
      'test',
    );
    h.clock.advanceHours(30);
    await setInventoryLine(h.ctx, centre, { kind: 'have', category: 'alimentos', quantity: 300, unit: 'kg' }, 'test');
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await h?.close();
  });

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`no serious accessibility problem, nothing wider than the screen (${name})`, async () => {
      const context = await browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      for (const path of [
        '/centros',
        '/centros?categoria=agua',
        '/rutas',
        '/desarrolladores',
        '/desarrolladores/referencia',
        '/privacidad',
        '/no-existe',
      ]) {
        await page.goto(`${base}${path}`);
        const violations = await seriousViolations(page);
        assert.deepEqual(
          violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`),
          [],
          `${path} (${name})`,
        );
        if (viewport === PHONE) assert.ok((await scrollWidth(page)) <= PHONE.width, `${path} fits a phone`);
      }
      if (viewport === PHONE) {
        await page.goto(`${base}/centros`);
        await page.screenshot({ path: `${SHOTS}/centros-telefono.png`, fullPage: true });
        assert.match((await page.textContent('main')) ?? '', /Puede que ya no esté/);
      } else {
        await page.goto(`${base}/desarrolladores`);
        await page.screenshot({ path: `${SHOTS}/desarrolladores-escritorio.png`, fullPage: true });
      }
      await context.close();
    });
  }
});
