// Document slots by public point on a grid of 0.01° cells (about 1.1 km in Colombia): a radius or a map's box
// reads only the cells it overlaps instead of every record.
import type { BoundingBox } from '../domain/distance.ts';
import { SlotList } from './slot-list.ts';

const CELL_DEGREES = 0.01;
/** Beyond this many cells a box is most of the map: reading every record is as quick. */
const MAX_CELLS = 4096;
const LAT_CELLS = Math.ceil(180 / CELL_DEGREES) + 2;
const LON_OFFSET = Math.ceil(180 / CELL_DEGREES) + 1;
const LAT_OFFSET = Math.ceil(90 / CELL_DEGREES) + 1;

const cellOf = (degrees: number) => Math.floor(degrees / CELL_DEGREES);
const keyOf = (latCell: number, lonCell: number) => (lonCell + LON_OFFSET) * LAT_CELLS + latCell + LAT_OFFSET;

/** The cells a box overlaps, as ranges; null when they are more than MAX_CELLS (the box is read another way). */
function cellRange(box: BoundingBox): { fromLat: number; toLat: number; fromLon: number; toLon: number } | null {
  const fromLat = cellOf(box.minLat);
  const toLat = cellOf(box.maxLat);
  const fromLon = cellOf(box.minLon);
  const toLon = cellOf(box.maxLon);
  return (toLat - fromLat + 1) * (toLon - fromLon + 1) > MAX_CELLS ? null : { fromLat, toLat, fromLon, toLon };
}

export class PlaceGrid {
  readonly #cells = new Map<number, SlotList>();

  add(slot: number, latitude: number, longitude: number): void {
    if (Number.isNaN(latitude) || Number.isNaN(longitude)) return;
    const key = keyOf(cellOf(latitude), cellOf(longitude));
    const cell = this.#cells.get(key);
    if (cell) cell.push(slot);
    else {
      const created = new SlotList();
      created.push(slot);
      this.#cells.set(key, created);
    }
  }

  renumber(renumbered: Int32Array): void {
    for (const [key, cell] of this.#cells) if (cell.renumber(renumbered) === 0) this.#cells.delete(key);
  }

  /** How many slots the cells overlapping the box hold; Infinity when the box spans too many cells to visit. */
  count(box: BoundingBox): number {
    let count = 0;
    const found = this.#visit(box, (cell) => {
      count += cell.length;
    });
    return found ? count : Number.POSITIVE_INFINITY;
  }

  /** The slots (live or not: the caller checks) of every cell the box overlaps: a superset of those inside it. */
  within(box: BoundingBox): SlotList {
    const found = new SlotList(256);
    this.#visit(box, (cell) => {
      const items = cell.items;
      for (let i = 0; i < cell.length; i++) found.push(items[i] as number);
    });
    return found;
  }

  /** Whether the point lies in a cell that within(box) reads (false when the box spans too many cells). */
  covers(box: BoundingBox, latitude: number, longitude: number): boolean {
    const cells = cellRange(box);
    if (!cells) return false;
    const lat = cellOf(latitude);
    const lon = cellOf(longitude);
    return lat >= cells.fromLat && lat <= cells.toLat && lon >= cells.fromLon && lon <= cells.toLon;
  }

  /** Calls `visit` for every non-empty cell the box overlaps; false (and no call) when there are too many cells. */
  #visit(box: BoundingBox, visit: (cell: SlotList) => void): boolean {
    const cells = cellRange(box);
    if (!cells) return false;
    for (let lon = cells.fromLon; lon <= cells.toLon; lon++) {
      for (let lat = cells.fromLat; lat <= cells.toLat; lat++) {
        const cell = this.#cells.get(keyOf(lat, lon));
        if (cell) visit(cell);
      }
    }
    return true;
  }
}
