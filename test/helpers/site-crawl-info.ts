// Public outputs of the website's info for the privacy crawl (test/helpers/public-surface.ts).
import type { Harness } from './harness.ts';
import type { PublicOutput } from './public-surface.ts';

export async function crawlSiteInfo(_h: Harness, _slugs: string[], _ids: string[]): Promise<PublicOutput[]> {
  return [];
}
