// The records of an HXL export: the ids the search index selects with the list's own filters (so an export holds
// exactly the records a list counts), then the published rows read by id a page at a time and presented as the API
// presents them, so nothing the API does not publish can leave, and memory stays the same for any number of records.
import type { Context } from '../context.ts';
import { presentPublicHelp } from '../presenters/public-help.ts';
import { findPublicByIds } from '../repositories/help-records/public.ts';
import type { ExportQuery } from '../schemas/help-query.ts';
import type { PublicHelp } from '../schemas/public-help.ts';
import { emergencyScope } from './emergency-scope.ts';
import { indexFilters } from './list-help.ts';

/** Records read per database query. */
export const EXPORT_PAGE = 500;

/**
 * The records, oldest first, a page at a time; one unpublished since the export began is left out. Fails
 * (unknown_emergency) before the first page, so a bad request is answered before the export starts.
 */
export async function exportHelp(ctx: Context, query: ExportQuery): Promise<AsyncGenerator<PublicHelp[]>> {
  const scope = await emergencyScope(ctx.db, query.emergencySlug);
  const ids = await ctx.search.ids(indexFilters(scope, query));
  return pagesOf(ctx, ids);
}

async function* pagesOf(ctx: Context, ids: string[]): AsyncGenerator<PublicHelp[]> {
  const baseUrl = ctx.config.baseUrl;
  for (let start = 0; start < ids.length; start += EXPORT_PAGE) {
    const page = ids.slice(start, start + EXPORT_PAGE);
    const rows = new Map((await findPublicByIds(ctx.db, page)).map((row) => [row.id, row]));
    yield page.flatMap((id) => {
      const row = rows.get(id);
      // The timeline and the routes are no column of the export: they are not read.
      return row ? [presentPublicHelp(row, { baseUrl, timeline: [], availableRoutes: 0 })] : [];
    });
  }
}
