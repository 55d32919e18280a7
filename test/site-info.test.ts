// The website's info pages: /centros, /rutas, /desarrolladores, /desarrolladores/referencia, their Markdown twins,
// and /llms.txt. Pages are not in the OpenAPI document, so they are fetched with app.inject.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { closeEmergency } from '../src/commands/close-emergency.ts';
import { createLogisticsOperation } from '../src/commands/create-logistics-operation.ts';
import { setInventoryLine } from '../src/commands/set-inventory-line.ts';
import { CORS_ALLOWED_HEADERS, CORS_EXPOSED_HEADERS } from '../src/contract/cors-policy.ts';
import { buildOpenApi } from '../src/contract/openapi.ts';
import type { Category } from '../src/domain/categories.ts';
import { tools } from '../src/mcp/tools.ts';
import { errorCodesByStatus, type OpenApiDoc } from '../src/views/site/pages/openapi-shape.ts';
import { addEmergency, BASE_URL, type Harness, offerBody, publish, requestBody, setup } from './helpers/harness.ts';
import { crawlSiteInfo } from './helpers/site-crawl-info.ts';

const SLUG = 'inundacion-mocoa';
const OTHER = 'deslizamiento-villa';
const HOSTILE_CENTRE = 'Centro <img src=x onerror=alert(1)> [clic](javascript:alert(1))';
const HOSTILE_NOTE = '<script>alert("nota")</script> **negrita** [x](javascript:alert(2))';
const HOSTILE_ROUTE = 'Ruta <script>alert("ruta")</script> [y](javascript:alert(3))';
const STALE_ES = 'Puede que ya no esté';
const STALE_EN = 'May no longer be there';

let h: Harness;
const ids = { hostile: '', parroquia: '', destination: '', route: '' };
/** Unique values that must never reach these pages. */
const volunteerContact = `voluntario-${randomUUID()}@correo.test`;
const centreContact = { name: `Responsable ${randomUUID().slice(0, 8)}`, phone: '+573005550177' };

const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });

before(async () => {
  h = await setup();
  await addEmergency(h, SLUG, 'Inundación Mocoa');
  const centre = (title: string, status: string, extra: Record<string, unknown> = {}) =>
    offerBody({
      title,
      category: 'acopio',
      collectionCenterStatus: status,
      contactName: centreContact.name,
      contactWhatsapp: centreContact.phone,
      ...extra,
    });
  ids.hostile = await publish(
    h,
    centre(HOSTILE_CENTRE, 'needs_resources', { address: 'Coliseo Municipal', latitude: 1.152, longitude: -76.651 }),
  );
  ids.parroquia = await publish(h, centre('Parroquia San Miguel', 'needs_volunteers'));
  const line = (kind: 'have' | 'need', category: Category, quantity: number, unit: string, note = '') => ({
    kind,
    category,
    quantity,
    unit,
    note,
  });
  await setInventoryLine(h.ctx, ids.hostile, line('have', 'agua', 120, 'bidones', HOSTILE_NOTE), 'test');
  await setInventoryLine(h.ctx, ids.hostile, line('need', 'panales', 2500, 'paquetes'), 'test');
  await setInventoryLine(h.ctx, ids.parroquia, line('have', 'agua', 40, 'bidones'), 'test');
  ids.destination = await publish(
    h,
    requestBody({ title: 'Agua para la escuela', latitude: 1.147, longitude: -76.646 }),
  );
  const route = await createLogisticsOperation(
    h.ctx,
    {
      emergencySlug: SLUG,
      destinationHelpId: ids.destination,
      title: HOSTILE_ROUTE,
      supplyDescription: 'Treinta bidones de agua',
      quantityLabel: '30 bidones',
      pickupAddress: 'Puerto de Mocoa',
      pickupLatitude: 1.15,
      pickupLongitude: -76.65,
      routeConditions: 'Vía destapada después del puente',
      volunteerContact,
    },
    'test',
  );
  ids.route = route.id;
});
after(() => h.close());

