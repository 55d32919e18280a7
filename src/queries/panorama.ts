// Panorama (SPEC 2.8): each active emergency (or the one named) with counts, quantities, routes, urgent needs.
import type { Context } from '../context.ts';
import { emergencyFields } from '../presenters/emergency.ts';
import { presentCounts, presentQuantities, presentRoutes, sumRoutes } from '../presenters/panorama.ts';
import { urls } from '../presenters/urls.ts';
import type { EmergencyRow } from '../repositories/emergencies.ts';
import { urgentNeedsByIds } from '../repositories/help-records/panorama.ts';
import { routeCountsByStatus } from '../repositories/logistics.ts';
import type { Panorama } from '../schemas/public-help.ts';
import { emergencyScope } from './emergency-scope.ts';

const URGENT_NEEDS = 5;

export async function panorama(ctx: Context, emergencySlug?: string): Promise<Panorama> {
  return panoramaOf(ctx, await emergencyScope(ctx.db, emergencySlug));
}

/** One emergency already found, as its page shows it. */
export async function emergencyPanorama(
  ctx: Context,
  emergency: EmergencyRow,
): Promise<Panorama['emergencies'][number] | undefined> {
  return (await panoramaOf(ctx, [emergency])).emergencies[0];
}

async function panoramaOf(ctx: Context, scope: EmergencyRow[]): Promise<Panorama> {
  const ids = scope.map((e) => e.id);
  const base = ctx.config.baseUrl;
  // Counts and quantities come from the in-memory index (kept in step with the change feed, like every list), so a
  // cache miss costs one pass over the records instead of four GROUP BY scans of the table.
  const aggregates = await ctx.search.aggregates(ids, URGENT_NEEDS);
  const urgentIds = [...aggregates.urgent.values()].flat();
  const [routeRows, urgentRows] = await Promise.all([
    routeCountsByStatus(ctx.db, ids),
    urgentNeedsByIds(ctx.db, urgentIds),
  ]);
  const urgentById = new Map(urgentRows.map((row) => [row.id, row]));
  const { status: statusRows, categories: categoryRows, quantities: quantityRows } = aggregates;
  const urgent = scope.map((e) =>
    (aggregates.urgent.get(e.id) ?? []).flatMap((id) => {
      const row = urgentById.get(id);
      return row ? [row] : [];
    }),
  );
  const emergencies = scope.map((e, index) => ({
    ...emergencyFields(e),
    counts: presentCounts(
      statusRows.filter((row) => row.emergency_id === e.id),
      categoryRows.filter((row) => row.emergency_id === e.id),
    ),
    quantities: presentQuantities(quantityRows.filter((row) => row.emergency_id === e.id)),
    routes: presentRoutes(routeRows.get(e.id)),
    urgentNeeds: (urgent[index] ?? []).map((row) => ({
      id: row.id,
      title: row.title,
      category: row.category as Panorama['emergencies'][number]['urgentNeeds'][number]['category'],
      priorityScore: row.priority_score,
      publicUrl: urls.help(base, row.id),
    })),
    links: { list: urls.api(base, { view: 'list', emergencySlug: e.slug }), page: urls.emergencyPage(base, e.slug) },
  }));
  return {
    generatedAt: ctx.now().toISOString(),
    emergencies,
    counts: presentCounts(statusRows, categoryRows),
    quantities: presentQuantities(quantityRows),
    routes: sumRoutes(emergencies.map((e) => e.routes)),
  };
}
