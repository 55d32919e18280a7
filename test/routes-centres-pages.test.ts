// /rutas and /centros as people on a phone read them: a place and its link without a lone "(", "Quiero llevar esta
// ruta" as a button, routes named as a team says them (the demo's too), "¿Quién tiene…?" as a list of touch-sized
// choices; counts agree with their number on the console too ("1 línea", "1 coincide"); and what a scammer can type
// into a route or a centre's name never becomes a link.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLogisticsOperation } from '../src/commands/create-logistics-operation.ts';
import { setInventoryLine } from '../src/commands/set-inventory-line.ts';
import { seedDemo } from '../src/demo/seed-demo.ts';
import { CLAIM_BUTTON_CLASS } from '../src/views/site/pages/routes-page.ts';
import { leader } from './helpers/console.ts';
import {
  addEmergency,
  BASE_URL,
  type Harness,
  offerBody,
  publish,
  requestBody,
  setup,
  submit,
} from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
/** A page of a scam: what a scammer wants a person in a flood to click, and pay at. */
const SCAM = 'dona-ya.example';
const SCAM_NAME = `Acopio [Done aquí](https://${SCAM}/p) <a href="https://${SCAM}">pague</a>`;
const SCAM_ROUTE = `Ruta verificada: confirme en [este enlace](https://${SCAM}/ruta) <a href="https://${SCAM}/r">aquí</a>`;

let h: Harness;
const ids = { request: '', centre: '', scamCentre: '', route: '', scamRoute: '' };
const get = (url: string) => h.app.inject({ method: 'GET', url, headers: { host: new URL(BASE_URL).host } });

before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  ids.request = await publish(h, requestBody({ title: 'Agua para Villa Rosa', neighborhood: 'Villa Rosa' }));
  ids.centre = await publish(
    h,
    offerBody({
      title: 'Centro de acopio Coliseo',
      category: 'acopio',
      collectionCenterStatus: 'needs_resources',
      address: 'Coliseo municipal',
      latitude: 1.152,
      longitude: -76.648,
    }),
  );
  // A name typed by whoever offered the centre, published by a leader who did not look twice.
  ids.scamCentre = await publish(
    h,
    offerBody({
      title: SCAM_NAME,
      category: 'acopio',
      collectionCenterStatus: 'needs_resources',
      address: `Pague en https://${SCAM}/centro`,
      latitude: 1.153,
      longitude: -76.649,
    }),
  );
  await setInventoryLine(h.ctx, ids.centre, { kind: 'have', category: 'agua', quantity: 40, unit: 'bidones' }, 'test');
  await setInventoryLine(h.ctx, ids.scamCentre, { kind: 'need', category: 'agua', quantity: 9, unit: 'bidones' }, 't');
  ({ id: ids.route } = await createLogisticsOperation(
    h.ctx,
    {
      emergencySlug: SLUG,
      destinationHelpId: ids.request,
      title: 'Bidones → Villa Rosa',
      supplyDescription: 'Bidones de agua',
      pickupHelpId: ids.centre,
    },
    'test',
  ));
  ({ id: ids.scamRoute } = await createLogisticsOperation(
    h.ctx,
    {
      emergencySlug: SLUG,
      destinationHelpId: ids.request,
      title: SCAM_ROUTE.slice(0, 100),
      supplyDescription: SCAM_ROUTE,
      routeConditions: `Antes de salir pague el peaje en https://${SCAM}/peaje`,
      pickupHelpId: ids.scamCentre,
    },
    'test',
  ));
});
after(() => h?.close());

/** The HTML of one route's card on /rutas. */
function card(page: string, id: string): string {
  const start = page.indexOf(`id="ruta-${id}"`);
  assert.ok(start > 0, `route ${id} is listed`);
  return page.slice(start, page.indexOf('</section>', start));
}

