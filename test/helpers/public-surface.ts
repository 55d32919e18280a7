// Every public output the service has, fetched as an anonymous client would, for privacy canary searches.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { categories } from '../../src/domain/categories.ts';
import { type Harness, HELP } from './harness.ts';
import { crawlSiteForms } from './site-crawl-forms.ts';
import { crawlSiteInfo } from './site-crawl-info.ts';
import { crawlSitePages } from './site-crawl-pages.ts';

const INVENTORY = '/api/public/v1/inventario';
const PLACES = '/api/aid-places/places';
const MAP_POINTS = '/api/public/v1/map-points';
const EXPORTS = ['/api/public/v1/export.csv', '/api/public/v1/export.json'];

export interface PublicOutput {
  url: string;
  text: string;
}

/** Fetches every public view, list and detail; add each new public surface here. */
export async function crawlPublic(h: Harness): Promise<PublicOutput[]> {
  const outputs: PublicOutput[] = [];
  const get = async (url: string) => {
    const res = await h.app.inject({ method: 'GET', url });
    outputs.push({ url, text: `${JSON.stringify(res.headers)}\n${res.body}` });
    return res;
  };
  const discovery = JSON.parse((await get(HELP)).body);
  await get(`${HELP}?view=panorama`);
  const slugs: string[] = discovery.emergencies.map((e: { slug: string }) => e.slug);
  const ids = new Set<string>();
  for (const slug of [undefined, ...slugs]) {
    const scope = slug ? `&emergencySlug=${slug}` : '';
    if (slug) {
      await get(`${HELP}?view=panorama${scope}`);
      const routes = JSON.parse((await get(`/api/logistics-operations?emergencia=${slug}`)).body);
      // Each available route's "Quiero llevar esta ruta" page and its twins.
      for (const route of (routes.operations ?? []) as { id: string }[]) {
        for (const suffix of ['', '.md', '?lang=en']) await get(`/rutas/${route.id}/llevar${suffix}`);
      }
      await get(`${INVENTORY}?emergencia=${slug}`);
      for (const category of categories) await get(`${INVENTORY}?emergencia=${slug}&categoria=${category}`);
      await get(`${PLACES}?emergencia=${slug}`);
    } else {
      await get(INVENTORY);
      await get(PLACES);
    }
    // Every public point a map can ask for, the exact ones and those of approximate requests alike.
    for (const filter of ['status=all', 'type=request&status=all']) await get(`${MAP_POINTS}?${filter}${scope}`);
    // The HXL exports: every published record of the scope in one answer, expired ones included.
    for (const path of EXPORTS) {
      for (const filter of ['status=active', 'status=all&confirmation=all']) await get(`${path}?${filter}${scope}`);
    }
    for (const filter of [
      'status=all',
      'type=request&status=all',
      'type=offer&status=all',
      'logistics=true',
      'priority=urgent&status=all',
      'commitment=uncommitted',
    ]) {
      const res = await get(`${HELP}?view=list&limit=100&${filter}${scope}`);
      for (const item of JSON.parse(res.body).items ?? []) ids.add(item.id);
    }
  }
  for (const id of ids) await get(`${HELP}?view=detail&id=${id}`);
  for (const id of ids) await get(`${HELP}/${id}/matches`);
  outputs.push(...(await crawlReports(h, [...ids])));
  outputs.push(...(await crawlMcpTools(h, slugs, [...ids])));
  for (const crawl of [crawlSitePages, crawlSiteInfo, crawlSiteForms])
    outputs.push(...(await crawl(h, slugs, [...ids])));
  for (const path of ['/privacidad', '/privacidad.md', '/privacidad?lang=en']) await get(path);
  outputs.push(...(await crawlStatus(h)));
  await get('/.well-known/aid-places');
  await get('/.well-known/mcp/server-card.json');
  // The whole retained change feed: every entry's public state.
  for (let cursor = '0'; ; ) {
    const page = JSON.parse((await get(`/api/public/v1/changes?since=${cursor}&limit=500`)).body);
    cursor = page.next;
    if (!page.hasMore) break;
  }
  for (const department of ['86', '05', '11']) await get(`/municipios.json?departamento=${department}`);
  await get('/llms.txt');
  // The intakes answer only providers that prove themselves; what they say to anyone else.
  await get('/integraciones/whatsapp?hub.mode=subscribe&hub.verify_token=adivinado&hub.challenge=1');
  for (const url of ['/integraciones/whatsapp', '/integraciones/sms', '/integraciones/kobo']) {
    const res = await h.app.inject({
      method: 'POST',
      url,
      payload: { object: 'whatsapp_business_account', entry: [] },
    });
    outputs.push({ url: `POST ${url}`, text: `${JSON.stringify(res.headers)}\n${res.body}` });
  }
  await get('/api/public/openapi.json');
  await get('/healthz');
  await get('/readyz');
  // The exports kept on disk between changes are published files too: whatever they hold must be public.
  for (const name of await readdir(h.config.exportCache.dir).catch(() => [] as string[])) {
    const file = path.join(h.config.exportCache.dir, name);
    outputs.push({ url: `file ${file}`, text: await readFile(file, 'utf8').catch(() => '') });
  }
  return outputs;
}

