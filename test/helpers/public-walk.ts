// Every public page of the site, from the site's own list (sitePagePatterns(), filled once an app is built), each
// pattern's parameters given from the demo's seeded data: the walk over the pages and the page-weight script share it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { sitePagePatterns } from '../../src/http/routes/site/site-page.ts';
import { BASE_URL, type Harness } from './harness.ts';

export interface PublicPage {
  /** The HTML page's address. */
  path: string;
  /** Its Markdown twin's address. */
  twin: string;
  /** A page written for developers (the API, MCP, feeds): it may name the API's words. */
  developers: boolean;
}

/** Pages written for developers, where API words are the subject: exempt from the citizens' words rule. */
export const DEVELOPER_PAGES = ['/desarrolladores', '/desarrolladores/referencia', '/datos-abiertos'];

async function getJson<T>(h: Harness, url: string): Promise<T> {
  const res = await h.app.inject({ method: 'GET', url, headers: { host: new URL(BASE_URL).host } });
  assert.equal(res.statusCode, 200, url);
  return JSON.parse(res.body) as T;
}

/** Real values for the pages' parameters, by the first word of the path, from what the demo seeded. */
export async function seededValues(h: Harness, slug: string): Promise<Record<string, string[]>> {
  /** The first published record the public list gives for these filters, that `keep` accepts. */
  const first = async (filters: string, keep: (r: { category: string }) => boolean = () => true) => {
    const listed = await getJson<{ items: { id: string; category: string }[] }>(
      h,
      `/api/public/v1/help?view=list&limit=100&emergencySlug=${slug}&${filters}`,
    );
    const found = listed.items.find(keep);
    assert.ok(found, `the demo has a published record for ${filters}`);
    return found.id;
  };
  // A request, a person's offer and a collection centre: their pages show different things.
  const records = [
    await first('type=request'),
    await first('type=offer', (r) => r.category !== 'acopio'),
    await first('type=offer&category=acopio'),
  ];
  const routes = await getJson<{ operations: { id: string }[] }>(h, `/api/logistics-operations?emergencia=${slug}`);
  const route = routes.operations[0]?.id;
  assert.ok(route, 'the demo has an available logistics route');
  return { emergencias: [slug], ayudas: records, recibido: records.slice(0, 1), rutas: [route] };
}

const twinOf = (path: string) => {
  const [pathname = '/', query] = path.split('?');
  const twin = pathname === '/' ? '/index.md' : `${pathname}.md`;
  return query ? `${twin}?${query}` : twin;
};

/**
 * Every registered page with its parameters filled: a page of one record (/ayudas/:id) once per kind of record, a
 * page under it (/ayudas/:id/reportar) for the first; /centros also as the "¿Quién tiene…?" answer. A pattern whose
 * parameter has no seeded value fails here, so a new page cannot be left out of the walk unseen.
 */
export function publicPages(values: Record<string, string[]>): PublicPage[] {
  const patterns = sitePagePatterns();
  assert.ok(patterns.includes('/') && patterns.includes('/ayudas/:id'), 'the site registered its pages');
  const paths: string[] = [];
  for (const pattern of patterns) {
    const names = pattern.match(/:[A-Za-z]+/g) ?? [];
    if (names.length === 0) {
      paths.push(pattern);
      continue;
    }
    const word = pattern.split('/')[1] ?? '';
    const given = values[word];
    assert.ok(given && names.length === 1, `no seeded value for ${pattern}: add one to seededValues()`);
    const nested = !pattern.endsWith(names[0] as string);
    for (const value of nested ? given.slice(0, 1) : given) {
      paths.push(pattern.replace(/:[A-Za-z]+/, encodeURIComponent(value)));
    }
  }
  if (patterns.includes('/centros')) paths.push('/centros?categoria=agua');
  return paths.map((path) => ({
    path,
    twin: twinOf(path),
    developers: DEVELOPER_PAGES.includes(path.split('?')[0] as string),
  }));
}

/**
 * The environment variable names the service reads, from the source of src/config.ts (it reads them in many places,
 * not from one list): `env.NAME`, `env['NAME']` and the names it passes as strings (`int(env, 'PORT', …)`).
 */
export function configNames(): string[] {
  const source = readFileSync(new URL('../../src/config.ts', import.meta.url), 'utf8');
  const names = new Set<string>();
  for (const m of source.matchAll(/\benv\.([A-Z][A-Z0-9_]+)\b/g)) names.add(m[1] as string);
  for (const m of source.matchAll(/['"`]([A-Z][A-Z0-9]*_[A-Z0-9_]+|PORT|HOST)['"`]/g)) names.add(m[1] as string);
  return [...names].sort();
}

/** Words of configuration and of the API that citizens' text never shows. */
export const API_WORDS = ['/api/', 'editToken', 'sort=', 'latitude', 'radiusKm', 'emergencySlug'];

/** Each configuration or API word found in a text, with a few characters around it to find it by. */
export function technicalWords(text: string, names: readonly string[] = configNames()): string[] {
  const found: string[] = [];
  const around = (at: number, length: number) =>
    text
      .slice(Math.max(0, at - 30), at + length + 30)
      .replace(/\s+/g, ' ')
      .trim();
  for (const word of API_WORDS) {
    const at = text.indexOf(word);
    if (at >= 0) found.push(`${word}: «${around(at, word.length)}»`);
  }
  for (const name of names) {
    const m = new RegExp(`(?<![\\p{L}\\p{N}_])${name}(?![\\p{L}\\p{N}_])`, 'u').exec(text);
    if (m) found.push(`${name}: «${around(m.index, name.length)}»`);
  }
  return found;
}

/** A twin's text as people read it: without its code (blocks and spans) and without link addresses. */
export function twinProse(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '')
    .replace(/\]\([^)\s]*\)/g, ']')
    .replace(/<https?:\/\/[^>\s]+>/g, '');
}
