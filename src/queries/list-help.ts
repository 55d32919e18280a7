// HelpList (SPEC 2.7): approved records only, filtered, best priority first.
import type { Context } from '../context.ts';
import { bounds } from '../domain/bounds.ts';
import { municipalityByCode, municipalityLabel } from '../domain/municipalities.ts';
import { JsonText } from '../presenters/json-text.ts';
import { findPublicByIds } from '../repositories/help-records/public.ts';
import { decodeCursor, encodeCursor, type HelpQuery, type MapPointsQuery } from '../schemas/help-query.ts';
import type { HelpFilters, HelpList, PublicHelp } from '../schemas/public-help.ts';
import type { IndexFilters, IndexHit } from '../search/search-index.ts';
import { emergencyScope } from './emergency-scope.ts';
import { presentRows } from './present-rows.ts';
import { type PresentedJson, presentedJson, withDistance } from './presented-items.ts';

/** The search point and radius of a query, when it gives coordinates. */
export function nearOf(query: Pick<HelpQuery, 'latitude' | 'longitude' | 'radiusKm'>) {
  return query.latitude !== undefined && query.longitude !== undefined
    ? { latitude: query.latitude, longitude: query.longitude, radiusKm: query.radiusKm ?? bounds.radiusKm.default }
    : undefined;
}

/** The filters of a list or a map in the index's terms: the same records for both. */
export function indexFilters(
  scope: readonly { id: string }[],
  query: Omit<MapPointsQuery, 'bbox' | 'emergencySlug'>,
): IndexFilters {
  return {
    emergencyIds: scope.map((e) => e.id),
    type: query.type,
    status: query.status,
    category: query.category,
    priority: query.priority,
    q: query.q,
    near: nearOf(query),
    logistics: query.logistics,
    capacity: query.capacity,
    municipalityCode: query.municipalityCode,
    commitment: query.commitment,
    confirmation: query.confirmation,
  };
}

/** HelpList without its items, and the items as JSON text, in order. */
async function listParts(ctx: Context, query: HelpQuery): Promise<{ list: Omit<HelpList, 'items'>; items: string[] }> {
  const scope = await emergencyScope(ctx.db, query.emergencySlug);
  const chosen = indexFilters(scope, query);
  const near = chosen.near;
  // The query's rules accept only a cursor that decodes, written for this sort.
  const after = query.cursor === undefined ? undefined : (decodeCursor(query.cursor) ?? undefined);
  const { total, hits, next } = await ctx.search.search({
    ...chosen,
    sort: query.sort,
    limit: query.limit,
    after,
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
    municipalityCode: query.municipalityCode ?? null,
    commitment: query.commitment,
    confirmation: query.confirmation,
  };
  const items = await presentHits(ctx, hits, new Map(scope.map((e) => [e.id, e.status])));
  const nextCursor = next ? encodeCursor({ ...next, order: next.distance === null ? 'priority' : 'distance' }) : null;
  return { list: { generatedAt: ctx.now().toISOString(), total, returned: items.length, filters, nextCursor }, items };
}

export async function listHelp(ctx: Context, query: HelpQuery): Promise<HelpList> {
  const { list, items } = await listParts(ctx, query);
  const { generatedAt, total, returned, filters, nextCursor } = list;
  return {
    generatedAt,
    total,
    returned,
    filters,
    items: items.map((item) => JSON.parse(item) as PublicHelp),
    nextCursor,
  };
}

/** The list as the API sends it: byte for byte JSON.stringify(listHelp(...)), without parsing or serialising items. */
export async function listHelpJson(ctx: Context, query: HelpQuery): Promise<JsonText> {
  const { list, items } = await listParts(ctx, query);
  const { generatedAt, total, returned, filters, nextCursor } = list;
  // The same keys in the same order as the object listHelp returns; the items' texts go in between as they are.
  const head = JSON.stringify({ generatedAt, total, returned, filters }).slice(0, -1);
  return new JsonText(`${head},"items":[${items.join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}`);
}

/** The municipalities where an emergency has published records, by name: the choices of a filter. */
export async function helpMunicipalities(ctx: Context, emergencyId: string): Promise<{ code: string; name: string }[]> {
  const counts = await ctx.search.municipalities([emergencyId]);
  return [...counts.keys()]
    .flatMap((code) => {
      const municipality = municipalityByCode(code);
      return municipality ? [{ code, name: municipalityLabel(municipality) }] : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'es'));
}

/** The index picks and orders; records not presented before are read from the database in one go. */
async function presentHits(ctx: Context, hits: IndexHit[], emergencyStatus: Map<string, string>): Promise<string[]> {
  const cache = ctx.presented;
  const statusOf = (hit: IndexHit) => emergencyStatus.get(hit.emergencyId) ?? '';
  const cached = hits.map((hit) => cache.get(hit.id, hit.changeSeq, statusOf(hit)));
  const missing = hits.filter((_, i) => cached[i] === undefined);
  const fresh = new Map<string, PresentedJson>();
  if (missing.length > 0) {
    const rows = await findPublicByIds(
      ctx.db,
      missing.map((hit) => hit.id),
    );
    for (const item of await presentRows(ctx, rows)) fresh.set(item.id, presentedJson(item));
  }
  return hits.flatMap((hit, i) => {
    let item = cached[i];
    if (!item) {
      item = fresh.get(hit.id);
      if (!item) return []; // unpublished since the index saw it
      cache.set(hit.id, hit.changeSeq, statusOf(hit), item);
    }
    return [withDistance(item, hit.distanceKm)];
  });
}