/** The address the crawl reports from: a repeat is stored once, so crawling again adds nothing. */
const CRAWL_ADDRESS = '192.0.2.200';

/**
 * Reporting a record: the form and thank-you pages with their twins, and what a report through the API answers
 * (a report changes no public output, so sending one here leaves the rest of the crawl as it was).
 */
async function crawlReports(h: Harness, ids: string[]): Promise<PublicOutput[]> {
  const outputs: PublicOutput[] = [];
  for (const id of ids) {
    for (const path of [`/ayudas/${id}/reportar`, `/ayudas/${id}/reporte-enviado`, `/ayudas/${id}/comprometer`]) {
      for (const suffix of ['', '.md', '?lang=en']) {
        const url = `${path}${suffix}`;
        const res = await h.app.inject({ method: 'GET', url });
        outputs.push({ url, text: `${JSON.stringify(res.headers)}\n${res.body}` });
      }
    }
    const url = `${HELP}/${id}/reports`;
    const res = await h.app.inject({
      method: 'POST',
      url,
      payload: { reason: 'other' },
      remoteAddress: CRAWL_ADDRESS,
    });
    outputs.push({ url: `POST ${url}`, text: `${JSON.stringify(res.headers)}\n${res.body}` });
  }
  return outputs;
}

/**
 * /estado and /retirar: the forms, their twins, and the answers to a code nobody has (a real code is the person's own, never the
 * crawl's: what its answer may show is tested apart).
 */
async function crawlStatus(h: Harness): Promise<PublicOutput[]> {
  const outputs: PublicOutput[] = [];
  for (const url of ['/estado', '/estado.md', '/estado?lang=en']) {
    const res = await h.app.inject({ method: 'GET', url });
    outputs.push({ url, text: `${JSON.stringify(res.headers)}\n${res.body}` });
  }
  const res = await h.app.inject({
    method: 'POST',
    url: '/estado',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: h.config.baseUrl },
    payload: 'codigo=K7P-42Q-X9M-D3R',
    remoteAddress: CRAWL_ADDRESS,
  });
  outputs.push({ url: 'POST /estado', text: `${JSON.stringify(res.headers)}\n${res.body}` });
  // A pledge's code: the pages and their twins, and what a code nobody has answers, on the website and the API.
  for (const url of ['/compromisos', '/compromisos.md', '/compromisos?lang=en']) {
    const page = await h.app.inject({ method: 'GET', url });
    outputs.push({ url, text: `${JSON.stringify(page.headers)}\n${page.body}` });
  }
  for (const url of ['/compromisos', '/compromisos/entregar', '/compromisos/cancelar']) {
    const res = await h.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: h.config.baseUrl },
      payload: 'codigo=K7P-42Q-X9M-D3R',
      remoteAddress: CRAWL_ADDRESS,
    });
    outputs.push({ url: `POST ${url}`, text: `${JSON.stringify(res.headers)}\n${res.body}` });
  }
  // A route claim's code: the volunteer's page, its twins, and a code nobody has, on the website and the API.
  for (const url of ['/mi-ruta', '/mi-ruta.md', '/mi-ruta?lang=en']) {
    const page = await h.app.inject({ method: 'GET', url });
    outputs.push({ url, text: `${JSON.stringify(page.headers)}\n${page.body}` });
  }
  for (const url of ['/mi-ruta', '/mi-ruta/avanzar']) {
    const res = await h.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: h.config.baseUrl },
      payload: 'codigo=K7P-42Q-X9M-D3R&status=in_transit',
      remoteAddress: CRAWL_ADDRESS,
    });
    outputs.push({ url: `POST ${url}`, text: `${JSON.stringify(res.headers)}\n${res.body}` });
  }
  const progress = await h.app.inject({
    method: 'POST',
    url: '/api/logistics-operations/claims/progress',
    payload: { code: 'K7P-42Q-X9M-D3R', status: 'in_transit' },
    remoteAddress: CRAWL_ADDRESS,
  });
  outputs.push({ url: 'POST claims/progress', text: `${JSON.stringify(progress.headers)}\n${progress.body}` });
  for (const action of ['confirm', 'cancel']) {
    const url = `/api/public/v1/pledges/${action}`;
    const res = await h.app.inject({
      method: 'POST',
      url,
      payload: { code: 'K7P-42Q-X9M-D3R' },
      remoteAddress: CRAWL_ADDRESS,
    });
    outputs.push({ url: `POST ${url}`, text: `${JSON.stringify(res.headers)}\n${res.body}` });
  }
  // Withdrawing: the form and its twins, and what a pair nobody has answers at both steps.
  for (const url of ['/retirar', '/retirar.md', '/retirar?lang=en']) {
    const page = await h.app.inject({ method: 'GET', url });
    outputs.push({ url, text: `${JSON.stringify(page.headers)}\n${page.body}` });
  }
  for (const payload of [
    'codigo=K7P-42Q-X9M-D3R&whatsapp=3000000000',
    'codigo=K7P-42Q-X9M-D3R&whatsapp=3000000000&confirmar=1',
  ]) {
    const withdraw = await h.app.inject({
      method: 'POST',
      url: '/retirar',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: h.config.baseUrl },
      payload,
      remoteAddress: CRAWL_ADDRESS,
    });
    outputs.push({ url: `POST /retirar ${payload}`, text: `${JSON.stringify(withdraw.headers)}\n${withdraw.body}` });
  }
  return outputs;
}

