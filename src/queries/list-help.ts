// HelpList (SPEC 2.7): approved records only, filtered, best priority first.
import type { Context } from '../context.ts';
import { bounds } from '../domain/bounds.ts';
import { searchPublic } from '../repositories/help-records.ts';
import type { HelpQuery } from '../schemas/help-query.ts';
import type { HelpFilters, HelpList } from '../schemas/public-help.ts';
import { emergencyScope } from './emergency-scope.ts';
import { presentRows } from './present-rows.ts';

export async function listHelp(ctx: Context, query: HelpQuery): Promise<HelpList> {
  const scope = await emergencyScope(ctx.db, query.emergencySlug);
  const near =
    query.latitude !== undefined && query.longitude !== undefined
      ? { latitude: query.latitude, longitude: query.longitude, radiusKm: query.radiusKm ?? bounds.radiusKm.default }
      : undefined;
  const { total, rows } = await searchPublic(ctx.db, {
    emergencyIds: scope.map((e) => e.id),
    type: query.type,
    status: query.status,
    category: query.category,
    priority: query.priority,
    q: query.q,
    near,
    logistics: query.logistics,
    capacity: query.capacity,
    limit: query.limit,
  });
  const filters: HelpFilters = {
    emergencySlug: query.emergencySlug ?? null,
    type: query.logistics ? 'request' : query.type,
    status: query.logistics ? 'active' : query.status,
    category: query.category ?? null,
    priority: query.priority,
    q: query.q ?? null,
    latitude: near?.latitude ?? null,
    longitude: near?.longitude ?? null,
    radiusKm: near?.radiusKm ?? null,
    logistics: query.logistics,
    capacity: query.capacity ?? null,
    limit: query.limit,
  };
  const items = await presentRows(ctx, rows);
  return { generatedAt: ctx.now().toISOString(), total, returned: items.length, filters, items };
}
