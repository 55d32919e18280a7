// The public records' filter columns and search words in memory, so any combination of filters answers in
// well under a millisecond. It holds no contact data: only what filtering and ordering need. Each field is a
// typed array indexed by document slot (columns.ts), words map to slot lists (word-postings.ts) and points to
// grid cells (place-grid.ts): a search reads the smaller of its word matches or its cells, never every record.
import {
  type ConfirmationFilter,
  type ConfirmationState,
  confirmationStates,
  passesConfirmation,
} from '../domain/confirmation.ts';
import { type BoundingBox as Box, boundingBox, distanceKm, KM_PER_DEGREE } from '../domain/distance.ts';
import { nearestMunicipality } from '../domain/municipalities.ts';
import type { CategoryCountRow, QuantityRow, StatusCountRow } from '../repositories/help-records/panorama.ts';
import { type Columns, compactColumns, createColumns, Dictionary, grown } from './columns.ts';
import { byCreation } from './creation-order.ts';
import { PlaceGrid } from './place-grid.ts';
import { SlotList } from './slot-list.ts';
import { WordPostings } from './word-postings.ts';

export interface IndexedRecord {
  id: string;
  emergencyId: string;
  type: 'request' | 'offer';
  status: 'active' | 'in_process' | 'completed';
  category: string;
  urgency: string;
  /** The public point (domain/public-place.ts): radius and distance never see a request's exact home. */
  latitude: number | null;
  longitude: number | null;
  /** How precise the public point is: a map draws an approximate point apart from an exact one. */
  precision?: 'exact' | 'approximate' | 'municipality';
  /** DIVIPOLA code of the record's municipality. */
  municipalityCode?: string | null;
  priorityScore: number;
  createdAt: string;
  quantityRequired: number | null;
  quantityCovered: number;
  quantityPending: number | null;
  /** Open pledges' quantities (0 when none), and how many are open. */
  quantityCommitted?: number;
  pledgesOpen?: number;
  /** Needs stay current: expired records leave lists, maps and counts unless a filter asks for them. */
  confirmation?: ConfirmationState;
  /** The unit of the quantities; null when none was given. */
  unit?: string | null;
  /** True for an offer that is a collection centre. */
  centre?: boolean;
  /** Moves with every write to the record (see migrations/002-change-seq.ts). */
  changeSeq: number;
  /** Title, description, public place, category and public name: the words q searches. */
  text: string;
}

export interface IndexFilters {
  emergencyIds: string[];
  type: 'all' | 'request' | 'offer';
  /** open: active or in process (not completed); not offered by the public API's filters. */
  status: 'all' | 'active' | 'in_process' | 'completed' | 'open';
  category?: string;
  priority: 'all' | 'urgent' | 'deficit' | 'near_covered';
  q?: string;
  /**
   * Records within radiusKm of the point, and the records of the point's nearest municipality placed by that
   * municipality alone (their distance is unknown: UNKNOWN_DISTANCE, listed after every measured one).
   */
  near?: { latitude: number; longitude: number; radiusKm: number };
  logistics: boolean;
  capacity?: number;
  municipalityCode?: string;
  /** uncommitted: requests with something nobody pledged yet (domain/pledges.ts hasUncommitted). */
  commitment?: 'all' | 'uncommitted';
  /** Which confirmation states pass; undefined is not_expired. */
  confirmation?: ConfirmationFilter;
  /** Only public points inside this box (a map's visible area). */
  bbox?: BoundingBox;
}

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

/** The key of a record in the order it was listed by: the next page starts right after it. */
export interface IndexPosition {
  priorityScore: number;
  createdMs: number;
  id: string;
  /** Set in the nearest-first order only; UNKNOWN_DISTANCE for a record placed by its municipality alone. */
  distance: number | null;
}

export interface IndexQuery extends IndexFilters {
  /** distance: nearest to `near` first (without `near`, the priority order). */
  sort?: 'priority' | 'distance';
  limit: number;
  /** Only records after this position in the order (the next page of a list). */
  after?: IndexPosition;
}

