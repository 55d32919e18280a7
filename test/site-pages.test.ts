// The home, emergency and record pages and their Markdown twins: the same facts as the API, filters in the URL
// with the API's validation, nothing unpublished, hostile text inert, no inline script or style, small pages.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { closeEmergency } from '../src/commands/close-emergency.ts';
import { rejectSubmission } from '../src/commands/reject-submission.ts';
import { setCoveredQuantity } from '../src/commands/set-covered-quantity.ts';
import { setRecordStatus } from '../src/commands/set-record-status.ts';
import { escapeHtml } from '../src/views/html.ts';
import { escapeMarkdown } from '../src/views/site/render-markdown.ts';
import {
  addEmergency,
  BASE_URL,
  type Harness,
  HELP,
  list,
  offerBody,
  publish,
  requestBody,
  setup,
  submit,
} from './helpers/harness.ts';

const SLUG = 'inundacion-mocoa';
const OTHER = 'sismo-pasto';
const BIG = 'creciente-grande';
const ACTOR = 'leader:paginas@ayuda.test';
const PENDING_TITLE = 'Pendiente sin revisar 7f3a';
const REJECTED_TITLE = 'Rechazada por el equipo 9c2e';
/** Titles a hostile client may send: each must stay text in the page and in the twin. */
const HOSTILE = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '[x](javascript:alert(1))',
  '![x](http://evil/)',
  '# Título falso',
];
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

let h: Harness;
type Key =
  | 'urgent'
  | 'stable'
  | 'far'
  | 'done'
  | 'offer'
  | 'centre'
  | 'noPlace'
  | 'otherEmergency'
  | 'pending'
  | 'rejected';
const ids = {} as Record<Key, string>;
const hostileIds: string[] = [];

const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });

/** Record ids linked from the list of an emergency page (HTML) in their order. */
function listIds(body: string): string[] {
  const start = body.indexOf('id="lista"');
  assert.ok(start > 0, 'the page has a list');
  return [...body.slice(start).matchAll(new RegExp(`href="/ayudas/(${UUID})`, 'g'))].map((m) => m[1] as string);
}

/** Record ids linked from a twin, in their order (links to other twins). */
function twinIds(md: string): string[] {
  return [...md.matchAll(new RegExp(`${BASE_URL}/ayudas/(${UUID})\\.md`, 'g'))].map((m) => m[1] as string);
}

/** The map's points: the inert JSON the page carries for /static/mapa.js. */
function mapPoints(
  body: string,
): { id: string; title: string; type: string; lat: number; lon: number; approx: boolean }[] {
  const match = /<script type="application\/json" id="puntos">([^<]*)<\/script>/.exec(body);
  assert.ok(match, 'the page carries its map points');
  return JSON.parse(match[1] as string).points;
}

