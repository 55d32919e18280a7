// Panorama (SPEC 2.8): each active emergency (or the one named) with counts, quantities, routes, urgent needs.
import type { Context } from '../context.ts';
import { emergencyFields } from '../presenters/emergency.ts';
import { presentCounts, presentQuantities, presentRoutes, sumRoutes } from '../presenters/panorama.ts';
import { urls } from '../presenters/urls.ts';
import type { EmergencyRow } from '../repositories/emergencies.ts';
import { categoryCounts, quantityTotals, statusCounts, topUrgentNeeds } from '../repositories/help-records/panorama.ts';
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
  const [statusRows, categoryRows, quantityRows, routeRows, urgent] = await Promise.all([
    ids.length ? statusCounts(ctx.db, ids) : [],
    ids.length ? categoryCounts(ctx.db, ids) : [],
    ids.length ? quantityTotals(ctx.db, ids) : [],
    routeCountsByStatus(ctx.db, ids),
    Promise.all(scope.map((e) => topUrgentNeeds(ctx.db, e.id, URGENT_NEEDS))),
  ]);
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
