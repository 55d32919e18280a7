// A record's public place: its point snapped to the centre of a grid cell of about 300 m, so a home is never pinned,
// unless the submitter asked to show the exact place. Requests and a person's offers alike; a collection centre is
// a public place and always shows its point. A record placed only by its municipality shows the municipality's point.
import { bounds } from './bounds.ts';
import { choosableMunicipality } from './municipalities.ts';

/** Cell size in degrees: 0.0027° of latitude is 300 m; near the equator a degree of longitude is about as long. */
export const PUBLIC_GRID_DEGREES = 0.0027;

/** `municipality` is reserved for places known only by their municipality. */
export const precisions = ['exact', 'approximate', 'municipality'] as const;
export type Precision = (typeof precisions)[number];

/**
 * The centre of the grid cell holding the value: the same point always gives the same public point, and a
 * public point snaps to itself (the centre lies half a cell away from both edges, far beyond the rounding).
 */
export function snapToGrid(value: number, step = PUBLIC_GRID_DEGREES): number {
  const cell = Math.floor(value / step);
  return Math.round((cell * step + step / 2) * 1e6) / 1e6;
}

export interface PlaceRow {
  type: 'request' | 'offer';
  latitude: number | null;
  longitude: number | null;
  exact_location: number;
  /** Set on an offer that is a collection centre: a public place, shown where it is. */
  collection_center_status: string | null;
  /** Stands in for the point when there is none (the submitter named only the municipality). */
  municipality_code?: string | null;
}

export interface PublicPoint {
  latitude: number | null;
  longitude: number | null;
  precision: Precision;
}

/** Approximate unless the submitter asked to show the exact place, or the offer is a collection centre. */
export function isApproximate(row: Pick<PlaceRow, 'type' | 'exact_location' | 'collection_center_status'>): boolean {
  const centre = row.type === 'offer' && row.collection_center_status !== null;
  return row.exact_location !== 1 && !centre;
}

export function publicPoint(row: PlaceRow): PublicPoint {
  if (row.latitude === null || row.longitude === null) {
    // A municipality's point is public knowledge: it pins no home, so it is shown as it is.
    const municipality = choosableMunicipality(row.municipality_code);
    if (municipality) {
      return { latitude: municipality.latitude, longitude: municipality.longitude, precision: 'municipality' };
    }
    // No place at all: nothing exact is claimed where nothing is shown.
    return { latitude: null, longitude: null, precision: 'approximate' };
  }
  if (!isApproximate(row)) return { latitude: row.latitude, longitude: row.longitude, precision: 'exact' };
  return {
    latitude: within(snapToGrid(row.latitude), bounds.latitude),
    longitude: within(snapToGrid(row.longitude), bounds.longitude),
    precision: 'approximate',
  };
}

/** A cell at the edge of the accepted area may centre outside it: the public point stays a valid search point. */
function within(value: number, range: { min: number; max: number }): number {
  return Math.min(range.max, Math.max(range.min, value));
}

/** An approximate place in words: neighbourhood and municipality, never the street ("San Miguel, Mocoa, Putumayo"). */
export function areaText(neighborhood: string | null, municipality: string | null): string | null {
  const parts = [neighborhood, municipality].filter((part): part is string => !!part);
  return parts.length > 0 ? parts.join(', ') : null;
}