/** Scripts without src must be inert data, and nothing may carry inline style. */
function assertNoInlineCode(body: string, where: string): void {
  for (const tag of body.match(/<script\b[^>]*>/g) ?? []) {
    assert.ok(/\bsrc="\/static\//.test(tag) || tag.includes('type="application/json"'), `${where}: ${tag}`);
  }
  assert.doesNotMatch(body, /\sstyle=/i, `${where}: no style attribute`);
  assert.doesNotMatch(body, /<style/i, `${where}: no style element`);
  assert.doesNotMatch(body, /<[a-z][^>]*\son[a-z]+=/i, `${where}: no event handler attribute`);
}

before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  await addEmergency(h, OTHER, 'Sismo Pasto');
  ids.urgent = await publish(
    h,
    requestBody({
      emergencySlug: SLUG,
      title: 'Agua potable urgente para el albergue',
      category: 'agua',
      urgency: 'urgent',
      quantityRequired: 40,
      unit: 'bidones',
    }),
  );
  await setCoveredQuantity(h.ctx, ids.urgent, 10, ACTOR);
  ids.stable = await publish(
    h,
    requestBody({
      emergencySlug: SLUG,
      title: 'Mercados para familias de San Agustín',
      category: 'alimentos',
      urgency: 'stable',
      latitude: 1.16,
      longitude: -76.66,
    }),
  );
  ids.far = await publish(
    h,
    requestBody({
      emergencySlug: SLUG,
      title: 'Medicamentos para un puesto de salud lejano',
      category: 'medicamentos',
      latitude: 1.6,
      longitude: -76.3,
    }),
  );
  ids.done = await publish(
    h,
    requestBody({ emergencySlug: SLUG, title: 'Colchonetas para el coliseo', category: 'refugio' }),
  );
  await setRecordStatus(h.ctx, ids.done, 'in_process', ACTOR);
  await setRecordStatus(h.ctx, ids.done, 'completed', ACTOR, 'Entregadas por la defensa civil');
  ids.offer = await publish(
    h,
    offerBody({
      emergencySlug: SLUG,
      title: 'Camioneta con conductor disponible',
      latitude: 1.15,
      longitude: -76.65,
      vehicle: 'Camioneta doble cabina',
      capacityKg: 800,
      zones: 'Mocoa centro',
      availableUntil: '2026-06-30',
    }),
  );
  ids.centre = await publish(
    h,
    offerBody({
      emergencySlug: SLUG,
      title: 'Centro de acopio Coliseo',
      category: 'acopio',
      collectionCenterStatus: 'needs_resources',
      latitude: 1.152,
      longitude: -76.648,
    }),
  );
  ids.noPlace = await publish(
    h,
    offerBody({ emergencySlug: SLUG, title: 'Voluntarios para cargar cajas', category: 'voluntariado' }),
  );
  ids.otherEmergency = await publish(
    h,
    requestBody({
      emergencySlug: OTHER,
      title: 'Carpas para familias en Pasto',
      category: 'refugio',
      latitude: 1.21,
      longitude: -77.28,
      // A public place (a shelter): its submitter chose to show the exact address and point.
      showExactLocation: true,
    }),
  );
  ids.pending = await submit(h, requestBody({ emergencySlug: SLUG, title: PENDING_TITLE, urgency: 'urgent' }));
  ids.rejected = await submit(h, requestBody({ emergencySlug: SLUG, title: REJECTED_TITLE, urgency: 'urgent' }));
  await rejectSubmission(h.ctx, ids.rejected, ACTOR, 'No corresponde');
  for (const [i, title] of HOSTILE.entries()) {
    hostileIds.push(
      await publish(
        h,
        requestBody({
          emergencySlug: OTHER,
          title,
          description: `${HOSTILE[(i + 1) % HOSTILE.length]}\n${HOSTILE[(i + 4) % HOSTILE.length]}`,
          address: `${HOSTILE[(i + 2) % HOSTILE.length]} calle`,
          neighborhood: HOSTILE[(i + 3) % HOSTILE.length],
          contactName: `Nombre ${HOSTILE[(i + 4) % HOSTILE.length]}`,
          urgency: 'urgent',
          latitude: 1.2 + i / 100,
          longitude: -77.3,
          // Exact, so the hostile address is shown and its escaping is checked too.
          showExactLocation: true,
        }),
      ),
    );
  }
});
after(() => h.close());

