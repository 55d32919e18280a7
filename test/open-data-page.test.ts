// /datos-abiertos: the open data in plain Spanish for people, with each active emergency's downloads (Para Excel,
// CSV, JSON, the centres' GeoJSON) that answer as linked, the change feed as a link, the licence and DANE's credit,
// and its Markdown twin; /desarrolladores opens with an index of its sections and links the change feed.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { closeEmergency } from '../src/commands/close-emergency.ts';
import { HXL_LICENSE } from '../src/schemas/hxl.ts';
import { emergencyDownloads } from '../src/views/site/pages/open-data-page.ts';
import { addEmergency, BASE_URL, type Harness, offerBody, publish, requestBody, setup } from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
const OTHER = 'avalancha-salgar';
let h: Harness;

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await h.app.inject({ method: 'GET', url, headers });
  assert.equal(res.statusCode, 200, url);
  return res;
};
const main = (page: string) => page.slice(page.indexOf('<main'), page.indexOf('</main>'));
/** The addresses of the page's links, as written in its HTML (entities decoded). */
const hrefs = (html: string) =>
  [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => (m[1] as string).replace(/&amp;/g, '&'));

before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  await addEmergency(h, OTHER, 'Avalancha en Salgar');
  await publish(h, requestBody({ emergencySlug: SLUG, title: 'Agua para la vereda', quantityRequired: 40 }));
  await publish(
    h,
    offerBody({ emergencySlug: SLUG, title: 'Centro Coliseo', collectionCenterStatus: 'needs_resources' }),
  );
  await publish(h, requestBody({ emergencySlug: OTHER, title: 'Mercados en Salgar' }));
});
after(() => h.close());

describe('/datos-abiertos', () => {
  test('links every download of each active emergency, and each answers 200 with what it says', async () => {
    const page = main((await get('/datos-abiertos')).body);
    const links = hrefs(page);
    for (const slug of [SLUG, OTHER]) {
      const to = emergencyDownloads(slug);
      for (const href of [to.excel, to.csv, to.json, to.centres]) {
        assert.ok(links.includes(href), `${slug}: ${href}`);
        await get(href);
      }
      const excel = await get(to.excel);
      assert.match(String(excel.headers['content-disposition']), new RegExp(`ayuda-directa-${slug}-.*-excel\\.csv`));
      assert.ok(excel.body.startsWith('\uFEFF'), 'Excel reads UTF-8 by its BOM');
      assert.match((await get(to.csv)).body, /Agua para la vereda|Mercados en Salgar/);
      assert.ok(Array.isArray(JSON.parse((await get(to.json)).body)));
      assert.equal(JSON.parse((await get(to.centres)).body).type, 'FeatureCollection');
    }
    // In people's words: "Para Excel" first, each emergency by its name.
    assert.match(page, /<h3>Inundación Mocoa<\/h3>/);
    assert.match(page, /<a href="[^"]+excel=1">Para Excel<\/a>/);
    assert.ok(page.indexOf('Para Excel') < page.indexOf('>CSV<'));
  });

  test('the change feed is a link people can click, and it answers', async () => {
    const page = main((await get('/datos-abiertos')).body);
    assert.match(page, /<a href="\/api\/public\/v1\/changes">Lista de cambios<\/a>/);
    const feed = JSON.parse((await get('/api/public/v1/changes')).body);
    assert.ok('next' in feed, 'the feed answers a plain GET');
    assert.ok(page.includes('los últimos 30 días'), 'how long it keeps them, from the configuration');
  });

  test('says the licence, how to credit it and DANE’s credit for the municipality codes', async () => {
    const page = main((await get('/datos-abiertos')).body);
    assert.ok(page.includes('CC BY-SA 4.0'));
    assert.ok(hrefs(page).includes(HXL_LICENSE.url));
    assert.ok(page.includes('«Ayuda Directa, con los registros revisados por el equipo de cada emergencia»'));
    assert.match(page, /DIVIPOLA del DANE/);
    // Never a phone or a document in the files, said plainly.
    assert.match(page, /nunca un número de teléfono, un documento de identidad ni la dirección de una casa/);
    // Programmers go on to the developers' open-data section.
    assert.ok(hrefs(page).includes('/desarrolladores#datos-abiertos'));
  });

  test('has its Markdown twin, in both languages, with the same downloads', async () => {
    const twin = (await get('/datos-abiertos.md')).body;
    assert.match(twin, /^# Datos abiertos/);
    for (const href of Object.values(emergencyDownloads(SLUG))) assert.ok(twin.includes(`(${BASE_URL}${href})`), href);
    assert.ok(twin.includes(`[Lista de cambios](${BASE_URL}/api/public/v1/changes)`));
    const negotiated = await get('/datos-abiertos', { accept: 'text/markdown' });
    assert.equal(negotiated.body, twin);
    const en = (await get('/datos-abiertos?lang=en')).body;
    assert.match(en, /<h1>Open data<\/h1>/);
    assert.match(main(en), />For Excel</);
    assert.match((await get('/datos-abiertos.md?lang=en')).body, /^# Open data/);
  });

  test('the footer of every page leads here', async () => {
    for (const url of ['/', '/privacidad', '/desarrolladores', '/datos-abiertos']) {
      const page = (await get(url)).body;
      assert.match(page.slice(page.indexOf('<footer')), /<a href="\/datos-abiertos">Datos abiertos<\/a>/, url);
    }
  });

  test('without an active emergency it says there is nothing to download', async () => {
    const bare = await setup();
    try {
      await addEmergency(bare, 'cerrada', 'Emergencia cerrada');
      await closeEmergency(bare.ctx, 'cerrada', 'test');
      const res = await bare.app.inject({ method: 'GET', url: '/datos-abiertos' });
      assert.equal(res.statusCode, 200);
      assert.ok(res.body.includes('No hay ninguna emergencia activa en este momento'));
      assert.ok(!res.body.includes('emergencySlug=cerrada'));
    } finally {
      await bare.close();
    }
  });
});

describe('/desarrolladores', () => {
  test('opens with an index linking every section heading by its id', async () => {
    const page = main((await get('/desarrolladores')).body);
    const ids = [...page.matchAll(/<h2 id="([^"]+)">/g)].map((m) => m[1] as string).filter((id) => id !== 'indice');
    assert.ok(ids.length >= 10, ids.join(' '));
    const index = page.slice(page.indexOf('<h2 id="indice">'), page.indexOf('</ul>', page.indexOf('<h2 id="indice">')));
    assert.deepEqual(
      hrefs(index),
      ids.map((id) => `#${id}`),
    );
    // The index comes before the first section.
    assert.ok(page.indexOf('id="indice"') < page.indexOf(`id="${ids[0]}"`));
    assert.ok(ids.includes('datos-abiertos') && ids.includes('cambios'));
  });

  test('the change feed is a clickable link, and the API way to withdraw is told there', async () => {
    const page = main((await get('/desarrolladores')).body);
    const changes = page.slice(page.indexOf('id="cambios"'));
    assert.match(changes, /<a href="\/api\/public\/v1\/changes">/);
    assert.ok(page.includes('DELETE /api/public/v1/help/{id}'));
    // Its tables wrap on a phone (test/open-data-page-browser.test.ts measures them).
    assert.equal((page.match(/<section class="tabla-ajustada">/g) ?? []).length, 3);
  });
});