test('/centros answers as HTML, as its twin at /centros.md and as the twin for Accept: text/markdown', async () => {
  const page = await get('/centros');
  assert.equal(page.statusCode, 200);
  assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
  assert.match(String(page.headers.vary), /\bAccept\b/);
  // One active emergency: it is shown without being named in the address.
  assert.match(page.body, /<h1>Centros de acopio: Inundación Mocoa<\/h1>/);
  assert.ok(page.body.includes('href="/centros.md?emergencia=inundacion-mocoa"'), 'the page links its twin');
  const twin = await get('/centros.md');
  assert.equal(twin.statusCode, 200);
  assert.equal(twin.headers['content-type'], 'text/markdown; charset=utf-8');
  assert.match(String(twin.headers.vary), /\bAccept\b/);
  assert.match(twin.body, /^# Centros de acopio: Inundación Mocoa\n\n> /);
  const negotiated = await get('/centros', { accept: 'text/markdown' });
  assert.equal(negotiated.headers['content-type'], 'text/markdown; charset=utf-8');
  assert.equal(negotiated.body, twin.body);
  const named = await get(`/centros.md?emergencia=${SLUG}`);
  assert.equal(named.body, twin.body, 'the default and the named emergency are the same page');
});

test('page and twin of /centros tell the same facts: centres, status, quantities, ages, record and data links', async () => {
  const page = (await get(`/centros?emergencia=${SLUG}`)).body;
  const twin = (await get(`/centros.md?emergencia=${SLUG}`)).body;
  for (const [label, text] of [
    ['page', page],
    ['twin', twin],
  ] as const) {
    for (const fact of [
      'Parroquia San Miguel',
      'Necesita recursos',
      'Necesita voluntarios',
      'Coliseo Municipal',
      'Sin dirección publicada',
      '120 bidones',
      '40 bidones',
      '2.500 paquetes',
      'Pañales',
      'actualizado hace menos de una hora',
      `/ayudas/${ids.hostile}`,
      `/ayudas/${ids.parroquia}`,
    ]) {
      assert.ok(text.includes(fact), `${label} lacks ${fact}`);
    }
    assert.ok(!text.includes(STALE_ES), `${label}: nothing is stale yet`);
  }
  // The data links are for programs: the twin has them, the page leaves them to "Datos abiertos" in its footer.
  for (const data of [`/api/public/v1/inventario?emergencia=${SLUG}`, `/api/aid-places/places?emergencia=${SLUG}`]) {
    assert.ok(twin.includes(data), `twin lacks ${data}`);
    assert.ok(!page.includes(data), `page shows ${data}`);
  }
  // The twin links the record's twin and tells how to read the same data from the API.
  assert.ok(twin.includes(`(${BASE_URL}/ayudas/${ids.parroquia}.md)`));
  assert.ok(twin.includes(`curl '${BASE_URL}/api/public/v1/inventario?emergencia=${SLUG}'`));
  assert.ok(!page.includes('curl '), 'the API call is described in the twin only');
  // The JSON it links to has the same quantities.
  const json = JSON.parse((await get(`/api/public/v1/inventario?emergencia=${SLUG}`)).body);
  const quantities = json.centers.flatMap((c: any) => [...c.have, ...c.need].map((l: any) => l.quantity)).sort();
  assert.deepEqual(quantities, [120, 2500, 40]);
});

test('?categoria= answers "who has it?" across centres, most first, and who needs it', async () => {
  const page = (await get(`/centros?emergencia=${SLUG}&categoria=agua`)).body;
  const twin = (await get(`/centros.md?emergencia=${SLUG}&categoria=agua`)).body;
  for (const text of [page, twin]) {
    assert.ok(text.includes('¿Quién tiene agua?'));
    assert.ok(text.includes('Ningún centro declara necesitar agua.'));
    const most = text.indexOf('120 bidones');
    const least = text.indexOf('40 bidones');
    assert.ok(most > 0 && least > most, 'the largest stock comes first');
    assert.ok(!text.includes('2.500 paquetes'), 'other categories are left out');
  }
  assert.ok(twin.includes(`/api/public/v1/inventario?emergencia=${SLUG}&categoria=agua)`));
  const nappies = (await get(`/centros.md?emergencia=${SLUG}&categoria=panales`)).body;
  assert.ok(nappies.includes('¿Quién necesita pañales?') && nappies.includes('2.500 paquetes'));
  assert.ok(nappies.includes('Ningún centro declara tener pañales.'));
});

test('the contacts of centres never appear on /centros, in any language, view or twin', async () => {
  const outputs: string[] = [];
  for (const url of [
    '/centros',
    '/centros.md',
    '/centros?lang=en',
    `/centros?emergencia=${SLUG}&categoria=agua`,
    `/centros.md?emergencia=${SLUG}&categoria=panales`,
  ]) {
    const res = await get(url);
    assert.equal(res.statusCode, 200, url);
    outputs.push(res.body);
  }
  // The same centres are public records whose consented contact the record page shows: the search can fail.
  const record = JSON.parse((await get(`/api/public/v1/help?view=detail&id=${ids.parroquia}`)).body);
  assert.equal(record.item.contact.name, centreContact.name);
  for (const text of outputs) {
    for (const value of [centreContact.name, centreContact.phone, centreContact.phone.slice(1), 'wa.me']) {
      assert.ok(!text.includes(value), `${value} leaked`);
    }
  }
});

test('/rutas lists the available routes with their facts in page and twin, never the volunteer contact', async () => {
  const page = await get('/rutas');
  const twin = await get('/rutas.md');
  assert.equal(page.statusCode, 200);
  assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
  assert.equal(twin.headers['content-type'], 'text/markdown; charset=utf-8');
  assert.match(String(twin.headers.vary), /\bAccept\b/);
  assert.equal((await get('/rutas', { accept: 'text/markdown, text/html;q=0.5' })).body, twin.body);
  for (const text of [page.body, twin.body]) {
    for (const fact of [
      'Rutas logísticas: Inundación Mocoa',
      'Treinta bidones de agua',
      '30 bidones',
      'Puerto de Mocoa',
      // The destination is a request's public place: its neighbourhood and municipality, not its street.
      'San Miguel, Mocoa, Putumayo (ubicación aproximada, unos 300 m)',
      `/ayudas/${ids.destination}`,
      'Vía destapada después del puente',
      'hace menos de una hora',
    ]) {
      assert.ok(text.includes(fact), `${fact} missing`);
    }
    assert.ok(!text.includes('Calle 8'), 'never the street of the destination');
  }
  assert.ok(twin.body.includes(`/api/logistics-operations?emergencia=${SLUG}`), 'the twin links the data');
  assert.ok(!page.body.includes('/api/logistics-operations'), 'the page leaves the data to "Datos abiertos"');
  // The distance is the one the API gives.
  const api = JSON.parse((await get(`/api/logistics-operations?emergencia=${SLUG}`)).body);
  const km = String(api.operations[0].distance_km).replace('.', ',');
  assert.ok(page.body.includes(`${km} km`) && twin.body.includes(`${km} km`), km);
  for (const url of ['/rutas', '/rutas.md', '/rutas?lang=en', `/rutas.md?emergencia=${SLUG}`]) {
    const res = await get(url);
    assert.ok(!res.body.includes(volunteerContact), `volunteer contact in ${url}`);
    assert.ok(!res.body.includes('voluntario-'), `volunteer contact in ${url}`);
  }
});

test('hostile text in a centre title, an inventory note and a route title is inert in the page and the twin', async () => {
  const centres = (await get(`/centros?emergencia=${SLUG}`)).body;
  const routes = (await get(`/rutas?emergencia=${SLUG}`)).body;
  for (const html of [centres, routes]) {
    assert.ok(!/<script(?![^>]*\bsrc=)/i.test(html), 'no script element from data');
    assert.ok(!/<img/i.test(html), 'no image element from data');
    assert.ok(!/href="javascript:/i.test(html));
    assert.ok(!/<[a-z][^>]*\son[a-z]+\s*=/i.test(html), 'no event handler attribute');
  }
  assert.ok(centres.includes('Centro &lt;img src=x onerror=alert(1)&gt; [clic](javascript:alert(1))'));
  assert.ok(centres.includes('&lt;script&gt;alert(&quot;nota&quot;)&lt;/script&gt; **negrita**'));
  assert.ok(routes.includes('Ruta &lt;script&gt;alert(&quot;ruta&quot;)&lt;/script&gt;'));
  const centresTwin = (await get(`/centros.md?emergencia=${SLUG}`)).body;
  const routesTwin = (await get(`/rutas.md?emergencia=${SLUG}`)).body;
  for (const md of [centresTwin, routesTwin]) {
    assert.ok(!/(?<!\\)\]\(javascript:/.test(md), 'no link from data');
    assert.ok(!/(?<!\\)<\/?(script|img)/i.test(md), 'no HTML from data');
  }
  assert.ok(centresTwin.includes('Centro \\<img src=x onerror=alert(1)\\> \\[clic\\](javascript:alert(1))'));
  assert.ok(centresTwin.includes('\\*\\*negrita\\*\\*'), 'emphasis from data is escaped');
  assert.ok(routesTwin.includes('Ruta \\<script\\>alert("ruta")\\</script\\>'));
});

test('?lang=en uses the English strings and keeps the language in its links', async () => {
  const centres = await get('/centros?lang=en');
  assert.match(centres.body, /<html lang="en">/);
  assert.ok(centres.body.includes('<h1>Collection centres: Inundación Mocoa</h1>'));
  assert.ok(centres.body.includes('Needs supplies') && centres.body.includes('updated less than an hour ago'));
  assert.ok(centres.body.includes(`href="/ayudas/${ids.parroquia}?lang=en"`));
  assert.ok(centres.body.includes(`href="/centros?emergencia=${SLUG}&amp;categoria=agua&amp;lang=en"`));
  assert.ok(centres.body.includes('Water') && !centres.body.includes('Actualizado'));
  assert.ok(!centres.body.includes('Necesita recursos'));
  const routes = await get('/rutas.md?lang=en');
  assert.match(routes.body, /^# Logistics routes: Inundación Mocoa/);
  assert.ok(routes.body.includes('**Pickup:**') && routes.body.includes('less than an hour ago'));
  const developers = await get('/desarrolladores?lang=en');
  assert.ok(developers.body.includes('<h1>Developers</h1>') && developers.body.includes('Submissions and idempotency'));
  const reference = await get('/desarrolladores/referencia.md?lang=en');
  assert.match(reference.body, /^# API reference/);
  assert.ok(reference.body.includes('| Name | In | Type | Required | Description |'));
});

test('a malformed or unknown emergencia, or a bad categoria, is a 400 or 404 page in Spanish, never a 500', async () => {
  const cases: [string, number, RegExp][] = [
    ['/centros?emergencia=Bad%20Slug', 400, /Consulta no válida/],
    ['/centros?emergencia=%3Cscript%3E', 400, /Consulta no válida/],
    ['/centros?emergencia=a&emergencia=b', 400, /Consulta no válida/],
    ['/centros?categoria=nada', 400, /«categoria» no es válido/],
    ['/centros?emergencia=no-existe', 404, /Emergencia no encontrada/],
    ['/centros.md?emergencia=no-existe', 404, /^# Emergencia no encontrada/],
    ['/rutas?emergencia=no-existe', 404, /No existe una emergencia con el identificador «no-existe»/],
    ['/rutas.md?emergencia=%3Cscript%3E', 400, /^# Consulta no válida/],
    ['/rutas?emergencia=x&lang=en', 404, /Emergency not found/],
  ];
  for (const [url, status, message] of cases) {
    const res = await get(url);
    assert.equal(res.statusCode, status, `${url}: ${res.body.slice(0, 300)}`);
    assert.match(res.body, message, url);
    assert.match(String(res.headers['content-type']), url.includes('.md') ? /^text\/markdown/ : /^text\/html/);
    assert.ok(!res.body.includes('<script>'), url);
  }
  // An empty parameter is the same as none.
  assert.equal((await get('/centros?emergencia=')).statusCode, 200);
});

const openapi = () => buildOpenApi(h.config.baseUrl, h.config) as unknown as OpenApiDoc;

test('/desarrolladores documents every endpoint with an example, errors, limits from the config, CORS and MCP', async () => {
  const page = await get('/desarrolladores');
  const twin = await get('/desarrolladores.md');
  assert.equal(page.statusCode, 200);
  assert.equal(twin.headers['content-type'], 'text/markdown; charset=utf-8');
  const doc = openapi();
  for (const text of [page.body, twin.body]) {
    for (const path of Object.keys(doc.paths)) assert.ok(text.includes(path), `endpoint ${path} missing`);
    for (const [, codes] of errorCodesByStatus(doc)) for (const code of codes) assert.ok(text.includes(code), code);
    for (const tool of tools) assert.ok(text.includes(tool.name), tool.name);
    assert.ok(text.includes(`${h.config.readsPerMinute} lecturas por minuto`));
    assert.ok(text.includes(`${h.config.submissionsPerMinute} envíos por minuto`));
    assert.ok(text.includes(`${h.config.bodyLimitBytes} bytes`));
    for (const fact of [
      'Idempotency-Key',
      'idempotency_key_reused',
      'source + externalId',
      '/.well-known/aid-places',
    ]) {
      assert.ok(text.includes(fact), fact);
    }
    assert.ok(text.includes('--method tools/list'), 'the Inspector example');
    assert.ok(text.includes('If-None-Match') && text.includes('If-Modified-Since'), 'polling the places feed');
  }
  // Examples run as copied: this instance's address and a real emergency.
  const example = `curl '${BASE_URL}/api/public/v1/inventario?emergencia=${SLUG}&categoria=agua'`;
  assert.ok(twin.body.includes(example));
  assert.ok(page.body.includes(example.replaceAll("'", '&#39;').replaceAll('&c', '&amp;c')));
  // The client configuration in the twin is JSON that points at this instance's /mcp.
  const block = /```json\n(\{\n {2}"mcpServers"[\s\S]*?)\n```/.exec(twin.body)?.[1];
  assert.ok(block, 'a client configuration block');
  assert.equal(JSON.parse(block).mcpServers['ayuda-directa'].url, `${BASE_URL}/mcp`);
  assert.ok(page.body.includes('<pre tabindex="0"><code>{\n  &quot;mcpServers&quot;'), 'the page shows it too');
  // What the page says about CORS is what the service does.
  const preflight = await get('/api/public/v1/help', {
    origin: 'https://otra-app.example',
    'access-control-request-method': 'POST',
  });
  const options = await h.app.inject({
    method: 'OPTIONS',
    url: '/api/public/v1/help',
    headers: { origin: 'https://otra-app.example', 'access-control-request-method': 'POST' },
  });
  assert.equal(options.statusCode, 204);
  const allowed = String(options.headers['access-control-allow-headers']).toLowerCase();
  for (const header of CORS_ALLOWED_HEADERS) assert.ok(allowed.includes(header.toLowerCase()), header);
  const exposed = String(preflight.headers['access-control-expose-headers']).toLowerCase();
  for (const header of CORS_EXPOSED_HEADERS) assert.ok(exposed.includes(header.toLowerCase()), header);
  assert.equal(preflight.headers['access-control-allow-origin'], '*');
  for (const header of [...CORS_ALLOWED_HEADERS, ...CORS_EXPOSED_HEADERS])
    assert.ok(page.body.includes(header), header);
});

test('/desarrolladores/referencia renders every path, operation, parameter and schema of the OpenAPI document', async () => {
  const page = await get('/desarrolladores/referencia');
  const twin = await get('/desarrolladores/referencia.md');
  assert.equal(page.statusCode, 200);
  assert.equal(twin.statusCode, 200);
  const doc = openapi();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const title = `${method.toUpperCase()} ${path}`;
      assert.ok(page.body.includes(`<h2>${title}</h2>`), `${title} in the page`);
      assert.ok(twin.body.includes(`## ${title}`), `${title} in the twin`);
      assert.ok(page.body.includes(`id="op-${op.operationId}"`), `${op.operationId} anchor`);
      for (const parameter of op.parameters ?? []) {
        assert.ok(page.body.includes(`<code>${parameter.name}</code>`), `${title} ${parameter.name}`);
      }
      for (const status of Object.keys(op.responses ?? {})) {
        assert.ok(twin.body.includes(`| **${status}** |`), `${title} ${status}`);
      }
    }
  }
  for (const name of Object.keys(doc.components.schemas)) {
    assert.ok(page.body.includes(`id="schema-${name}"`), `schema ${name}`);
    assert.ok(twin.body.includes(`## ${name}`) || twin.body.includes(`### ${name}`), `schema ${name} in the twin`);
  }
  // Fields of a schema with their types, examples as JSON; links between schemas resolve on the page.
  assert.ok(page.body.includes('<code>hoursSinceUpdate</code>'));
  assert.ok(page.body.includes('href="#schema-InventoryLine"'));
  assert.ok(twin.body.includes('```json\n{\n  "emergencySlug": "inundacion-mocoa-2026"'), 'an inventory example');
});

test('the HTML pages load no inline script or style and stay under 60 KB compressed', async (t) => {
  const urls = [
    '/centros',
    `/centros?emergencia=${SLUG}&categoria=agua`,
    '/centros?lang=en',
    '/rutas',
    '/desarrolladores',
    '/desarrolladores/referencia',
    '/desarrolladores/referencia?lang=en',
    '/centros?emergencia=no-existe',
  ];
  for (const url of urls) {
    const plain = await get(url);
    assert.ok(!/<script(?![^>]*\bsrc=)[^>]*>/i.test(plain.body), `inline script in ${url}`);
    assert.ok(!/<style/i.test(plain.body) && !/\sstyle=/i.test(plain.body), `inline style in ${url}`);
    assert.match(String(plain.headers['content-security-policy']), /script-src 'self'; style-src 'self'/);
    for (const encoding of ['br', 'gzip']) {
      const res = await get(url, { 'accept-encoding': encoding });
      assert.equal(res.headers['content-encoding'], encoding, `${url} ${encoding}`);
      const size = res.rawPayload.length;
      t.diagnostic(`${url} ${encoding}: ${size} bytes (uncompressed ${plain.rawPayload.length})`);
      assert.ok(size < 60 * 1024, `${url} is ${size} bytes with ${encoding}`);
    }
  }
});

/** Every link of a llms.txt-style Markdown text. */
const linksOf = (text: string) => [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] as string);

test('/llms.txt follows llmstxt.org and every twin it lists answers', async () => {
  const res = await get('/llms.txt');
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['content-type'], 'text/markdown; charset=utf-8');
  const text = res.body;
  assert.match(text, /^# Ayuda Directa\n\n> \S/, 'H1 then a summary blockquote');
  const sections = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
  assert.deepEqual(sections, ['Páginas', 'Emergencias activas', 'API', 'MCP', 'Optional']);
  // In the sections, every entry is a link list item: "- [name](url): notes".
  const body = text.slice(text.indexOf('\n## '));
  for (const line of body.split('\n').filter((l) => l !== '' && !l.startsWith('## '))) {
    assert.match(line, /^- \[[^\]]+\]\(https?:\/\/[^)\s]+\)(: .+)?$/, line);
  }
  const links = linksOf(text);
  for (const path of [
    '/index.md',
    `/emergencias/${SLUG}.md`,
    '/centros.md',
    '/rutas.md',
    '/necesito-ayuda.md',
    '/quiero-ayudar.md',
    '/desarrolladores.md',
    '/desarrolladores/referencia.md',
    '/privacidad.md',
    '/api/public/openapi.json',
    '/desarrolladores.md#mcp',
    '/api/aid-places/places',
    '/.well-known/aid-places',
    '/api/public/v1/inventario',
    `/centros.md?emergencia=${SLUG}`,
    `/rutas.md?emergencia=${SLUG}`,
    `/api/logistics-operations?emergencia=${SLUG}`,
  ]) {
    assert.ok(links.includes(`${BASE_URL}${path}`), `llms.txt links ${path}`);
  }
  // The MCP endpoint answers POST: it is named, and its link leads to how to connect.
  assert.ok(text.includes(`en ${BASE_URL}/mcp,`));
  for (const link of links) {
    const url = new URL(link);
    assert.equal(url.origin, BASE_URL);
    const answer = await get(`${url.pathname}${url.search}`);
    assert.equal(answer.statusCode, 200, link);
    if (url.pathname.endsWith('.md')) {
      assert.equal(answer.headers['content-type'], 'text/markdown; charset=utf-8', link);
    }
  }
  // Cheap to poll: an ETag, and 304 while nothing changed.
  const etag = String(res.headers.etag);
  assert.equal((await get('/llms.txt', { 'if-none-match': etag })).statusCode, 304);
});

test('after 24 hours without an update a line shows the stale warning, in page and twin', async () => {
  h.clock.advanceHours(25);
  // The parish updates its line now: only the Coliseum's two lines are stale.
  await setInventoryLine(
    h.ctx,
    ids.parroquia,
    { kind: 'have', category: 'agua', quantity: 35, unit: 'bidones' },
    'test',
  );
  const page = (await get(`/centros?emergencia=${SLUG}`)).body;
  const twin = (await get(`/centros.md?emergencia=${SLUG}`)).body;
  assert.equal(page.match(/class="line stale"/g)?.length, 2);
  assert.equal(page.match(/class="line"/g)?.length, 1);
  assert.equal(page.split(STALE_ES).length - 1, 2);
  assert.equal(twin.split(STALE_ES).length - 1, 2);
  for (const text of [page, twin]) {
    assert.ok(text.includes('actualizado hace 25 horas'));
    assert.ok(text.includes('35 bidones') && text.includes('actualizado hace menos de una hora'));
  }
  const english = (await get(`/centros?emergencia=${SLUG}&lang=en`)).body;
  assert.equal(english.split(STALE_EN).length - 1, 2);
  // The same lines are stale in the JSON the page links to.
  const json = JSON.parse((await get(`/api/public/v1/inventario?emergencia=${SLUG}`)).body);
  const stale = json.centers.flatMap((c: any) => [...c.have, ...c.need]).filter((l: any) => l.stale);
  assert.equal(stale.length, 2);
  const routes = (await get('/rutas.md')).body;
  assert.ok(routes.includes('(hace 25 horas)'), 'a route shows how long it has been open');
});

test('with several active emergencies the pages offer a choice, and /llms.txt lists each one', async () => {
  await addEmergency(h, OTHER, 'Deslizamiento en Villa');
  for (const path of ['/centros', '/rutas']) {
    const page = await get(path);
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes('Hay varias emergencias activas'), path);
    assert.ok(
      page.body.includes(`href="${path}?emergencia=${SLUG}"`) &&
        page.body.includes(`href="${path}?emergencia=${OTHER}"`),
    );
    const twin = await get(`${path}.md`);
    assert.ok(twin.body.includes(`(${BASE_URL}${path}.md?emergencia=${OTHER})`), `${path} twin`);
  }
  const empty = (await get(`/centros.md?emergencia=${OTHER}`)).body;
  assert.ok(empty.includes('todavía no tiene centros de acopio publicados'));
  assert.ok((await get(`/rutas.md?emergencia=${OTHER}`)).body.includes('No hay rutas disponibles'));
  // The catalogue follows the change at once.
  const llms = (await get('/llms.txt')).body;
  assert.ok(llms.includes(`(${BASE_URL}/emergencias/${OTHER}.md)`) && llms.includes('Deslizamiento en Villa'));
  assert.ok(llms.includes(`(${BASE_URL}/rutas.md?emergencia=${OTHER})`));
  await closeEmergency(h.ctx, OTHER, 'test');
  const after = (await get('/llms.txt')).body;
  assert.ok(!after.includes(OTHER), 'a closed emergency leaves the catalogue');
  assert.equal((await get('/centros')).body.includes('Hay varias emergencias activas'), false);
});