describe('/rutas', () => {
  test('a place and its map or request link read without a lone "(": the link follows the place', async () => {
    const page = (await get(`/rutas?emergencia=${SLUG}`)).body;
    const route = card(page, ids.route);
    assert.match(
      route,
      /<dd>Coliseo municipal <a href="https:\/\/www\.openstreetmap\.org\/[^"]*" rel="noopener">Ver en el mapa<\/a><\/dd>/,
    );
    assert.match(
      route,
      new RegExp(`<dd>Villa Rosa[^<(]*\\([^<)]*\\) <a href="/ayudas/${ids.request}">Ver la solicitud</a></dd>`),
    );
    assert.doesNotMatch(page, /\(\s*<a /, 'no link opens inside parentheses');
    const twin = (await get(`/rutas.md?emergencia=${SLUG}`)).body;
    assert.match(twin, /- \*\*Recogida:\*\* Coliseo municipal \[Ver en el mapa\]\(https:\/\/www\.openstreetmap\.org\//);
  });

  test('"Quiero llevar esta ruta" is a button-styled link of its own, 44 px tall in the stylesheet', async () => {
    const route = card((await get(`/rutas?emergencia=${SLUG}`)).body, ids.route);
    assert.ok(
      route.includes(
        `<p class="${CLAIM_BUTTON_CLASS} enlace"><a href="/rutas/${ids.route}/llevar">Quiero llevar esta ruta</a></p>`,
      ),
    );
    const css = (await get('/static/sitio.css')).body;
    const rule = new RegExp(`\\.${CLAIM_BUTTON_CLASS} > a \\{([^}]*)\\}`).exec(css)?.[1] ?? '';
    assert.match(rule, /min-height: 44px/);
    assert.match(rule, /background: var\(--accent\)/);
    // The same page in English keeps the button.
    const english = card((await get(`/rutas?emergencia=${SLUG}&lang=en`)).body, ids.route);
    assert.ok(
      english.includes(`<p class="${CLAIM_BUTTON_CLASS} enlace"><a href="/rutas/${ids.route}/llevar?lang=en">`),
    );
  });

  test('a scammer: a link typed into a route or a centre name is never clickable, on the page or in its twin', async () => {
    for (const url of [
      `/rutas?emergencia=${SLUG}`,
      `/rutas/${ids.scamRoute}/llevar`,
      `/centros?emergencia=${SLUG}`,
      `/centros?emergencia=${SLUG}&categoria=agua`,
      `/ayudas/${ids.scamCentre}`,
    ]) {
      const page = (await get(url)).body;
      assert.ok(page.includes(SCAM), `${url} shows what was typed, as text`);
      // (A WhatsApp message that quotes the name carries it encoded, as words: that is no link to the scam.)
      assert.doesNotMatch(page, new RegExp(`href="(https?:)?//${SCAM}`), `${url}: no link to the scam`);
      const twin = (await get(url.replace(/^(\/[^?]*)/, '$1.md'))).body;
      // Typed brackets come out escaped ("\\](https://…"): text, not a link.
      assert.doesNotMatch(
        twin,
        new RegExp(`(?<!\\\\)\\]\\(https://${SCAM}`),
        `${url} twin: no Markdown link to the scam`,
      );
      assert.doesNotMatch(twin, new RegExp(`<https://${SCAM}`), `${url} twin: no autolink to the scam`);
      assert.doesNotMatch(twin, /(?<!\\)<a href/, `${url} twin: no raw HTML link`);
    }
  });

  test('a scammer: a bare address typed into a route is not turned into a link by Markdown readers (GFM autolinks)', async () => {
    const twin = (await get(`/rutas.md?emergencia=${SLUG}`)).body;
    assert.doesNotMatch(twin, new RegExp(`(^|[\\s(])https://${SCAM}`, 'm'));
  });
});

test('/centros: "¿Quién tiene…?" is a list of touch-sized choices, the current one marked, in words that agree', async () => {
  const page = (await get(`/centros?emergencia=${SLUG}&categoria=agua`)).body;
  const start = page.indexOf('id="categorias"');
  const section = page.slice(start, page.indexOf('</section>', start));
  assert.ok(section.includes('<li><strong>Agua</strong></li>'), 'the category shown is marked, not linked');
  assert.ok(section.includes(`<li><a href="/centros?emergencia=${SLUG}&amp;categoria=ropa">Ropa</a></li>`));
  assert.ok(!section.includes(' · '), 'no links strung along one line');
  assert.ok(page.includes('¿Quién tiene agua?'), 'a category inside a question is written in lower case');
  const css = (await get('/static/sitio.css')).body;
  assert.match(
    /\.categories li > a\[href\],\s*main \.categories li > strong \{([^}]*)\}/.exec(css)?.[1] ?? '',
    /min-height: 44px/,
  );
  // A centre with one line says so in the singular.
  const all = (await get(`/centros?emergencia=${SLUG}`)).body;
  assert.ok(all.includes('Tiene (1 línea)') && all.includes('Necesita (0 líneas)'));
});

test('the console says "1 línea de inventario" and "1 coincide con los filtros", and the plural for more', async () => {
  const { browser } = await leader(h, [SLUG]);
  const centres = (await browser.get(`/panel/e/${SLUG}/centros`)).body;
  assert.ok(centres.includes('1 línea de inventario'), 'one line');
  assert.ok(!/\b1 líneas/.test(centres));
  await submit(h, requestBody({ category: 'salud', title: 'Curaciones en el albergue' }));
  const one = (await browser.get(`/panel/e/${SLUG}?categoria=salud`)).body;
  assert.ok(one.includes('1 coincide con los filtros.'), 'one match');
  await submit(h, requestBody({ category: 'salud', title: 'Enfermera para el albergue' }));
  const two = (await browser.get(`/panel/e/${SLUG}?categoria=salud`)).body;
  assert.ok(two.includes('2 coinciden con los filtros.'), 'two match');
});

test("the demo's routes are named as a team says them, and titled by what they carry", async () => {
  const demo = await setup();
  try {
    const { emergencySlug } = await seedDemo(demo.ctx);
    const res = await demo.app.inject({ method: 'GET', url: `/api/logistics-operations?emergencia=${emergencySlug}` });
    const { operations } = JSON.parse(res.body) as {
      operations: { title: string; supply_description: string }[];
    };
    assert.ok(operations.length >= 2, 'the demo lists available routes');
    for (const op of operations) {
      assert.match(op.title, /^[^→]+ → \S/, `"${op.title}" reads "what → where"`);
      assert.doesNotMatch(op.title, /^Llevar ayuda a /);
      // The card's title is built from what it carries: a description, not instructions.
      assert.doesNotMatch(op.supply_description, /[;:]|voluntario|centro de acopio$/, op.supply_description);
    }
  } finally {
    await demo.close();
  }
});
