// Every link the site prints leads somewhere: each page's Markdown twin (the pages as sitePage registers them, their
// parameters filled with the demo's real slug and ids), /desarrolladores, the API reference and /llms.txt. Each
// same-site link is requested once; an answer of 400 or more names the page and the link.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type DemoSummary, seedDemo } from '../src/demo/seed-demo.ts';
import { sitePagePatterns } from '../src/http/routes/site/site-page.ts';
import { BASE_URL, type Harness, setup } from './helpers/harness.ts';

let h: Harness;
let demo: DemoSummary;
before(async () => {
  h = await setup();
  demo = await seedDemo(h.ctx);
});
after(() => h.close());

async function get(url: string): Promise<{ status: number; body: string; location?: string }> {
  const res = await h.app.inject({ method: 'GET', url, headers: { host: new URL(BASE_URL).host } });
  const location = res.headers.location;
  return { status: res.statusCode, body: res.body, location: typeof location === 'string' ? location : undefined };
}

/** Real values for a page's parameters, by the first word of its path: the demo's slug, records and routes. */
async function parameterValues(): Promise<Record<string, string[]>> {
  /** The first published record the list gives for these filters, that `keep` accepts. */
  const first = async (filters: string, keep: (r: { category: string }) => boolean = () => true) => {
    const listed = JSON.parse((await get(`/api/public/v1/help?view=list&status=all&limit=100&${filters}`)).body) as {
      items: { id: string; category: string }[];
    };
    const found = listed.items.find(keep);
    assert.ok(found, `the demo has a record for ${filters}`);
    return found.id;
  };
  // A request, a person's offer and a collection centre: their pages print different links.
  const records = [
    await first('type=request'),
    await first('type=offer', (r) => r.category !== 'acopio'),
    await first('type=offer&category=acopio'),
  ];
  const routes = JSON.parse((await get(`/api/logistics-operations?emergencia=${demo.emergencySlug}`)).body) as {
    operations: { id: string }[];
  };
  assert.ok(routes.operations.length > 0, 'the demo has logistics routes');
  return {
    emergencias: [demo.emergencySlug],
    ayudas: records,
    recibido: records.slice(0, 1),
    rutas: [routes.operations[0]?.id as string],
  };
}

/** Every page's twin address: a pattern's parameters take each value its first path word has. */
function twinsOf(pattern: string, values: Record<string, string[]>): string[] {
  const names = pattern.match(/:[A-Za-z]+/g) ?? [];
  const twin = (path: string) => (path === '/' ? '/index.md' : `${path}.md`);
  if (names.length === 0) return [twin(pattern)];
  const word = pattern.split('/')[1] ?? '';
  const given = values[word];
  assert.ok(given && names.length === 1, `no real value for ${pattern}: add one to parameterValues()`);
  return given.map((value) => twin(pattern.replace(/:[A-Za-z]+/, encodeURIComponent(value))));
}

/** A Markdown text without its code (blocks and spans), where a pattern such as `(?:a)` is no link. */
const withoutCode = (markdown: string) => markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');

/** Same-site links of a Markdown text or an HTML page, resolved against the page's address, without #fragments. */
function linksOf(body: string, page: string): string[] {
  const prose = withoutCode(body);
  const found = [
    ...[...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] as string),
    ...[...prose.matchAll(/<(https?:\/\/[^>\s]+)>/g)].map((m) => m[1] as string),
    ...[...body.matchAll(/\s(?:href|src)="([^"]+)"/g)].map((m) => (m[1] as string).replaceAll('&amp;', '&')),
  ];
  const base = new URL(page, BASE_URL);
  const links: string[] = [];
  for (const raw of found) {
    const url = new URL(raw, base);
    if (url.origin !== base.origin) continue;
    url.hash = '';
    links.push(`${url.pathname}${url.search}`);
  }
  return links;
}

test('every same-site link on the pages, the developers pages and /llms.txt answers below 400', async (t) => {
  const values = await parameterValues();
  const patterns = sitePagePatterns();
  assert.ok(patterns.includes('/ayudas/:id') && patterns.includes('/desarrolladores/referencia'), 'pages registered');
  const twins = patterns.flatMap((pattern) => twinsOf(pattern, values));
  // In both languages: the English pages carry lang=en on their links.
  const pages = [
    ...twins,
    ...twins.map((twin) => `${twin}?lang=en`),
    '/desarrolladores',
    '/desarrolladores/referencia',
    '/desarrolladores/referencia?lang=en',
    '/llms.txt',
  ];
  const seen = new Map<string, number>();
  const broken: string[] = [];
  /** The answer's status, following the app's own redirects; each address requested once. */
  const statusOf = async (url: string, hops = 0): Promise<number> => {
    const known = seen.get(url);
    if (known !== undefined) return known;
    const res = await get(url);
    let status = res.status;
    if (status >= 300 && status < 400 && res.location && hops < 5) {
      const next = new URL(res.location, new URL(url, BASE_URL));
      if (next.origin === new URL(BASE_URL).origin) status = await statusOf(`${next.pathname}${next.search}`, hops + 1);
    }
    seen.set(url, status);
    return status;
  };
  for (const page of pages) {
    const res = await get(page);
    seen.set(page, res.status);
    if (res.status >= 400) {
      broken.push(`${page}: ${res.status}`);
      continue;
    }
    for (const link of linksOf(res.body, page)) {
      const status = await statusOf(link);
      if (status >= 400) broken.push(`${page} -> ${link}: ${status}`);
    }
  }
  t.diagnostic(`${pages.length} pages, ${seen.size} addresses requested`);
  assert.deepEqual(broken, []);
  assert.ok(seen.size > pages.length, `addresses requested: ${seen.size}`);
});

test('the reference tries a templated GET from a form that asks for the id, and its twin links the API as it is', async () => {
  const html = (await get('/desarrolladores/referencia')).body;
  assert.match(html, /name="_ruta" value="\/api\/public\/v1\/help\/\{id\}\/matches"/);
  assert.match(html, /<input id="[^"]*-id" name="id" required>/);
  assert.deepEqual(html.match(/href="[^"]*(\{|%7B)[^"]*"/gi), null, 'no link with a placeholder');
  const twin = (await get('/desarrolladores/referencia.md')).body;
  assert.ok(twin.includes(`](${BASE_URL}/healthz)`) && twin.includes(`](${BASE_URL}/readyz)`));
  assert.deepEqual(withoutCode(twin).match(/\]\([^)\s]*(\{|%7B)[^)\s]*\)/gi), null, 'no link with a placeholder');
  const [id] = (await parameterValues()).ayudas ?? [];
  assert.ok(id, 'a published request');
  const target = encodeURIComponent('/api/public/v1/help/{id}/matches');
  const tried = await get(`/desarrolladores/probar?_ruta=${target}&id=${encodeURIComponent(` ${id} `)}`);
  assert.equal(tried.status, 303);
  assert.equal(tried.location, `/api/public/v1/help/${id}/matches`);
  assert.equal((await get(String(tried.location))).status, 200);
  for (const without of ['', '&id=', '&id=%20']) {
    assert.equal((await get(`/desarrolladores/probar?_ruta=${target}${without}`)).status, 404, without);
  }
});