export interface IndexHit {
  id: string;
  emergencyId: string;
  changeSeq: number;
  distanceKm: number | null;
}

export interface IndexResult {
  total: number;
  hits: IndexHit[];
  /** The last hit's position when more records follow it; null at the end. */
  next: IndexPosition | null;
}

/** The panorama's aggregates of some emergencies (see SearchIndex.aggregates). */
export interface PanoramaAggregates {
  status: StatusCountRow[];
  categories: CategoryCountRow[];
  quantities: QuantityRow[];
  /** Emergency id -> the ids of its most pressing active requests, first first. */
  urgent: Map<string, string[]>;
}

/** A record on a map: its public point and what its marker shows. */
export interface IndexPoint {
  id: string;
  latitude: number;
  longitude: number;
  precision: string;
  type: string;
  category: string;
  urgency: string;
}

const TYPES = ['request', 'offer'] as const;
const STATUSES = ['active', 'in_process', 'completed'] as const;
const TYPE_CODES = { request: 0, offer: 1 } as const;
const STATUS_CODES = { active: 0, in_process: 1, completed: 2 } as const;
/** The plan's status for "any but completed"; -1 is any status. */
const OPEN_STATUS = -2;
/** The confirmation states as bits (domain/confirmation.ts order), and the default filter: all but expired. */
const EXPIRED_NUMBER = confirmationStates.indexOf('expired');

function confirmationMask(filter: ConfirmationFilter | undefined): number {
  let mask = 0;
  confirmationStates.forEach((state, n) => {
    if (passesConfirmation(filter, state)) mask |= 1 << n;
  });
  return mask;
}
/** Urgencies in the panorama's group order; another value gets the next number. */
const KNOWN_URGENCIES = ['urgent', 'needed', 'stable'];
const KNOWN_PRECISIONS = ['exact', 'approximate', 'municipality'];
/** The precision number of a record placed by its municipality alone. */
const BY_MUNICIPALITY = KNOWN_PRECISIONS.indexOf('municipality');
/**
 * The distance of a record placed by its municipality alone, found by a search from within that municipality: its
 * place is the whole municipality, so nothing is measured (distanceKm null) and nearest first lists it after every
 * measured record. Infinity sorts after every number and equals itself, so the priority order settles ties.
 */
export const UNKNOWN_DISTANCE = Number.POSITIVE_INFINITY;
/** Room for category numbers in the panorama's integer group keys: categories are a fixed list, under 64. */
const CATEGORY_SPAN = 64;
/** type * 4 + status: two types, three statuses. */
const STATE_SPAN = 8;
/**
 * Within this radius a flat-earth distance is off by far less than FLAT_MARGIN: points clearly inside or outside the
 * circle are told apart by it, and only those near its edge take the exact great-circle distance.
 */
const FLAT_UP_TO_KM = 100;
const FLAT_MARGIN = 0.05;
/** Rebuild the word lists and cells once this share of document slots belongs to replaced or removed versions. */
const COMPACT_AT = 0.3;

/** A filter's values as the columns hold them: -1 for "any". */
interface Plan {
  allowed: Uint8Array;
  typeCode: number;
  statusCode: number;
  category: number;
  municipality: number;
  priority: IndexFilters['priority'];
  logistics: boolean;
  capacity: number;
  uncommitted: boolean;
  /** Bit n set: confirmation state number n passes. */
  confirmations: number;
  near: IndexFilters['near'];
  /** The municipality number of the search point's nearest municipality (-1 without a point or without records). */
  nearMunicipality: number;
  box: Box | null;
  view: Box | null;
  /** Candidate slots, or null for every slot. */
  candidates: SlotList | null;
  /** True when a filter names a value no record has: nothing can match. */
  none: boolean;
}

