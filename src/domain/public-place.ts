// A request's public place: its point snapped to the centre of a grid cell of about 300 m, so a home is never
// pinned, unless the submitter asked to show the exact place. Offers and centres always show their point.

/** Cell size in degrees: 0.0027° of latitude is 300 m; near the equator a degree of longitude is about as long. */
export const PUBLIC_GRID_DEGREES = 0.0027;

export type Precision = 'exact' | 'approximate' | 'municipality';

/** The centre of the grid cell holding the value: the same point always gives the same public point. */
export function snapToGrid(value: number, step = PUBLIC_GRID_DEGREES): number {
  const cell = Math.floor(value / step);
  return Math.round((cell * step + step / 2) * 1e6) / 1e6;
}

export interface PlaceRow {
  type: 'request' | 'offer';
  latitude: number | null;
  longitude: number | null;
  exact_location: number;
}

export interface PublicPoint {
  latitude: number | null;
  longitude: number | null;
  precision: Precision;
}

export function isApproximate(row: Pick<PlaceRow, 'type' | 'exact_location'>): boolean {
  return row.type === 'request' && row.exact_location !== 1;
}

export function publicPoint(row: PlaceRow): PublicPoint {
  if (row.latitude === null || row.longitude === null) {
    return { latitude: null, longitude: null, precision: isApproximate(row) ? 'approximate' : 'exact' };
  }
  if (!isApproximate(row)) return { latitude: row.latitude, longitude: row.longitude, precision: 'exact' };
  return { latitude: snapToGrid(row.latitude), longitude: snapToGrid(row.longitude), precision: 'approximate' };
}
