// Every public output the service has, fetched as an anonymous client would, for privacy canary searches.
import { categories } from '../../src/domain/categories.ts';
import { type Harness, HELP } from './harness.ts';

const INVENTORY = '/api/public/v1/inventario';
const PLACES = '/api/aid-places/places';

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
      await get(`/api/logistics-operations?emergencia=${slug}`);
      await get(`${INVENTORY}?emergencia=${slug}`);
      for (const category of categories) await get(`${INVENTORY}?emergencia=${slug}&categoria=${category}`);
      await get(`${PLACES}?emergencia=${slug}`);
    } else {
      await get(INVENTORY);
      await get(PLACES);
    }
    for (const filter of [
      'status=all',
      'type=request&status=all',
      'type=offer&status=all',
      'logistics=true',
      'priority=urgent&status=all',
    ]) {
      const res = await get(`${HELP}?view=list&limit=100&${filter}${scope}`);
      for (const item of JSON.parse(res.body).items ?? []) ids.add(item.id);
    }
  }
  for (const id of ids) await get(`${HELP}?view=detail&id=${id}`);
  await get('/.well-known/aid-places');
  await get('/api/public/openapi.json');
  await get('/healthz');
  await get('/readyz');
  return outputs;
}

/** The outputs (url) in which any of the values appears. */
export function leaks(outputs: PublicOutput[], values: string[]): string[] {
  const found: string[] = [];
  for (const output of outputs) {
    for (const value of values) if (output.text.includes(value)) found.push(`${value} in ${output.url}`);
  }
  return found;
}
