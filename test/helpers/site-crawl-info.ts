// Public outputs of the website's pages without a parameter (centres, routes, developers, the API reference, the
// doors for codes, open data…) and /llms.txt, for the privacy crawl (test/helpers/public-surface.ts): every page and
// its twin, per emergency and per category.
import { categories } from '../../src/domain/categories.ts';
import { sitePagePatterns } from '../../src/http/routes/site/site-page.ts';
import type { Harness } from './harness.ts';
import type { PublicOutput } from './public-surface.ts';

/** Each page in Spanish, in English and as its twin (both by path.md and by Accept: text/markdown). */
function variants(path: string, query = ''): { url: string; headers?: Record<string, string> }[] {
  const q = query ? `?${query}` : '';
  const en = query ? `?${query}&lang=en` : '?lang=en';
  return [
    { url: `${path}${q}` },
    { url: `${path}${en}` },
    { url: `${path}.md${q}` },
    { url: `${path}${q}`, headers: { accept: 'text/markdown' } },
  ];
}

export async function crawlSiteInfo(h: Harness, slugs: string[], _ids: string[]): Promise<PublicOutput[]> {
  // Every page the site registers without a parameter (a new page is crawled without being listed here); the home
  // page and the pages of one record are crawled by site-crawl-pages.ts.
  const pages = sitePagePatterns().filter((pattern) => pattern !== '/' && !pattern.includes(':'));
  const requests = [...pages.flatMap((page) => variants(page)), { url: '/llms.txt' }];
  for (const slug of slugs) {
    requests.push(...variants('/centros', `emergencia=${slug}`), ...variants('/rutas', `emergencia=${slug}`));
    for (const category of categories) {
      requests.push({ url: `/centros?emergencia=${slug}&categoria=${category}` });
      requests.push({ url: `/centros.md?emergencia=${slug}&categoria=${category}` });
    }
  }
  const outputs: PublicOutput[] = [];
  for (const { url, headers } of requests) {
    const res = await h.app.inject({ method: 'GET', url, headers });
    if (res.statusCode >= 500) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 500)}`);
    const label = headers?.accept ? `${url} (Accept: ${headers.accept})` : url;
    outputs.push({ url: label, text: `${JSON.stringify(res.headers)}\n${res.body}` });
  }
  return outputs;
}
