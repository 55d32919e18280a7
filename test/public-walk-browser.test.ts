// The walk over every public page: each page the site registers (sitePagePatterns()), its parameters given from the
// demo's seeded data, and its Markdown twin. On a phone (390×844) with JavaScript off: no touch target under 44 px
// (links inside sentences exempt), nothing to scroll sideways, no configuration or API word in citizens' text (the
// developers' pages and code exempt); with JavaScript on, axe-core finds nothing serious. A page added to the site is
// walked without touching this file; a page whose parameter has no seeded value fails until it is given one.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { seedDemo } from '../src/demo/seed-demo.ts';
import { browserSkip, launch, PHONE, scrollWidth, seriousViolations } from './helpers/browser.ts';
import { BASE_URL, type Harness, setup } from './helpers/harness.ts';
import {
  configNames,
  type PublicPage,
  publicPages,
  seededValues,
  technicalWords,
  twinProse,
} from './helpers/public-walk.ts';
import { smallTargets, TOUCH } from './helpers/targets.ts';

/** Pages travel over weak connections: none over this many bytes compressed (README: "each under 60 KB"). */
const MAX_GZIP_BYTES = 60 * 1024;

let h: Harness;
let pages: PublicPage[] = [];
const names = configNames();

before(async () => {
  h = await setup({ TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png' });
  const demo = await seedDemo(h.ctx);
  pages = publicPages(await seededValues(h, demo.emergencySlug));
});
after(() => h?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url, headers: { host: new URL(BASE_URL).host, ...headers } });

/**
 * The citizens' text of the page as loaded: what it shows (closed menus and details included) and the placeholders
 * and labels read aloud, without code, scripts and styles. Browser code, so a string.
 */
const CITIZEN_TEXT = `(() => {
  const body = document.body.cloneNode(true);
  for (const el of body.querySelectorAll('pre, code, script, style, template')) el.remove();
  const said = [...document.querySelectorAll('[placeholder], [aria-label], [title]')]
    .map((el) => [el.getAttribute('placeholder'), el.getAttribute('aria-label'), el.getAttribute('title')].join(' '));
  return body.textContent + ' ' + said.join(' ');
})()`;

test('the walk finds every registered page, and the rule of words catches what it should', () => {
  const paths = pages.map((p) => p.path);
  for (const path of ['/', '/centros', '/rutas', '/necesito-ayuda', '/quiero-ayudar', '/privacidad']) {
    assert.ok(paths.includes(path), `${path} is walked`);
  }
  assert.ok(paths.some((p) => /^\/ayudas\/[^/]+$/.test(p)) && paths.some((p) => /^\/rutas\/[^/]+\/llevar$/.test(p)));
  assert.ok(!paths.some((p) => p.includes(':')), 'every parameter is given');
  // The configuration's names come from config.ts itself, not from a copy of them.
  for (const name of ['BASE_URL', 'DATABASE_URL', 'TILE_URL', 'DATA_CONTROLLER_NAME', 'RETENTION_IDENTITY_DAYS']) {
    assert.ok(names.includes(name), name);
  }
  assert.deepEqual(technicalWords('Vea ?sort=nearest y latitude', names), [
    'sort=: «Vea ?sort=nearest y latitude»',
    'latitude: «Vea ?sort=nearest y latitude»',
  ]);
  assert.equal(technicalWords('Pida ayuda al 123. Ventana TILE_URL', names).length, 1);
  assert.deepEqual(technicalWords('Un HOSTAL en la plaza; el PORTÓN azul', names), [], 'names are whole words');
  assert.equal(
    twinProse('[Estas rutas en JSON](http://x/api/logistics)\n```sh\ncurl /api/x\n```\n`radiusKm`'),
    '[Estas rutas en JSON]\n\n',
  );
});

test('every page and its twin answer, twins speak without configuration or API words, pages stay small', async () => {
  const problems: string[] = [];
  for (const page of pages) {
    const html = await get(page.path, { 'accept-encoding': 'gzip' });
    if (html.statusCode >= 400) problems.push(`${page.path}: ${html.statusCode}`);
    const compressed =
      html.headers['content-encoding'] === 'gzip' ? html.rawPayload.length : gzipSync(html.rawPayload).length;
    if (compressed > MAX_GZIP_BYTES) problems.push(`${page.path}: ${compressed} bytes compressed`);
    const twin = await get(page.twin);
    if (twin.statusCode >= 400) {
      problems.push(`${page.twin}: ${twin.statusCode}`);
      continue;
    }
    if (page.developers) continue;
    for (const word of technicalWords(twinProse(twin.body), names)) problems.push(`${page.twin}: ${word}`);
  }
  assert.deepEqual(problems, []);
});

describe('every public page on a phone', { skip: browserSkip }, () => {
  let browser: Browser;
  let base = '';
  before(async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    browser = await launch();
  });
  after(() => browser?.close());

  test('without JavaScript: targets of 44 px, no sideways scroll, no configuration or API words', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    const problems: string[] = [];
    for (const { path, developers } of pages) {
      const res = await page.goto(`${base}${path}`);
      if (!res || res.status() >= 400) problems.push(`${path}: ${res?.status()}`);
      for (const small of await smallTargets(page)) problems.push(`${path}: under ${TOUCH} px: ${small}`);
      const width = await scrollWidth(page);
      if (width > PHONE.width) problems.push(`${path}: ${width} px wide on a ${PHONE.width} px phone`);
      if (!developers) {
        const text = await page.evaluate<string>(CITIZEN_TEXT);
        for (const word of technicalWords(text, names)) problems.push(`${path}: ${word}`);
      }
    }
    await context.close();
    assert.deepEqual(problems, []);
  });

  test('axe-core finds no serious or critical problem on any page', async () => {
    // axe-core is a script: it runs with JavaScript on, over the same pages.
    const context = await browser.newContext({ viewport: PHONE, bypassCSP: true });
    const page = await context.newPage();
    const problems: string[] = [];
    for (const { path } of pages) {
      await page.goto(`${base}${path}`);
      for (const v of await seriousViolations(page)) {
        problems.push(`${path}: ${v.id}: ${v.help} ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
      }
    }
    await context.close();
    assert.deepEqual(problems, []);
  });
});
