// Public outputs of the website's forms for the privacy crawl (test/helpers/public-surface.ts): both forms and
// their twins in each language and for each emergency, and the receipt of every given record with its twin.
import type { Harness } from './harness.ts';
import type { PublicOutput } from './public-surface.ts';

export async function crawlSiteForms(h: Harness, slugs: string[], ids: string[]): Promise<PublicOutput[]> {
  const outputs: PublicOutput[] = [];
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await h.app.inject({ method: 'GET', url, headers });
    outputs.push({ url, text: `${JSON.stringify(res.headers)}\n${res.body}` });
  };
  for (const path of ['/necesito-ayuda', '/quiero-ayudar']) {
    for (const query of ['', '?lang=en', ...slugs.map((slug) => `?emergencia=${slug}`)]) {
      await get(`${path}${query}`);
      await get(`${path}.md${query}`);
    }
    await get(path, { accept: 'text/markdown' });
  }
  for (const id of ids) {
    for (const suffix of ['', '.md', '?lang=en']) await get(`/recibido/${id}${suffix}`);
  }
  return outputs;
}
