// «Recibir avisos» on a phone with JavaScript off: a person ticks the box on the request form and sends it, the
// receipt asks for the code sent by SMS, a wrong one is answered at the field, and the right one (read here from the
// outbound queue, as the phone would receive it) shows «Número comprobado». The pages fit a 390 px screen and axe
// finds nothing serious.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { browserSkip, launch, PHONE, scrollWidth, seriousViolations } from './helpers/browser.ts';
import { addEmergency, type Harness, setup } from './helpers/harness.ts';
import { nextMobile } from './helpers/samples.ts';

const SHOTS = 'test-results/screenshots';
let h: Harness;
let browser: Browser;
let base = '';

/** The code in the one message queued to the number. */
async function codeSentTo(number: string): Promise<string> {
  const rows = await h.ctx.db.selectFrom('outbound_messages').select('body').where('address', '=', number).execute();
  assert.equal(rows.length, 1, 'one message: the code');
  const match = /es (\d{6})\./.exec((JSON.parse(rows[0]?.body ?? '{}') as { text: string }).text);
  assert.ok(match);
  return match[1] as string;
}

describe('proving a number in a browser', { skip: browserSkip }, () => {
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    h = await setup({
      BASE_URL: 'http://localhost:3000',
      TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
      SMS_SECRET: 'secreto-de-la-pasarela',
      SMS_SEND_URL: 'http://127.0.0.1:9/message',
    });
    await addEmergency(h, 'inundacion-mocoa', 'Inundación Mocoa');
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await h?.close();
  });

  test('phone, no JavaScript: tick «Recibir avisos», send, type the code on the receipt: «Número comprobado»', async () => {
    const number = nextMobile();
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, locale: 'es-CO' });
    const page = await context.newPage();
    await page.goto(`${base}/necesito-ayuda`);
    await page.fill('#title', 'Agua potable para la vereda');
    await page.selectOption('#category', 'agua');
    await page.fill('#latitude', '1,1478');
    await page.fill('#longitude', '-76.6476');
    await page.fill('#address', 'Vereda El Pepino, junto a la escuela');
    await page.fill('#contactName', 'Rosa Elena Díaz');
    await page.fill('#contactWhatsapp', number);
    assert.match((await page.textContent('#avisos-ayuda')) ?? '', /código de 6 dígitos/);
    await page.check('#avisos');
    await page.check('#publishContact');
    await page.click('button:has-text("Enviar solicitud")');
    await page.waitForLoadState();
    assert.match(page.url(), /\/recibido\/[0-9a-f-]{36}$/);
    assert.match((await page.textContent('label[for="codigo"]')) ?? '', /Escriba el código que le enviamos por SMS/);
    assert.ok((await scrollWidth(page)) <= PHONE.width, 'the receipt with its code form fits a 390 px screen');
    await page.screenshot({ path: `${SHOTS}/avisos-codigo-telefono.png`, fullPage: true });

    const code = await codeSentTo(number);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await page.fill('#codigo', wrong);
    await page.click('button:has-text("Comprobar")');
    await page.waitForLoadState();
    assert.match((await page.textContent('#codigo-error')) ?? '', /Le quedan 4 intentos/);
    assert.ok((await scrollWidth(page)) <= PHONE.width, 'the wrong code fits too');

    await page.fill('#codigo', code);
    await page.click('button:has-text("Comprobar")');
    await page.waitForLoadState();
    assert.match((await page.textContent('#avisos')) ?? '', /Número comprobado: le avisaremos por SMS\./);
    assert.ok(!page.url().includes(code), 'the code never travels in the address');
    assert.ok((await scrollWidth(page)) <= PHONE.width);
    await page.screenshot({ path: `${SHOTS}/avisos-comprobado-telefono.png`, fullPage: true });

    const checked = await browser.newContext({ viewport: PHONE, bypassCSP: true, locale: 'es-CO' });
    const axePage = await checked.newPage();
    await axePage.goto(page.url());
    assert.deepEqual(await seriousViolations(axePage), []);
    await axePage.goto(`${base}/necesito-ayuda`);
    assert.deepEqual(await seriousViolations(axePage), []);
    await checked.close();
    await context.close();
  });
});
