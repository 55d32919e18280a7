// Aggregate rows -> Panorama counts, quantities and routes (SPEC 2.8).
import { categories, categoryLabel } from '../domain/categories.ts';
import { roundQuantity } from '../domain/coverage.ts';
import { logisticsStatuses } from '../domain/statuses.ts';
import type { CategoryCountRow, QuantityRow, StatusCountRow } from '../repositories/help-records/panorama.ts';
import type { PanoramaCounts, PanoramaQuantities, PanoramaRoutes } from '../schemas/public-help.ts';

const emptyStatus = () => ({ active: 0, in_process: 0, completed: 0, total: 0 });

export function presentCounts(statusRows: StatusCountRow[], categoryRows: CategoryCountRow[]): PanoramaCounts {
  const counts: PanoramaCounts = {
    requests: emptyStatus(),
    offers: emptyStatus(),
    urgentRequests: 0,
    collectionCenters: 0,
    byCategory: [],
  };
  for (const row of statusRows) {
    const bucket = row.type === 'request' ? counts.requests : counts.offers;
    bucket[row.status as 'active' | 'in_process' | 'completed'] += row.n;
    bucket.total += row.n;
    if (row.type === 'request' && row.status === 'active' && row.urgency === 'urgent') counts.urgentRequests += row.n;
    if (row.type === 'offer' && row.centre === 1 && row.status !== 'completed') counts.collectionCenters += row.n;
  }
  const byCategory = new Map<string, { requests: number; offers: number }>();
  for (const row of categoryRows) {
    const entry = byCategory.get(row.category) ?? { requests: 0, offers: 0 };
    if (row.type === 'request') entry.requests += row.n;
    else entry.offers += row.n;
    byCategory.set(row.category, entry);
  }
  counts.byCategory = categories
    .filter((category) => byCategory.has(category))
    .map((category) => ({
      category,
      label: categoryLabel(category),
      ...(byCategory.get(category) as { requests: number; offers: number }),
    }));
  return counts;
}

export function presentQuantities(rows: QuantityRow[]): PanoramaQuantities {
  const merged = new Map<string, QuantityRow>();
  for (const row of rows) {
    const key = `${row.category}\u0000${row.unit}`;
    const entry = merged.get(key);
    if (entry) {
      entry.required += row.required;
      entry.covered += row.covered;
      entry.pending += row.pending;
      entry.n += row.n;
    } else merged.set(key, { ...row });
  }
  const order = (category: string) => categories.indexOf(category as (typeof categories)[number]);
  return {
    byCategory: [...merged.values()]
      .sort((a, b) => order(a.category) - order(b.category) || b.pending - a.pending)
      .map((row) => ({
        category: row.category as (typeof categories)[number],
        label: categoryLabel(row.category),
        unit: row.unit,
        required: roundQuantity(row.required),
        covered: roundQuantity(row.covered),
        pending: roundQuantity(row.pending),
        requests: row.n,
      })),
  };
}

export function presentRoutes(byStatus: Map<string, number> | undefined): PanoramaRoutes {
  const routes = { available: 0, assigned: 0, in_transit: 0, delivered: 0, cancelled: 0, total: 0 };
  for (const status of logisticsStatuses) {
    const n = byStatus?.get(status) ?? 0;
    routes[status] = n;
    routes.total += n;
  }
  return routes;
}

export function sumRoutes(list: PanoramaRoutes[]): PanoramaRoutes {
  const total = presentRoutes(undefined);
  for (const routes of list)
    for (const key of Object.keys(total) as (keyof PanoramaRoutes)[]) total[key] += routes[key];
  return total;
}
