// Public outputs of the website's pages for the privacy crawl (test/helpers/public-surface.ts).
import type { Harness } from './harness.ts';
import type { PublicOutput } from './public-surface.ts';

/** Filters that between them show every published record of an emergency, in both languages. */
const FILTERS = ['', 'status=all', 'status=all&type=request', 'status=all&type=offer', 'status=all&priority=urgent'];

/** Home, each emergency page (with and without filters) and each record page, with their Markdown twins. */
export async function crawlSitePages(h: Harness, slugs: string[], ids: string[]): Promise<PublicOutput[]> {
  const paths = ['/', '/index.md', '/?lang=en', '/index.md?lang=en'];
  for (const slug of slugs) {
    for (const filter of FILTERS) {
      const query = filter ? `?${filter}` : '';
      paths.push(`/emergencias/${slug}${query}`, `/emergencias/${slug}.md${query}`);
    }
    paths.push(`/emergencias/${slug}?status=all&limit=100&lang=en`);
  }
  for (const id of ids) paths.push(`/ayudas/${id}`, `/ayudas/${id}.md`, `/ayudas/${id}?lang=en`);
  const outputs: PublicOutput[] = [];
  for (const url of paths) {
    const res = await h.app.inject({ method: 'GET', url });
    outputs.push({ url, text: `${JSON.stringify(res.headers)}\n${res.body}` });
  }
  return outputs;
}