export class SearchIndex {
  #columns: Columns = createColumns(1024);
  /** Slot -> record id ('' for a free slot). */
  #ids: string[] = [];
  /** Slots in use, free ones included, up to the next compaction. */
  #slots = 0;
  #dead = 0;
  readonly #slotById = new Map<string, number>();
  #words = new WordPostings();
  #grid = new PlaceGrid();
  /** Category number -> its slots (live or not: a scan checks), so a category filter reads only its own records. */
  #byCategory: SlotList[] = [];
  readonly #emergencies = new Dictionary();
  readonly #categories = new Dictionary();
  readonly #urgencies = new Dictionary();
  readonly #precisions = new Dictionary();
  readonly #municipalities = new Dictionary();
  readonly #units = new Dictionary();
  /** Municipality number -> the slots (live or not: a scan checks) of the records placed by it alone. */
  #byMunicipality: SlotList[] = [];

  constructor() {
    for (const urgency of KNOWN_URGENCIES) this.#urgencies.number(urgency);
    for (const precision of KNOWN_PRECISIONS) this.#precisions.number(precision);
  }

  get size(): number {
    return this.#slotById.size;
  }

  upsert(record: IndexedRecord): void {
    this.remove(record.id);
    const slot = this.#slots++;
    if (slot >= this.#columns.emergency.length) this.#columns = grown(this.#columns);
    const c = this.#columns;
    c.emergency[slot] = this.#emergencies.number(record.emergencyId);
    c.state[slot] = TYPE_CODES[record.type] * 4 + STATUS_CODES[record.status];
    c.urgency[slot] = this.#urgencies.number(record.urgency);
    c.category[slot] = this.#categories.number(record.category);
    c.municipality[slot] = record.municipalityCode ? this.#municipalities.number(record.municipalityCode) : -1;
    c.precision[slot] = this.#precisions.number(record.precision ?? 'exact');
    c.centre[slot] = record.centre ? 1 : 0;
    c.unit[slot] = this.#units.number(record.unit ?? '');
    c.latitude[slot] = record.latitude ?? Number.NaN;
    c.longitude[slot] = record.longitude ?? Number.NaN;
    c.priority[slot] = +record.priorityScore;
    c.createdMs[slot] = Date.parse(record.createdAt);
    c.changeSeq[slot] = +record.changeSeq;
    c.required[slot] = record.quantityRequired ?? Number.NaN;
    c.covered[slot] = +record.quantityCovered;
    c.pending[slot] = record.quantityPending ?? Number.NaN;
    c.committed[slot] = record.quantityCommitted ?? 0;
    c.pledges[slot] = record.pledgesOpen ?? 0;
    c.confirmation[slot] = confirmationStates.indexOf(record.confirmation ?? 'current');
    this.#ids[slot] = record.id;
    this.#slotById.set(record.id, slot);
    this.#words.add(slot, record.text);
    this.#grid.add(slot, c.latitude[slot] as number, c.longitude[slot] as number);
    const category = c.category[slot] as number;
    let inCategory = this.#byCategory[category];
    if (inCategory === undefined) {
      inCategory = new SlotList();
      this.#byCategory[category] = inCategory;
    }
    inCategory.push(slot);
    const municipality = c.municipality[slot] as number;
    if (c.precision[slot] === BY_MUNICIPALITY && municipality >= 0) {
      let placed = this.#byMunicipality[municipality];
      if (placed === undefined) {
        placed = new SlotList();
        this.#byMunicipality[municipality] = placed;
      }
      placed.push(slot);
    }
  }

  remove(id: string): void {
    const slot = this.#slotById.get(id);
    if (slot === undefined) return;
    this.#slotById.delete(id);
    this.#columns.emergency[slot] = -1;
    this.#ids[slot] = '';
    this.#dead++;
    if (this.#dead > 1000 && this.#dead > this.#slots * COMPACT_AT) this.#compact();
  }

  /** Drops the slots of replaced and removed records, renumbering the rest in order; no text is re-read. */
  #compact(): void {
    const renumbered = new Int32Array(this.#slots).fill(-1);
    const emergency = this.#columns.emergency;
    const ids: string[] = [];
    for (let slot = 0; slot < this.#slots; slot++) {
      if ((emergency[slot] as number) < 0) continue;
      renumbered[slot] = ids.length;
      const id = this.#ids[slot] as string;
      this.#slotById.set(id, ids.length);
      ids.push(id);
    }
    compactColumns(this.#columns, renumbered);
    this.#columns.emergency.fill(-1, ids.length);
    this.#words.renumber(renumbered);
    this.#grid.renumber(renumbered);
    for (const list of this.#byCategory) list?.renumber(renumbered);
    for (const list of this.#byMunicipality) list?.renumber(renumbered);
    this.#ids = ids;
    this.#slots = ids.length;
    this.#dead = 0;
  }

  #plan(query: IndexFilters): Plan {
    const type = query.logistics ? 'request' : query.type;
    const status = query.logistics ? 'active' : query.status;
    const near = query.near;
    const box = near ? boundingBox(near.latitude, near.longitude, near.radiusKm) : null;
    const view = query.bbox ?? null;
    const category = query.category === undefined ? -1 : this.#categories.find(query.category);
    const municipality = query.municipalityCode === undefined ? -1 : this.#municipalities.find(query.municipalityCode);
    const nearMunicipality = near
      ? this.#municipalities.find(nearestMunicipality(near.latitude, near.longitude).code)
      : -1;
    const words = this.#words.match(query.q, this.#slots);
    // The shortest of: the word matches, the slots of the cells the circle or map box overlaps, the slots of the
    // category, every slot (a list read slot by slot pays off below about half of them).
    const place = box ?? view;
    const inCells = place ? this.#grid.count(place) : Number.POSITIVE_INFINITY;
    const ofCategory = category >= 0 ? this.#byCategory[category] : undefined;
    const inCategory = ofCategory ? ofCategory.length : Number.POSITIVE_INFINITY;
    let candidates = words;
    const asIs = words ? words.length : this.#slots / 2;
    // With words, a category's list is read twice (keeping the word matches, then the scan): it must be half as long.
    const viaCategory = words ? inCategory * 2 : inCategory;
    if (inCells < asIs && inCells <= viaCategory) {
      const cells = this.#grid.within(place as Box);
      // The records placed by the point's municipality alone may lie outside the circle's cells: they are added,
      // each once (those inside the cells are there already).
      const placed = box ? this.#byMunicipality[nearMunicipality] : undefined;
      if (placed) {
        const items = placed.items;
        const c = this.#columns;
        for (let i = 0; i < placed.length; i++) {
          const slot = items[i] as number;
          if (!this.#grid.covers(box as Box, c.latitude[slot] as number, c.longitude[slot] as number)) cells.push(slot);
        }
      }
      // Cells chosen over words keep only the slots that matched every word (the match's marks are still set).
      candidates = words ? this.#words.keepMarked(cells) : cells;
    } else if (ofCategory && viaCategory < asIs) {
      candidates = words ? this.#words.keepMarked(ofCategory) : ofCategory;
    }
    return {
      allowed: this.#allowedEmergencies(query.emergencyIds),
      typeCode: type === 'all' ? -1 : TYPE_CODES[type],
      statusCode: status === 'all' ? -1 : status === 'open' ? OPEN_STATUS : STATUS_CODES[status],
      category,
      municipality,
      priority: query.priority,
      logistics: query.logistics,
      capacity: query.capacity ?? -1,
      uncommitted: query.commitment === 'uncommitted',
      confirmations: confirmationMask(query.confirmation),
      near,
      nearMunicipality,
      box,
      view,
      candidates,
      none:
        (query.category !== undefined && category < 0) || (query.municipalityCode !== undefined && municipality < 0),
    };
  }

  /**
   * Calls `visit` for every record that passes the filters. With `near`, distance is the exact distance when
   * `distances` asks for it or the record lies near the circle's edge, and NaN otherwise (search() measures the
   * records it returns). One loop for the list, the map and the counts, so all always select the same records.
   */
  #scan(query: IndexFilters, distances: boolean, visit: (slot: number, distance: number) => void): void {
    const plan = this.#plan(query);
    if (plan.none) return;
    const c = this.#columns;
    const { allowed, typeCode, statusCode, category, municipality, near, nearMunicipality, box, view } = plan;
    const list = plan.candidates;
    const items = list ? list.items : null;
    const count = list ? list.length : this.#slots;
    const checksMore = plan.priority !== 'all' || plan.logistics || plan.capacity >= 0 || plan.uncommitted;
    const flat = near !== undefined && !distances && near.radiusKm <= FLAT_UP_TO_KM;
    const centreLat = near?.latitude ?? 0;
    const centreLon = near?.longitude ?? 0;
    const kmPerLon = KM_PER_DEGREE * Math.cos((centreLat * Math.PI) / 180);
    const radius = near?.radiusKm ?? 0;
    const inside2 = (radius * (1 - FLAT_MARGIN)) ** 2;
    const outside2 = (radius * (1 + FLAT_MARGIN)) ** 2;
    // Columns in locals: `visit` could in principle replace them, so fields would be re-read on every record.
    const { emergency: emergencyOf, state: stateOf, latitude: latitudeOf, longitude: longitudeOf } = c;
    const {
      category: categoryOf,
      municipality: municipalityOf,
      confirmation: confirmationOf,
      precision: precisionOf,
    } = c;
    const confirmations = plan.confirmations;
    for (let n = 0; n < count; n++) {
      const slot = items ? (items[n] as number) : n;
      const emergency = emergencyOf[slot] as number;
      if (emergency < 0 || allowed[emergency] !== 1) continue;
      if (((confirmations >> (confirmationOf[slot] as number)) & 1) === 0) continue;
      const code = stateOf[slot] as number;
      if (typeCode >= 0 && code >> 2 !== typeCode) continue;
      if (
        statusCode !== -1 &&
        (statusCode === OPEN_STATUS ? (code & 3) === STATUS_CODES.completed : (code & 3) !== statusCode)
      )
        continue;
      const la = latitudeOf[slot] as number;
      const lo = longitudeOf[slot] as number;
      // Placed by the search point's own municipality alone: inside whatever the radius, at no known distance.
      const unmeasured =
        nearMunicipality >= 0 && precisionOf[slot] === BY_MUNICIPALITY && municipalityOf[slot] === nearMunicipality;
      // NaN (no place) fails both comparisons.
      if (box && !unmeasured && !(la >= box.minLat && la <= box.maxLat && lo >= box.minLon && lo <= box.maxLon))
        continue;
      if (view && !(la >= view.minLat && la <= view.maxLat && lo >= view.minLon && lo <= view.maxLon)) continue;
      if (category >= 0 && categoryOf[slot] !== category) continue;
      if (municipality >= 0 && municipalityOf[slot] !== municipality) continue;
      if (checksMore && !this.#passesMore(slot, code, la, plan)) continue;
      let distance = Number.NaN;
      if (unmeasured) distance = UNKNOWN_DISTANCE;
      else if (near) {
        let exact = !flat;
        if (flat) {
          const dy = (la - centreLat) * KM_PER_DEGREE;
          const dx = (lo - centreLon) * kmPerLon;
          const d2 = dx * dx + dy * dy;
          if (d2 > outside2) continue;
          exact = d2 >= inside2;
        }
        if (exact) {
          distance = distanceKm(centreLat, centreLon, la, lo);
          if (distance > radius) continue;
        }
      }
      visit(slot, distance);
    }
  }

  /** The priority, logistics and capacity filters (DESIGN.md), read from the columns. */
  #passesMore(slot: number, code: number, latitude: number, plan: Plan): boolean {
    const c = this.#columns;
    const pending = c.pending[slot] as number;
    // Logistics: a place, and something still to deliver (no quantity given counts as open).
    if (plan.logistics && (Number.isNaN(latitude) || pending <= 0)) return false;
    if (plan.capacity >= 0 && !(pending > 0 && pending <= plan.capacity)) return false;
    if (plan.uncommitted && !this.#uncommitted(slot, code)) return false;
    if (plan.priority === 'all') return true;
    // DESIGN.md: urgent = urgency urgent; deficit = less than half covered; near_covered = 75 % or more, not complete.
    if (plan.priority === 'urgent') return this.#urgencies.values[c.urgency[slot] as number] === 'urgent';
    const status = code & 3;
    if (code >> 2 !== TYPE_CODES.request || status === STATUS_CODES.completed) return false;
    const required = c.required[slot] as number;
    const covered = c.covered[slot] as number;
    const hasQuantity = required > 0; // false for NaN (no quantity given)
    if (plan.priority === 'deficit') return hasQuantity ? covered < required * 0.5 : status === STATUS_CODES.active;
    return hasQuantity && covered >= required * 0.75 && covered < required;
  }

  /** A request not completed with something nobody pledged yet (domain/pledges.ts hasUncommitted). */
  #uncommitted(slot: number, code: number): boolean {
    if (code >> 2 !== TYPE_CODES.request || (code & 3) === STATUS_CODES.completed) return false;
    const c = this.#columns;
    const pending = c.pending[slot] as number;
    if (Number.isNaN(pending)) return (c.pledges[slot] as number) === 0;
    return pending - (c.committed[slot] as number) > 0;
  }

  /** Best priority first, then newest, then id: the public order. */
  #before(a: number, b: number): boolean {
    const c = this.#columns;
    const pa = c.priority[a] as number;
    const pb = c.priority[b] as number;
    if (pa !== pb) return pa > pb;
    const ca = c.createdMs[a] as number;
    const cb = c.createdMs[b] as number;
    if (ca !== cb) return ca > cb;
    return (this.#ids[a] as string) < (this.#ids[b] as string);
  }

  /** Whether a record comes after a listed position, in the priority order or nearest first. */
  #follows(slot: number, distance: number, after: IndexPosition): boolean {
    const c = this.#columns;
    if (after.distance !== null && !Number.isNaN(distance) && distance !== after.distance)
      return distance > after.distance;
    const priority = c.priority[slot] as number;
    if (priority !== after.priorityScore) return priority < after.priorityScore;
    const created = c.createdMs[slot] as number;
    if (created !== after.createdMs) return created < after.createdMs;
    return (this.#ids[slot] as string) > after.id;
  }

  search(query: IndexQuery): IndexResult {
    const nearestFirst = query.near !== undefined && query.sort === 'distance';
    const after = query.after;
    const limit = query.limit;
    const priority = this.#columns.priority;
    // The best `limit` records so far, best first: slots and their distances.
    const top: number[] = [];
    const topDistance: number[] = [];
    const precedes = (slot: number, distance: number, i: number): boolean => {
      const other = top[i] as number;
      if (nearestFirst && distance !== topDistance[i]) return distance < (topDistance[i] as number);
      return this.#before(slot, other);
    };
    let total = 0;
    /** Records after the cursor: more than a page of them means a next page. */
    let following = 0;
    this.#scan(query, nearestFirst, (slot, distance) => {
      total++;
      if (after && !this.#follows(slot, distance, after)) return;
      following++;
      const full = top.length === limit;
      // A full top list only takes records that could outrank its last entry.
      if (full && !nearestFirst && (priority[slot] as number) < (priority[top[limit - 1] as number] as number)) return;
      if (full && !precedes(slot, distance, limit - 1)) return;
      let i = top.length;
      while (i > 0 && precedes(slot, distance, i - 1)) i--;
      top.splice(i, 0, slot);
      topDistance.splice(i, 0, distance);
      if (top.length > limit) {
        top.pop();
        topDistance.pop();
      }
    });
    const c = this.#columns;
    const near = query.near;
    const hits = top.map((slot, i) => ({
      id: this.#ids[slot] as string,
      emergencyId: this.#emergencies.values[c.emergency[slot] as number] as string,
      changeSeq: c.changeSeq[slot] as number,
      // A record placed by the point's own municipality alone has no distance to tell: null, wherever the point.
      distanceKm:
        near && topDistance[i] !== UNKNOWN_DISTANCE
          ? distanceKm(near.latitude, near.longitude, c.latitude[slot] as number, c.longitude[slot] as number)
          : null,
    }));
    const last = top.length - 1;
    const lastSlot = top[last];
    const next =
      lastSlot !== undefined && following > top.length
        ? {
            priorityScore: c.priority[lastSlot] as number,
            createdMs: c.createdMs[lastSlot] as number,
            id: this.#ids[lastSlot] as string,
            distance: nearestFirst ? (topDistance[last] as number) : null,
          }
        : null;
    return { total, hits, next };
  }

  /** Every record with a public point that passes the filters, in the order records entered the index. */
  points(query: IndexFilters): IndexPoint[] {
    const slots: number[] = [];
    const latitude = this.#columns.latitude;
    this.#scan(query, false, (slot) => {
      if (!Number.isNaN(latitude[slot] as number)) slots.push(slot);
    });
    slots.sort((a, b) => a - b);
    const c = this.#columns;
    return slots.map((slot) => ({
      id: this.#ids[slot] as string,
      latitude: c.latitude[slot] as number,
      longitude: c.longitude[slot] as number,
      precision: this.#precisions.values[c.precision[slot] as number] as string,
      type: TYPES[(c.state[slot] as number) >> 2] as string,
      category: this.#categories.values[c.category[slot] as number] as string,
      urgency: this.#urgencies.values[c.urgency[slot] as number] as string,
    }));
  }

  /**
   * Every record that passes the filters, oldest first (equal times in the index's order): an export taken later
   * lists the same records in the same order, the new ones after them. The same scan as search(), so an export holds
   * exactly a list's records.
   */
  ids(query: IndexFilters): string[] {
    const found: number[] = [];
    this.#scan(query, false, (slot) => {
      found.push(slot);
    });
    // A scan may read word matches or cells out of slot order.
    const slots = Int32Array.from(found).sort();
    const ids = this.#ids;
    return Array.from(byCreation(slots, this.#columns.createdMs), (slot) => ids[slot] as string);
  }

  /**
   * The panorama's counts of these emergencies, as the database's GROUP BY would give them: by type, status, urgency
   * and centre; open records by category; open requests' quantities by category and unit; and the `urgent` most
   * pressing active requests of each emergency, in the public order. One pass over the columns, no SQL.
   */
  aggregates(emergencyIds: string[], urgent: number): PanoramaAggregates {
    const allowed = this.#allowedEmergencies(emergencyIds);
    // Groups are counted in typed arrays indexed by small integers (emergency, type and status, urgency, centre,
    // category numbers), and their rows made once at the end in the order each group was first met: the pass
    // allocates nothing per record.
    const urgencies = this.#urgencies.size;
    const emergencies = this.#emergencies.size;
    const statusCounts = new Int32Array(emergencies * STATE_SPAN * urgencies * 2);
    const statusOrder: number[] = [];
    const categoryCounts = new Int32Array(emergencies * 2 * CATEGORY_SPAN);
    const categoryOrder: number[] = [];
    // Units are free text, so their number is unbounded: the few groups with a quantity are kept in a map.
    const quantityAt = new Map<number, QuantityRow>();
    const units = this.#units.size;
    const tops = new Map<number, number[]>();
    const c = this.#columns;
    const emergencyName = this.#emergencies.values;
    for (let slot = 0; slot < this.#slots; slot++) {
      const e = c.emergency[slot] as number;
      if (e < 0 || allowed[e] !== 1) continue;
      // Expired records leave the counts as they leave the lists.
      if (c.confirmation[slot] === EXPIRED_NUMBER) continue;
      const code = c.state[slot] as number; // type * 4 + status
      const statusKey =
        ((e * STATE_SPAN + code) * urgencies + (c.urgency[slot] as number)) * 2 + (c.centre[slot] as number);
      if ((statusCounts[statusKey] as number) === 0) statusOrder.push(statusKey);
      statusCounts[statusKey] = (statusCounts[statusKey] as number) + 1;
      if ((code & 3) === STATUS_CODES.completed) continue;
      const categoryNumber = c.category[slot] as number;
      const categoryKey = (e * 2 + (code >> 2)) * CATEGORY_SPAN + categoryNumber;
      if ((categoryCounts[categoryKey] as number) === 0) categoryOrder.push(categoryKey);
      categoryCounts[categoryKey] = (categoryCounts[categoryKey] as number) + 1;
      if (code >> 2 !== TYPE_CODES.request) continue;
      const required = c.required[slot] as number;
      if (!Number.isNaN(required)) {
        const unit = c.unit[slot] as number;
        const quantityKey = (e * CATEGORY_SPAN + categoryNumber) * units + unit;
        const pendingValue = c.pending[slot] as number;
        const pending = Number.isNaN(pendingValue) ? 0 : pendingValue;
        const covered = c.covered[slot] as number;
        const q = quantityAt.get(quantityKey);
        if (q) {
          q.required += required;
          q.covered += covered;
          q.pending += pending;
          q.n++;
        } else
          quantityAt.set(quantityKey, {
            emergency_id: emergencyName[e] as string,
            category: this.#categories.values[categoryNumber] as string,
            unit: this.#units.values[unit] as string,
            required,
            covered,
            pending,
            n: 1,
          });
      }
      if ((code & 3) === STATUS_CODES.active && urgent > 0) {
        let top = tops.get(e);
        if (!top) {
          top = [];
          tops.set(e, top);
        }
        // Most requests rank below the last kept: a look at the priority alone tells them apart.
        if (top.length === urgent) {
          const last = top[urgent - 1] as number;
          if ((c.priority[slot] as number) < (c.priority[last] as number) || !this.#before(slot, last)) continue;
        }
        let i = top.length;
        while (i > 0 && this.#before(slot, top[i - 1] as number)) i--;
        top.splice(i, 0, slot);
        if (top.length > urgent) top.pop();
      }
    }
    const status = statusOrder.map((key): StatusCountRow => {
      const centre = key % 2;
      const urgency = Math.floor(key / 2) % urgencies;
      const state = Math.floor(key / 2 / urgencies);
      const code = state % STATE_SPAN;
      return {
        emergency_id: emergencyName[Math.floor(state / STATE_SPAN)] as string,
        type: TYPES[code >> 2] as string,
        status: STATUSES[code & 3] as string,
        urgency: this.#urgencies.values[urgency] as string,
        centre,
        n: statusCounts[key] as number,
      };
    });
    const categories = categoryOrder.map((key): CategoryCountRow => {
      const typeOfEmergency = Math.floor(key / CATEGORY_SPAN);
      return {
        emergency_id: emergencyName[typeOfEmergency >> 1] as string,
        type: TYPES[typeOfEmergency & 1] as string,
        category: this.#categories.values[key % CATEGORY_SPAN] as string,
        n: categoryCounts[key] as number,
      };
    });
    const urgentIds = new Map<string, string[]>();
    for (const [e, top] of tops)
      urgentIds.set(
        emergencyName[e] as string,
        top.map((slot) => this.#ids[slot] as string),
      );
    return { status, categories, quantities: [...quantityAt.values()], urgent: urgentIds };
  }

  #allowedEmergencies(emergencyIds: string[]): Uint8Array {
    const allowed = new Uint8Array(this.#emergencies.size);
    for (const id of emergencyIds) {
      const number = this.#emergencies.find(id);
      if (number >= 0) allowed[number] = 1;
    }
    return allowed;
  }

  /** How many records of these emergencies each municipality holds (the page's municipality filter). */
  municipalities(emergencyIds: string[]): Map<string, number> {
    const allowed = this.#allowedEmergencies(emergencyIds);
    const perNumber = new Int32Array(this.#municipalities.size);
    const c = this.#columns;
    for (let slot = 0; slot < this.#slots; slot++) {
      const e = c.emergency[slot] as number;
      const municipality = c.municipality[slot] as number;
      if (e < 0 || allowed[e] !== 1 || municipality < 0 || c.confirmation[slot] === EXPIRED_NUMBER) continue;
      perNumber[municipality] = (perNumber[municipality] as number) + 1;
    }
    const counts = new Map<string, number>();
    perNumber.forEach((n, municipality) => {
      if (n > 0) counts.set(this.#municipalities.values[municipality] as string, n);
    });
    return counts;
  }
}