describe('pages and twins answer', () => {
  test('each page is HTML in UTF-8, its twin Markdown, both vary on Accept; Accept: text/markdown gives the twin', async () => {
    const pages = [
      ['/', '/index.md'],
      [`/emergencias/${SLUG}`, `/emergencias/${SLUG}.md`],
      [`/emergencias/${SLUG}?type=offer`, `/emergencias/${SLUG}.md?type=offer`],
      [`/ayudas/${ids.urgent}`, `/ayudas/${ids.urgent}.md`],
    ];
    for (const [path, twin] of pages as [string, string][]) {
      const page = await get(path);
      assert.equal(page.statusCode, 200, path);
      assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
      assert.match(String(page.headers.vary), /\bAccept\b/);
      assert.ok(page.body.includes(`<link rel="alternate" type="text/markdown" href="${twin.replace('&', '&amp;')}">`));
      const md = await get(twin);
      assert.equal(md.statusCode, 200, twin);
      assert.equal(md.headers['content-type'], 'text/markdown; charset=utf-8');
      assert.match(String(md.headers.vary), /\bAccept\b/);
      const negotiated = await get(path, { accept: 'text/markdown' });
      assert.equal(negotiated.headers['content-type'], 'text/markdown; charset=utf-8');
      assert.equal(negotiated.body, md.body, `${path} with Accept: text/markdown is its twin`);
      const browser = await get(path, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
      assert.equal(browser.headers['content-type'], 'text/html; charset=utf-8');
    }
  });

  test('twins link to twins and keep the API and other sites as they are', async () => {
    const home = (await get('/index.md')).body;
    assert.ok(home.includes(`(${BASE_URL}/emergencias/${SLUG}.md)`));
    assert.ok(home.includes(`(${BASE_URL}/necesito-ayuda.md)`));
    assert.ok(home.includes(`(${BASE_URL}/api/public/v1/help?view=panorama)`));
    const emergency = (await get(`/emergencias/${SLUG}.md`)).body;
    assert.ok(emergency.includes(`(${BASE_URL}/ayudas/${ids.urgent}.md)`));
    assert.doesNotMatch(emergency, new RegExp(`\\(${BASE_URL}/ayudas/${UUID}\\)`), 'no link to an HTML record page');
    const record = (await get(`/ayudas/${ids.urgent}.md`)).body;
    assert.ok(record.includes(`(${BASE_URL}/emergencias/${SLUG}.md)`));
    assert.ok(record.includes(`(${BASE_URL}/api/public/v1/help?view=detail&id=${ids.urgent})`));
    assert.match(record, /\(https:\/\/wa\.me\/573001234567\?text=/);
  });

  test('unknown emergencies, unknown ids and unpublished records are a 404 page in Spanish, twin included', async () => {
    for (const path of [
      '/emergencias/no-existe',
      '/emergencias/no-existe.md',
      '/ayudas/no-es-un-id',
      '/ayudas/00000000-0000-4000-8000-000000000000',
      `/ayudas/${ids.pending}`,
      `/ayudas/${ids.pending}.md`,
      `/ayudas/${ids.rejected}`,
      `/ayudas/${ids.rejected}.md`,
    ]) {
      const res = await get(path);
      assert.equal(res.statusCode, 404, path);
      assert.match(res.headers['content-type'] as string, path.endsWith('.md') ? /^text\/markdown/ : /^text\/html/);
      assert.match(res.body, /Página no encontrada/, path);
      assert.ok(!res.body.includes(PENDING_TITLE) && !res.body.includes(REJECTED_TITLE));
    }
    const english = await get('/ayudas/no-es-un-id?lang=en');
    assert.equal(english.statusCode, 404);
    assert.match(english.body, /Page not found/);
  });
});

describe('home', () => {
  test('shows each active emergency with the panorama the API gives, and the two actions', async () => {
    const res = await get('/');
    const { body } = res;
    assert.match(body, /<a href="\/necesito-ayuda">Necesito ayuda<\/a>/);
    assert.match(body, /<a href="\/ayudar">Quiero ayudar<\/a>/);
    assert.ok(
      body.indexOf('/necesito-ayuda">Necesito ayuda') < body.indexOf('<section class="card emergencia"'),
      'the actions come before the emergencies',
    );
    const panorama = (await h.json({ method: 'GET', url: `${HELP}?view=panorama` })).body;
    const md = (await get('/index.md')).body;
    assert.equal(panorama.emergencies.length, 2);
    for (const e of panorama.emergencies) {
      assert.ok(body.includes(`<h2>${e.name}</h2>`), e.name);
      assert.ok(body.includes(`href="/emergencias/${e.slug}"`));
      assert.ok(md.includes(`## ${e.name}`));
      for (const [label, key] of [
        ['Activas', 'active'],
        ['En proceso', 'in_process'],
        ['Completadas', 'completed'],
        ['Total', 'total'],
      ]) {
        const [requests, offers] = [e.counts.requests[key as string], e.counts.offers[key as string]];
        assert.ok(
          body.includes(`<tr><td>${label}</td><td>${requests}</td><td>${offers}</td></tr>`),
          `${e.slug} ${key}`,
        );
        assert.ok(md.includes(`| ${label} | ${requests} | ${offers} |`), `${e.slug} ${key} in the twin`);
      }
      assert.ok(body.includes(`<dt>Solicitudes urgentes activas</dt><dd>${e.counts.urgentRequests}</dd>`));
      assert.ok(body.includes(`<dt>Disponibles</dt><dd>${e.routes.available}</dd>`));
      assert.ok(e.urgentNeeds.length > 0);
      for (const need of e.urgentNeeds) {
        assert.ok(body.includes(`href="/ayudas/${need.id}"`), need.title);
        assert.ok(md.includes(`${BASE_URL}/ayudas/${need.id}.md`));
      }
    }
    const water = panorama.emergencies
      .find((e: { slug: string }) => e.slug === SLUG)
      .quantities.byCategory.find((q: { category: string }) => q.category === 'agua');
    assert.deepEqual([water.required, water.covered, water.pending], [40, 10, 30]);
    const line = `Agua: Faltan ${water.pending} de ${water.required} bidones`;
    assert.ok(body.includes(`<li>${line}</li>`), line);
    assert.ok(md.includes(`- ${line}`));
  });
});

describe('emergency page', () => {
  test('lists what the API lists, with the number found; the twin and the map carry the same records', async () => {
    const api = (await list(h, { emergencySlug: SLUG })).body;
    const res = await get(`/emergencias/${SLUG}`);
    assert.equal(res.statusCode, 200);
    const apiIds = api.items.map((i: { id: string }) => i.id);
    assert.deepEqual(listIds(res.body), apiIds);
    assert.ok(res.body.includes(`${api.total} registros encontrados.`));
    const md = (await get(`/emergencias/${SLUG}.md`)).body;
    assert.deepEqual(twinIds(md), apiIds);
    assert.ok(md.includes(`${api.total} registros encontrados.`));
    for (const item of api.items) {
      assert.ok(res.body.includes(`>${escapeHtml(item.title)}</a>`), item.title);
      assert.ok(md.includes(`[${escapeMarkdown(item.title)}](`), item.title);
    }
    const placed = api.items.filter((i: { location: { latitude: number | null } }) => i.location.latitude !== null);
    assert.ok(placed.length < api.items.length, 'some record has no place');
    assert.deepEqual(
      mapPoints(res.body).map((p) => [p.id, p.type, p.lat, p.lon]),
      placed.map((i: any) => [i.id, i.type, i.location.latitude, i.location.longitude]),
    );
    assert.ok(!res.body.includes('/api/public/v1/help?view=list'), 'no API line for people');
    assert.ok(md.includes(`GET /api/public/v1/help?view=list&emergencySlug=${SLUG}`));
  });

  test('each record in the list shows title, type, category, urgency, status, place and quantities', async () => {
    const { body } = await get(`/emergencias/${SLUG}`);
    const item = body.slice(body.indexOf(`href="/ayudas/${ids.urgent}"`));
    const card = item.slice(0, item.indexOf('</section>'));
    assert.match(card, /Agua potable urgente para el albergue<\/a>/);
    assert.match(card, /Solicitud · Agua · Urgente · Activa · Cubierta en parte/);
    // A request shows its neighbourhood and municipality, never its street, unless the submitter asked.
    assert.match(card, /<dt>Lugar<\/dt><dd>San Miguel, Mocoa, Putumayo · Ubicación aproximada \(unos 300 m\)<\/dd>/);
    assert.doesNotMatch(card, /Calle 8/);
    assert.match(card, /<dt>Cantidad<\/dt><dd>Faltan 30 de 40 bidones<\/dd>/);
    const other = (await get(`/emergencias/${OTHER}`)).body;
    const exact = other.slice(other.indexOf(`href="/ayudas/${ids.otherEmergency}"`));
    assert.match(exact.slice(0, exact.indexOf('</section>')), /<dt>Lugar<\/dt><dd>Calle 8 # 5-21, San Miguel<\/dd>/);
    const points = mapPoints(other);
    assert.equal(points.find((p) => p.id === ids.otherEmergency)?.approx, false, 'an exact point is drawn as exact');
    assert.equal(mapPoints(body).find((p) => p.id === ids.urgent)?.approx, true, 'an approximate one as approximate');
    const offer = body.slice(body.indexOf(`href="/ayudas/${ids.noPlace}"`));
    assert.match(offer.slice(0, offer.indexOf('</section>')), /<dt>Lugar<\/dt><dd>Sin ubicación<\/dd>/);
  });

  test('filters in the URL select the same records as the same filters in the API', async () => {
    const cases: Record<string, string>[] = [
      { type: 'offer' },
      { type: 'request', category: 'agua' },
      { status: 'all' },
      { priority: 'urgent' },
      { q: 'camioneta' },
      { latitude: '1.1478', longitude: '-76.6476', radiusKm: '5' },
      { type: 'request', latitude: '1.1478', longitude: '-76.6476' },
      { latitude: '1.1478', longitude: '-76.6476', radiusKm: '30', sort: 'distance' },
      { limit: '2' },
    ];
    const all = listIds((await get(`/emergencias/${SLUG}`)).body);
    for (const filters of cases) {
      const query = new URLSearchParams(filters).toString();
      const api = (await list(h, { emergencySlug: SLUG, ...filters })).body;
      const apiIds = api.items.map((i: { id: string }) => i.id);
      const page = await get(`/emergencias/${SLUG}?${query}`);
      assert.equal(page.statusCode, 200, query);
      assert.deepEqual(listIds(page.body), apiIds, query);
      assert.notDeepEqual(apiIds, all, `${query} changes the list`);
      assert.deepEqual(twinIds((await get(`/emergencias/${SLUG}.md?${query}`)).body), apiIds, `twin ${query}`);
      assert.deepEqual(
        mapPoints(page.body).map((p) => p.id),
        api.items.filter((i: any) => i.location.latitude !== null).map((i: { id: string }) => i.id),
      );
      if (filters.latitude) {
        assert.ok(!apiIds.includes(ids.far), 'the far record is outside the radius');
        const km = api.items[0].location.distanceKm as number;
        assert.ok(page.body.includes(`<dt>Distancia</dt><dd>a ${String(km).replace('.', ',')} km</dd>`), query);
      }
      for (const [name, value] of Object.entries(filters)) {
        if (name !== 'limit')
          assert.match(page.body, new RegExp(`name="${name}" value="${value}"|value="${value}" selected`));
      }
    }
    const limited = await get(`/emergencias/${SLUG}?limit=2`);
    assert.match(limited.body, /registros encontrados; se muestran los 2 de mayor prioridad/);
    assert.match(
      limited.body,
      new RegExp(`href="/emergencias/${SLUG}\\?limit=2&amp;cursor=[A-Za-z0-9_-]+#lista">Ver más</a>`),
    );
  });

  test('the place filters take a decimal comma, as people type it; the list is the API list with points', async () => {
    const api = (await list(h, { emergencySlug: SLUG, latitude: 1.1478, longitude: -76.6476, radiusKm: 5.5 })).body;
    const page = await get(`/emergencias/${SLUG}?latitude=1,1478&longitude=-76,6476&radiusKm=5,5`);
    assert.equal(page.statusCode, 200);
    assert.deepEqual(
      listIds(page.body),
      api.items.map((i: { id: string }) => i.id),
    );
    assert.ok(api.items.length > 0);
  });

  test('a form sent without JavaScript (every field, empty ones included) gives the default list', async () => {
    const sent = 'type=all&category=&status=active&priority=all&q=&latitude=&longitude=&radiusKm=';
    const res = await get(`/emergencias/${SLUG}?${sent}`);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(listIds(res.body), listIds((await get(`/emergencias/${SLUG}`)).body));
  });

  test('invalid filters give the page with a clear error and status 400, as the API refuses them, never a 500', async () => {
    const cases: [string, RegExp][] = [
      ['latitude=99&longitude=-76', /Latitud<\/strong>: Debe ser menor o igual que 13.6/],
      ['type=todo', /Tipo<\/strong>: Valor no permitido/],
      ['radiusKm=5', /Radio \(km\)<\/strong>: El parámetro radiusKm requiere latitude y longitude/],
      ['latitude=1.1', /Longitud<\/strong>: Los campos latitude y longitude van juntos/],
      ['latitude=abc&longitude=-76', /Latitud<\/strong>: Debe ser un número/],
      ['limit=0', /Cuántos mostrar<\/strong>: Debe ser mayor o igual que 1/],
      [`q=${'a'.repeat(121)}`, /Buscar palabras<\/strong>: Debe tener como máximo 120 caracteres/],
      ['category=juguetes', /Categoría<\/strong>: Valor no permitido/],
      ['type=offer&type=request', /Tipo<\/strong>: El parámetro aparece más de una vez/],
      ['desconocido=1', /desconocido<\/strong>: Campo desconocido/],
      ['q=%00', /Buscar palabras<\/strong>:/],
      ['%3Cimg%20src%3Dx%3E=1', /&lt;img src=x&gt;<\/strong>: Campo desconocido/],
    ];
    for (const [query, message] of cases) {
      const page = await get(`/emergencias/${SLUG}?${query}`);
      assert.equal(page.statusCode, 400, query);
      assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
      assert.match(page.body, /Algunos filtros no son válidos/, query);
      assert.match(page.body, message, query);
      assert.ok(!page.body.includes('id="lista"'), 'no list for invalid filters');
      assert.doesNotMatch(page.body, /<img/, 'a parameter name stays text');
      const twin = await get(`/emergencias/${SLUG}.md?${query}`);
      assert.equal(twin.statusCode, 400, `twin ${query}`);
      assert.match(twin.body, /Algunos filtros no son válidos/);
      assert.match(twin.body, /^- \*\*[^*]+\*\*: /m, 'each error reads "**field**: message"');
      const api = await h.app.inject({ method: 'GET', url: `${HELP}?view=list&emergencySlug=${SLUG}&${query}` });
      assert.equal(api.statusCode, 400, `the API refuses ${query} too`);
    }
    const english = await get(`/emergencias/${SLUG}?latitude=99&longitude=-76&lang=en`);
    assert.equal(english.statusCode, 400);
    assert.match(english.body, /Some filters are not valid/);
    assert.match(english.body, /Latitude<\/strong>: Must be at most 13.6/);
  });
});

describe('record page', () => {
  test('shows every public field of the record in words, with WhatsApp, call and map links', async () => {
    const detail = (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${ids.urgent}` })).body.item;
    const { body } = await get(`/ayudas/${ids.urgent}`);
    assert.ok(body.includes(`<h1>${detail.title}</h1>`));
    for (const fact of [
      `<a href="/emergencias/${SLUG}">${detail.emergency.name}</a>`,
      '<dt>Tipo</dt><dd>Solicitud</dd>',
      '<dt>Categoría</dt><dd>Agua</dd>',
      '<dt>Urgencia</dt><dd>Urgente</dd>',
      '<dt>Estado</dt><dd>Activa</dd>',
      '<dt>Situación</dt><dd>Cubierta en parte</dd>',
      `<dt>Prioridad</dt><dd>${String(detail.priorityScore).replace('.', ',')} de 100</dd>`,
      '<dt>Barrio o vereda</dt><dd>San Miguel</dd>',
      '<dt>Municipio</dt><dd>Mocoa, Putumayo</dd>',
      // The public point: the centre of the ~300 m cell holding 1.1478, -76.6476.
      '<dt>Coordenadas</dt><dd>1.14885, -76.64625</dd>',
      '<dt>Precisión</dt><dd>Ubicación aproximada (unos 300 m)</dd>',
      `<a href="${detail.location.mapUrl.replace(/&/g, '&amp;')}" rel="noopener">Ver en OpenStreetMap</a>`,
      `<dt>Nombre</dt><dd>${detail.contact.name}</dd>`,
      '<dt>Requerido</dt><dd>40 bidones</dd>',
      '<dt>Cubierto</dt><dd>10 bidones</dd>',
      '<dt>Pendiente</dt><dd>30 bidones</dd>',
      '<dt>Porcentaje cubierto</dt><dd>25 %</dd>',
      'Revisado y aprobado por el equipo de la emergencia el 10 de mayo de 2026',
      '<dt>Se puede llevar ayuda</dt><dd>Sí</dd>',
      '<a href="tel:+573001234567">Llamar</a>',
    ]) {
      assert.ok(body.includes(fact), fact);
    }
    assert.equal(detail.location.address, null);
    for (const page of [body, (await get(`/ayudas/${ids.urgent}.md`)).body]) {
      assert.ok(!page.includes('Calle 8') && !page.includes('Dirección o referencia'), 'no street');
      assert.ok(!page.includes('1.1478,') && !page.includes('76.6476'), 'no exact point');
    }
    const exact = (await get(`/ayudas/${ids.otherEmergency}`)).body;
    for (const fact of [
      '<dt>Dirección o referencia</dt><dd>Calle 8 # 5-21</dd>',
      '<dt>Coordenadas</dt><dd>1.21, -77.28</dd>',
      '<dt>Precisión</dt><dd>Ubicación exacta</dd>',
    ]) {
      assert.ok(exact.includes(fact), fact);
    }
    const history = body.slice(body.indexOf('id="historia"'));
    assert.equal((history.match(/<li>/g) ?? []).length, detail.timeline.length);
    assert.match(history, /Recibida/);
    assert.match(history, /Cantidad cubierta actualizada/);
    const wa = /href="(https:\/\/wa\.me\/(\d+)\?text=([^"]+))"/.exec(body);
    assert.ok(wa, 'a WhatsApp button');
    assert.equal(wa[2], detail.contact.whatsapp.slice(1));
    const message = decodeURIComponent(wa[3] as string);
    assert.ok(message.includes(`«${detail.title}»`), message);
    assert.ok(message.includes(detail.publicUrl));
    const md = (await get(`/ayudas/${ids.urgent}.md`)).body;
    for (const fact of ['**Tipo:** Solicitud', '**Situación:** Cubierta en parte', '**Pendiente:** 30 bidones']) {
      assert.ok(md.includes(fact), fact);
    }
  });

  test('the history shows each public event with its status and note', async () => {
    const detail = (await h.json({ method: 'GET', url: `${HELP}?view=detail&id=${ids.done}` })).body.item;
    const { body } = await get(`/ayudas/${ids.done}`);
    const history = body.slice(body.indexOf('id="historia"'));
    assert.equal((history.match(/<li>/g) ?? []).length, detail.timeline.length);
    assert.match(history, /Cambio de estado\. Estado: Completada\. Entregadas por la defensa civil<\/li>/);
    assert.ok(body.includes('<dt>Situación</dt><dd>Entregada</dd>'));
  });

  test('a collection centre links to the centres page of its emergency; an offer shows its logistics', async () => {
    const centre = (await get(`/ayudas/${ids.centre}`)).body;
    assert.ok(centre.includes('<dt>Estado del centro</dt><dd>Necesita recursos</dd>'));
    assert.ok(centre.includes(`href="/centros?emergencia=${SLUG}"`));
    assert.ok(!centre.includes('/api/public/v1/inventario'), 'the JSON is for programs: the twin has it');
    const centreTwin = (await get(`/ayudas/${ids.centre}.md`)).body;
    assert.ok(centreTwin.includes(`(${BASE_URL}/centros.md?emergencia=${SLUG})`));
    assert.ok(centreTwin.includes(`(${BASE_URL}/api/public/v1/inventario?emergencia=${SLUG})`));
    const offer = (await get(`/ayudas/${ids.offer}`)).body;
    assert.ok(offer.includes('<dt>Vehículo</dt><dd>Camioneta doble cabina</dd>'));
    assert.ok(offer.includes('<dt>Capacidad</dt><dd>800 kg</dd>'));
    assert.ok(offer.includes('<dt>Disponible hasta</dt><dd>30 de junio de 2026</dd>'));
    assert.ok(!offer.includes('<dt>Urgencia</dt>'), 'an offer has no urgency to show');
  });
});

describe('only approved records, and hostile text stays text', () => {
  test('an approved record appears everywhere; a pending or rejected one nowhere, until approved', async () => {
    const paths = [
      '/',
      '/index.md',
      `/emergencias/${SLUG}?status=all`,
      `/emergencias/${SLUG}.md?status=all`,
      `/emergencias/${SLUG}?status=all&priority=urgent`,
    ];
    for (const path of paths) {
      const { body } = await get(path);
      for (const hidden of [ids.pending, ids.rejected, PENDING_TITLE, REJECTED_TITLE] as string[]) {
        assert.ok(!body.includes(hidden), `${hidden} in ${path}`);
      }
    }
    const page = (await get(`/emergencias/${SLUG}?status=all`)).body;
    assert.ok(listIds(page).includes(ids.urgent));
    assert.ok(mapPoints(page).some((p) => p.id === ids.urgent));
    const later = await submit(h, requestBody({ emergencySlug: SLUG, title: 'Aprobada más tarde 4d1b' }));
    assert.ok(!(await get(`/emergencias/${SLUG}`)).body.includes(later));
    assert.equal((await get(`/ayudas/${later}`)).statusCode, 404);
    await approveSubmission(h.ctx, later, ACTOR);
    const after = (await get(`/emergencias/${SLUG}`)).body;
    assert.ok(listIds(after).includes(later) && mapPoints(after).some((p) => p.id === later));
    assert.ok(twinIds((await get(`/emergencias/${SLUG}.md`)).body).includes(later));
    assert.equal((await get(`/ayudas/${later}`)).statusCode, 200);
  });

  test('hostile titles, descriptions and places are escaped in the HTML and in the twin', async () => {
    const pages = [
      '/',
      `/emergencias/${OTHER}`,
      ...hostileIds.map((id) => `/ayudas/${id}`),
      ...hostileIds.map((id) => `/ayudas/${id}?lang=en`),
    ];
    for (const path of pages) {
      const { body, statusCode } = await get(path);
      assert.equal(statusCode, 200, path);
      assertNoInlineCode(body, path);
      assert.ok(!body.includes('<script>alert') && !body.includes('<img src=x'), path);
      assert.doesNotMatch(body, /href="javascript:/i, path);
      assert.doesNotMatch(body, /<img\b/i, path);
      assert.ok(body.includes('&lt;script&gt;alert(1)&lt;/script&gt;'), path);
      const md = (await get(path, { accept: 'text/markdown' })).body;
      assert.doesNotMatch(md, /(?<!\\)<(script|img)/, `${path} twin: no HTML`);
      assert.ok(!md.includes('[x](javascript:'), `${path} twin: no javascript: link`);
      assert.ok(!md.includes('![x](http://evil/)'), `${path} twin: no image`);
      assert.ok(md.includes('\\<script\\>alert(1)\\</script\\>'), `${path} twin keeps the text, escaped`);
      for (const line of md.split('\n')) {
        assert.doesNotMatch(line, /^\s{0,3}# Título falso/, `${path} twin: no injected heading`);
        assert.doesNotMatch(line, /^#{1,6} #/, `${path} twin: a title starting with # stays text`);
      }
    }
    const points = mapPoints((await get(`/emergencias/${OTHER}`)).body);
    for (const title of HOSTILE)
      assert.ok(
        points.some((p) => p.title === title),
        `${title} travels intact as data`,
      );
  });

  test('no page has an inline script, a style attribute or a style element', async () => {
    for (const path of [
      '/',
      '/?lang=en',
      `/emergencias/${SLUG}`,
      `/emergencias/${SLUG}?type=todo`,
      `/emergencias/no-existe`,
      `/ayudas/${ids.centre}`,
      `/ayudas/${ids.offer}`,
    ]) {
      assertNoInlineCode((await get(path)).body, path);
    }
  });
});

describe('English', () => {
  test('?lang=en uses English strings in the page and the twin, and keeps English in its links', async () => {
    const home = (await get('/?lang=en')).body;
    assert.match(home, /<html lang="en">/);
    assert.ok(home.includes('<a href="/necesito-ayuda?lang=en">I need help</a>'));
    assert.ok(home.includes(`href="/emergencias/${SLUG}?lang=en"`));
    assert.ok(home.includes('Active urgent requests'));
    assert.ok(!home.includes('Solicitudes urgentes activas'));
    const emergency = (await get(`/emergencias/${SLUG}?type=offer&lang=en`)).body;
    assert.ok(emergency.includes('Filter the list'));
    assert.ok(emergency.includes('<input type="hidden" name="lang" value="en">'));
    assert.match(emergency, /\d+ records found\./);
    assert.ok(emergency.includes(`href="/ayudas/${ids.offer}?lang=en"`));
    assert.ok(emergency.includes(`href="/emergencias/${SLUG}?type=offer" hreflang="es"`), 'the Spanish version');
    const record = (await get(`/ayudas/${ids.urgent}?lang=en`)).body;
    assert.ok(record.includes('<dt>Operational status</dt><dd>Partly covered</dd>'));
    assert.ok(record.includes('Write on WhatsApp'));
    const twin = (await get(`/ayudas/${ids.urgent}.md?lang=en`)).body;
    assert.ok(twin.includes('**Type:** Request'));
    assert.ok(twin.includes(`(${BASE_URL}/emergencias/${SLUG}.md?lang=en)`));
  });
});

describe('weight', () => {
  test('pages stay under 60 KB compressed with 100+ records; Leaflet loads only on the emergency page', async (t) => {
    await addEmergency(h, BIG, 'Creciente del río Grande');
    for (let i = 0; i < 120; i++) {
      const body =
        i % 3 === 0
          ? offerBody({
              emergencySlug: BIG,
              title: `Ofrecimiento número ${i} de transporte y mercados para las veredas`,
              latitude: 1 + (i % 20) / 50,
              longitude: -76.5 - (i % 7) / 40,
            })
          : requestBody({
              emergencySlug: BIG,
              title: `Solicitud número ${i} de agua potable y alimentos para familias`,
              description: 'Familias sin agua ni alimentos desde la creciente. '.repeat(8),
              urgency: i % 4 === 0 ? 'urgent' : 'needed',
              quantityRequired: 10 + i,
              unit: 'bidones',
              latitude: 1 + (i % 30) / 60,
              longitude: -76.4 - (i % 11) / 30,
            });
      await publish(h, body);
    }
    const detail = (await list(h, { emergencySlug: BIG, limit: 1 })).body.items[0].id;
    const sizes: string[] = [];
    for (const path of ['/', `/emergencias/${BIG}`, `/emergencias/${BIG}?limit=100&status=all`, `/ayudas/${detail}`]) {
      for (const encoding of ['br', 'gzip']) {
        const res = await get(path, { 'accept-encoding': encoding });
        assert.equal(res.statusCode, 200);
        assert.equal(res.headers['content-encoding'], encoding, `${path} is compressed with ${encoding}`);
        const bytes = res.rawPayload.length;
        sizes.push(`${path} ${encoding}: ${(bytes / 1024).toFixed(1)} KB`);
        assert.ok(bytes < 60 * 1024, `${path} with ${encoding}: ${bytes} bytes`);
      }
    }
    const full = await get(`/emergencias/${BIG}?limit=100&status=all`);
    assert.equal(listIds(full.body).length, 100);
    sizes.push(`uncompressed ${(full.rawPayload.length / 1024).toFixed(1)} KB`);
    t.diagnostic(sizes.join('; '));
    for (const path of ['/', `/ayudas/${detail}`]) {
      assert.ok(!(await get(path)).body.includes('/static/leaflet/'), `${path} does not load Leaflet`);
    }
    const emergency = (await get(`/emergencias/${BIG}`)).body;
    for (const asset of [
      '/static/leaflet/leaflet.js',
      '/static/markercluster/leaflet.markercluster.js',
      '/static/mapa.js',
    ]) {
      assert.ok(emergency.includes(`<script src="${asset}" defer></script>`), asset);
      const res = await get(asset);
      assert.equal(res.statusCode, 200, asset);
      assert.match(res.headers['content-type'] as string, /^text\/javascript/);
    }
  });
});

describe('closed emergencies', () => {
  test('with no active emergency the home says so; a closed emergency and its records stay readable', async () => {
    for (const slug of [SLUG, OTHER, BIG]) await closeEmergency(h.ctx, slug, ACTOR);
    const home = (await get('/')).body;
    assert.ok(home.includes('No hay ninguna emergencia activa en este momento.'));
    assert.ok(!home.includes('<section class="card emergencia"'));
    assert.ok(home.includes('href="/necesito-ayuda"'), 'the actions stay');
    assert.ok((await get('/index.md')).body.includes('No hay ninguna emergencia activa en este momento.'));
    assert.ok((await get('/?lang=en')).body.includes('There is no active emergency right now.'));
    const page = await get(`/emergencias/${SLUG}`);
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes('Esta emergencia está cerrada'));
    const record = await get(`/ayudas/${ids.urgent}`);
    assert.equal(record.statusCode, 200);
    assert.ok(record.body.includes('Inundación Mocoa (cerrada)'));
  });
});
