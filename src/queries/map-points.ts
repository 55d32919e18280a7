// MapPoints: every published record's public point that passes the list's filters inside a map's visible area;
// past a few thousand, nearby points are counted per grid cell so the answer and the map stay light.
import type { Context } from '../context.ts';
import { categories } from '../domain/categories.ts';
import { precisions } from '../domain/public-place.ts';
import { helpTypes, urgencies } from '../domain/statuses.ts';
import { type MapPointsQuery, parseBbox } from '../schemas/help-query.ts';
import type { MapPoints } from '../schemas/public-help.ts';
import type { IndexPoint } from '../search/search-index.ts';
import { emergencyScope } from './emergency-scope.ts';
import { indexFilters } from './list-help.ts';

/** Up to this many points travel one by one; a phone draws them without trouble. */
export const MAP_POINTS_MAX = 3000;
/** Past MAP_POINTS_MAX, the area is cut into this many cells across its longer side. */
const GRID_CELLS = 64;

type MapPoint = MapPoints['points'][number];
type MapCluster = MapPoints['clusters'][number];

/** The entry of `list` equal to `value`: the index keeps strings, the answer names their closed sets. */
function oneOf<T extends string>(list: readonly T[], value: string): T | undefined {
  return list.find((entry) => entry === value);
}

function mapPoint(point: IndexPoint): MapPoint | null {
  const precision = oneOf(precisions, point.precision);
  const type = oneOf(helpTypes, point.type);
  const category = oneOf(categories, point.category);
  const urgency = oneOf(urgencies, point.urgency);
  if (!precision || !type || !category || !urgency) return null;
  return { id: point.id, latitude: point.latitude, longitude: point.longitude, precision, type, category, urgency };
}

/** Rounded like the public points (six decimals, about 10 cm): an average has no more meaning. */
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * Points grouped per square cell of the area: a cell holding one point gives that point, a cell holding more
 * gives their count and average position.
 */
export function clusterPoints(
  points: IndexPoint[],
  area: { minLon: number; minLat: number; maxLon: number; maxLat: number },
): { points: IndexPoint[]; clusters: MapCluster[] } {
  const side = Math.max(area.maxLon - area.minLon, area.maxLat - area.minLat) / GRID_CELLS || 1e-6;
  const cells = new Map<string, { first: IndexPoint; count: number; lat: number; lon: number }>();
  for (const point of points) {
    const key = `${Math.floor((point.longitude - area.minLon) / side)}:${Math.floor((point.latitude - area.minLat) / side)}`;
    const cell = cells.get(key);
    if (cell) {
      cell.count++;
      cell.lat += point.latitude;
      cell.lon += point.longitude;
    } else cells.set(key, { first: point, count: 1, lat: point.latitude, lon: point.longitude });
  }
  const singles: IndexPoint[] = [];
  const clusters: MapCluster[] = [];
  for (const cell of cells.values()) {
    if (cell.count === 1) singles.push(cell.first);
    else
      clusters.push({
        latitude: round6(cell.lat / cell.count),
        longitude: round6(cell.lon / cell.count),
        count: cell.count,
      });
  }
  return { points: singles, clusters };
}

/** The smallest box holding every point. */
function extent(points: IndexPoint[]) {
  let minLon = Number.POSITIVE_INFINITY;
  let minLat = Number.POSITIVE_INFINITY;
  let maxLon = Number.NEGATIVE_INFINITY;
  let maxLat = Number.NEGATIVE_INFINITY;
  for (const p of points) {
    minLon = Math.min(minLon, p.longitude);
    maxLon = Math.max(maxLon, p.longitude);
    minLat = Math.min(minLat, p.latitude);
    maxLat = Math.max(maxLat, p.latitude);
  }
  return { minLon, minLat, maxLon, maxLat };
}

/** `max`: how many points travel one by one before they are grouped (lower only in tests). */
export async function mapPoints(ctx: Context, query: MapPointsQuery, max = MAP_POINTS_MAX): Promise<MapPoints> {
  const scope = await emergencyScope(ctx.db, query.emergencySlug);
  // The query's rules accept only a bbox that parses.
  const box = query.bbox === undefined ? null : parseBbox(query.bbox);
  const found = await ctx.search.points({ ...indexFilters(scope, query), ...(box ? { bbox: box } : {}) });
  const generatedAt = ctx.now().toISOString();
  const present = (list: IndexPoint[]) => list.flatMap((p) => mapPoint(p) ?? []);
  if (found.length <= max) {
    return { generatedAt, total: found.length, clustered: false, points: present(found), clusters: [] };
  }
  const grouped = clusterPoints(found, box ?? extent(found));
  return {
    generatedAt,
    total: found.length,
    clustered: true,
    points: present(grouped.points),
    clusters: grouped.clusters,
  };
}