test('with no active emergency the pages say so, /llms.txt drops the section, and a closed one can still be read', async () => {
  await addEmergency(h, 'tercera-emergencia', 'Tercera emergencia');
  const choice = (await get('/centros?categoria=agua')).body;
  assert.ok(choice.includes(`href="/centros?emergencia=${SLUG}&amp;categoria=agua"`), 'the category is kept');
  await closeEmergency(h.ctx, 'tercera-emergencia', 'test');
  await closeEmergency(h.ctx, SLUG, 'test');
  for (const path of ['/centros', '/rutas.md']) {
    const res = await get(path);
    assert.equal(res.statusCode, 200, path);
    assert.ok(res.body.includes('No hay emergencias activas en este momento.'), path);
  }
  assert.ok(!(await get('/llms.txt')).body.includes('## Emergencias activas'));
  const closed = (await get(`/centros.md?emergencia=${SLUG}`)).body;
  assert.ok(closed.includes('Parroquia San Miguel'), 'the record of a closed emergency stays readable');
});

test('the privacy crawl of these pages covers every page and twin, per emergency', async () => {
  const outputs = await crawlSiteInfo(h, [SLUG], []);
  assert.ok(outputs.some((o) => o.url === `/centros.md?emergencia=${SLUG}&categoria=agua`));
  assert.ok(outputs.some((o) => o.url.startsWith('/desarrolladores/referencia')));
  assert.ok(outputs.some((o) => o.url === '/llms.txt'));
  for (const output of outputs) {
    assert.ok(!output.text.includes(volunteerContact), output.url);
    assert.ok(!output.text.includes(centreContact.name), output.url);
  }
});

test('the reference tries every GET with parameters from a plain form: empty fields dropped, only documented paths', async () => {
  const page = await get('/desarrolladores/referencia');
  assert.match(page.body, /<form method="get" action="\/desarrolladores\/probar"/);
  assert.match(page.body, /name="_ruta" value="\/api\/public\/v1\/inventario"/);
  const tried = await get(
    '/desarrolladores/probar?_ruta=%2Fapi%2Fpublic%2Fv1%2Fhelp&view=list&category=&q=agua&limit=',
  );
  assert.equal(tried.statusCode, 303);
  assert.equal(tried.headers.location, '/api/public/v1/help?view=list&q=agua');
  const followed = await get(String(tried.headers.location));
  assert.equal(followed.statusCode, 200);
  for (const target of ['https://evil.example/', '/panel', '//evil.example', '/mcp']) {
    assert.equal((await get(`/desarrolladores/probar?_ruta=${encodeURIComponent(target)}`)).statusCode, 404, target);
  }
});
