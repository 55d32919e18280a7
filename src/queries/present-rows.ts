// Loads what PublicHelp needs beyond the row (timeline, routes) in two queries for any number of rows.
import type { Context } from '../context.ts';
import { presentPublicHelp } from '../presenters/public-help.ts';
import type { PublicHelpRow } from '../repositories/help-records/public.ts';
import { availableRoutesByDestination } from '../repositories/logistics.ts';
import { publicTimelines } from '../repositories/timeline.ts';
import type { PublicHelp } from '../schemas/public-help.ts';

/** distances: km from the search point, by record id, when the read was filtered by place. */
export async function presentRows(
  ctx: Context,
  rows: PublicHelpRow[],
  distances?: Map<string, number | null>,
): Promise<PublicHelp[]> {
  const ids = rows.map((row) => row.id);
  const [timelines, routes] = await Promise.all([
    publicTimelines(ctx.db, ids),
    availableRoutesByDestination(ctx.db, ids),
  ]);
  return rows.map((row) =>
    presentPublicHelp(row, {
      baseUrl: ctx.config.baseUrl,
      timeline: timelines.get(row.id) ?? [],
      availableRoutes: routes.get(row.id) ?? 0,
      distanceKm: distances?.get(row.id) ?? null,
    }),
  );
}