/** Every read tool and resource of the MCP server, over its HTTP transport as an assistant would call them. */
async function crawlMcpTools(h: Harness, slugs: string[], ids: string[]): Promise<PublicOutput[]> {
  const host = new URL(h.config.baseUrl).host;
  const headers: Record<string, string> = {
    host,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  let id = 0;
  const send = async (method: string, params: Record<string, unknown>) => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/mcp',
      headers,
      payload: { jsonrpc: '2.0', id: ++id, method, params },
    });
    if (res.statusCode !== 200) throw new Error(`MCP ${method}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const opened = await send('initialize', {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'privacy-crawl', version: '1.0.0' },
  });
  headers['mcp-session-id'] = opened.headers['mcp-session-id'] as string;
  headers['mcp-protocol-version'] = '2025-11-25';
  const outputs: PublicOutput[] = [];
  const call = async (name: string, args: Record<string, unknown>) => {
    const res = await send('tools/call', { name, arguments: args });
    outputs.push({ url: `mcp:${name}(${JSON.stringify(args)})`, text: res.body });
  };
  await call('listar_emergencias', {});
  await call('consultar_panorama', {});
  for (const slug of slugs) {
    await call('consultar_panorama', { emergencySlug: slug });
    await call('buscar_operaciones_logisticas', { emergencia: slug });
    await call('consultar_inventario', { emergencia: slug });
    for (const filter of [{ status: 'all' }, { logistics: true }, { type: 'offer', status: 'all' }]) {
      await call('buscar_ayudas', { emergencySlug: slug, limit: 100, ...filter });
    }
  }
  for (const helpId of ids) await call('ver_ayuda', { id: helpId });
  for (const helpId of ids) await call('sugerir_coincidencias', { id: helpId });
  for (const helpId of ids) await call('reportar_registro', { id: helpId, reason: 'other' });
  const listed = JSON.parse(dataOf((await send('resources/list', {})).body));
  for (const resource of listed.result.resources as { uri: string }[]) {
    const read = await send('resources/read', { uri: resource.uri });
    outputs.push({ url: `mcp:${resource.uri}`, text: read.body });
  }
  // Records by template (the template lists none), and every prompt, which embeds the panorama.
  for (const helpId of ids) {
    const uri = `ayuda://ayudas/${helpId}`;
    outputs.push({ url: `mcp:${uri}`, text: (await send('resources/read', { uri })).body });
  }
  for (const slug of slugs) {
    for (const name of ['resumir_emergencia', 'ayudar_a_pedir_ayuda', 'coordinar_entregas']) {
      const got = await send('prompts/get', { name, arguments: { emergencySlug: slug } });
      outputs.push({ url: `mcp:prompt:${name}(${slug})`, text: got.body });
    }
  }
  return outputs;
}

/** A JSON-RPC answer, whether sent as JSON or as one server-sent event. */
function dataOf(body: string): string {
  const data = body
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trim());
  return data.length > 0 ? data.join('') : body;
}

/** The outputs (url) in which any of the values appears. */
export function leaks(outputs: PublicOutput[], values: string[]): string[] {
  const found: string[] = [];
  for (const output of outputs) {
    for (const value of values) if (output.text.includes(value)) found.push(`${value} in ${output.url}`);
  }
  return found;
}
