// A person on a phone with JavaScript off sends a request, keeps the receipt code, and once the request is public
// withdraws it at /retirar: code and number, the confirmation naming the request, then the answer; the record is
// gone from the site. The pages fit the screen and axe finds nothing serious on them.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { RECEIPT_CODE_FORMAT } from '../src/domain/receipt-code.ts';
import { browserSkip, launch, PHONE, scrollWidth, seriousViolations } from './helpers/browser.ts';
import { addEmergency, type Harness, setup } from './helpers/harness.ts';

const SHOTS = 'test-results/screenshots';
let h: Harness;
let browser: Browser;
let base = '';

/** Sends a request through the form as a person would; answers its id and the receipt code the page shows. */
async function sendRequest(page: Page, title: string, name: string, whatsapp: string) {
  await page.goto(`${base}/necesito-ayuda`);
  await page.fill('#title', title);
  await page.selectOption('#category', 'agua');
  await page.fill('#latitude', '1.1478');
  await page.fill('#longitude', '-76.6476');
  await page.fill('#address', 'Vereda La Tebaida, casa azul');
  await page.fill('#neighborhood', 'La Tebaida');
  await page.fill('#contactName', name);
  await page.fill('#contactWhatsapp', whatsapp);
  await page.fill('#identityDocument', 'CC 1122334455');
  await page.check('#publishContact');
  await page.click('button:has-text("Enviar solicitud")');
  await page.waitForURL(/\/recibido\//);
  const id = /\/recibido\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
  const code = ((await page.textContent('.codigo-valor code')) ?? '').trim();
  assert.match(code, RECEIPT_CODE_FORMAT);
  return { id, code };
}

describe('withdrawing in a browser', { skip: browserSkip }, () => {
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

  test('phone, no JavaScript: from the receipt to /retirar, a wrong number, then confirm and withdraw', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, locale: 'es-CO' });
    const page = await context.newPage();
    const title = 'Bidones de agua para La Tebaida';
    const { id, code } = await sendRequest(page, title, 'Gloria Inés Patiño', '312 555 0177');
    await approveSubmission(h.ctx, id, 'test');
    const record = await page.request.get(`${base}/ayudas/${id}`);
    assert.equal(record.status(), 200, 'public before');
    assert.ok((await record.text()).includes('Gloria Inés Patiño'));

    // The receipt, still open right after sending, links to the form.
    await page.click('text=Retirar mi publicación');
    await page.waitForURL(/\/retirar$/);
    assert.ok((await scrollWidth(page)) <= PHONE.width, 'the form fits the screen');
    await page.screenshot({ path: `${SHOTS}/retirar-formulario-telefono.png`, fullPage: true });

    // A number that is not the one given: the same form, one message, nothing told about which was wrong.
    await page.fill('#codigo', code);
    await page.fill('#whatsapp', '312 555 0100');
    await page.click('button:has-text("Continuar")');
    await page.waitForLoadState();
    assert.match((await page.textContent('main')) ?? '', /No encontramos un envío con ese código y ese número/);
    assert.equal(await page.getAttribute('#codigo', 'aria-invalid'), 'true');
    assert.ok(page.url().endsWith('/retirar'), 'nothing typed is in the address');

    // As people type it: lower case, spaces, the number with its country code.
    await page.fill('#codigo', ` ${code.toLowerCase().replace(/-/g, ' ')} `);
    await page.fill('#whatsapp', '+57 312 555 0177');
    await page.click('button:has-text("Continuar")');
    await page.waitForLoadState();
    const confirm = (await page.textContent('main')) ?? '';
    assert.ok(confirm.includes(title), 'the confirmation names the request');
    assert.match(confirm, /Inundación Mocoa/);
    assert.match(confirm, /Sí, está publicado/);
    assert.match(confirm, /No se puede deshacer/);
    assert.ok(!page.url().includes(code) && !page.url().includes('312'), 'neither code nor number in the address');
    assert.ok((await scrollWidth(page)) <= PHONE.width, 'the confirmation fits the screen');
    await page.screenshot({ path: `${SHOTS}/retirar-confirmar-telefono.png`, fullPage: true });
    assert.equal((await page.request.get(`${base}/ayudas/${id}`)).status(), 200, 'still public until confirmed');

    await page.click('button:has-text("Sí, retirar mi publicación")');
    await page.waitForLoadState();
    const done = (await page.textContent('main')) ?? '';
    assert.match(done, /Retiramos su publicación/);
    assert.ok(!done.includes(title) && !done.includes('Gloria'), 'nothing of the request on the answer');
    await page.screenshot({ path: `${SHOTS}/retirar-hecho-telefono.png`, fullPage: true });

    const gone = await page.request.get(`${base}/ayudas/${id}`);
    assert.equal(gone.status(), 404, 'the record is off the site');
    await page.goto(`${base}/recibido/${id}`);
    const receipt = (await page.textContent('main')) ?? '';
    assert.match(receipt, /Retirada por quien la envió/);
    assert.ok(!receipt.includes(title));
    await context.close();
  });

  test('axe-core finds no serious or critical violation on the form, its error, the confirmation and the answer', async () => {
    const context = await browser.newContext({ viewport: PHONE, bypassCSP: true });
    const page = await context.newPage();
    const { code } = await sendRequest(page, 'Mercados para el albergue', 'Ana Lucía Ortega', '313 555 0166');
    const check = async (label: string) => {
      const violations = await seriousViolations(page);
      assert.deepEqual(
        violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`),
        [],
        label,
      );
    };
    await page.goto(`${base}/retirar`);
    await check('the form');
    await page.fill('#codigo', 'K7P-42Q-X9M-D3R');
    await page.fill('#whatsapp', '313 555 0166');
    await page.click('button:has-text("Continuar")');
    await page.waitForLoadState();
    await check('not found');
    await page.fill('#codigo', code);
    await page.fill('#whatsapp', '313 555 0166');
    await page.click('button:has-text("Continuar")');
    await page.waitForLoadState();
    assert.match((await page.textContent('main')) ?? '', /No, no está publicado/);
    await check('the confirmation');
    await page.click('button:has-text("Sí, retirar mi publicación")');
    await page.waitForLoadState();
    assert.match((await page.textContent('main')) ?? '', /Retiramos su publicación/);
    await check('the answer');
    await context.close();
  });
});
