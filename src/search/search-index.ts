// The public records' filter columns and search words in memory, so any combination of filters answers in
// about a millisecond. It holds no contact data: only what filtering and ordering need.
import { boundingBox, distanceKm } from '../domain/distance.ts';
import { prefixUpperBound, searchTerms } from '../domain/text.ts';
import type { CategoryCountRow, QuantityRow, StatusCountRow } from '../repositories/help-records/panorama.ts';

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
  status: 'all' | 'active' | 'in_process' | 'completed';
  category?: string;
  priority: 'all' | 'urgent' | 'deficit' | 'near_covered';
  q?: string;
  near?: { latitude: number; longitude: number; radiusKm: number };
  logistics: boolean;
  capacity?: number;
  municipalityCode?: string;
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
  /** Set in the nearest-first order only. */
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

const MAX_QUERY_TERMS = 8;

/**
 * One record's filter fields. A class with every field always a number or a string keeps one hidden class
 * for all documents (missing quantities are NaN), which keeps the scan loop fast.
 */
class Doc {
  readonly id: string;
  readonly emergencyId: string;
  readonly type: string;
  readonly status: string;
  readonly category: string;
  readonly urgency: string;
  readonly precision: string;
  /** '' when the record has no municipality. */
  readonly municipalityCode: string;
  readonly priorityScore: number;
  readonly createdMs: number;
  readonly quantityRequired: number;
  readonly quantityCovered: number;
  readonly quantityPending: number;
  /** '' when no unit was given. */
  readonly unit: string;
  readonly centre: number;
  readonly changeSeq: number;
  constructor(record: IndexedRecord) {
    this.id = record.id;
    this.emergencyId = intern(record.emergencyId);
    this.type = intern(record.type);
    this.status = intern(record.status);
    this.category = intern(record.category);
    this.urgency = intern(record.urgency);
    this.precision = intern(record.precision ?? 'exact');
    this.municipalityCode = intern(record.municipalityCode ?? '');
    this.priorityScore = +record.priorityScore;
    this.createdMs = +Date.parse(record.createdAt);
    this.quantityRequired = record.quantityRequired ?? Number.NaN;
    this.quantityCovered = +record.quantityCovered;
    this.quantityPending = record.quantityPending ?? Number.NaN;
    this.unit = intern(record.unit ?? '');
    this.centre = record.centre ? 1 : 0;
    this.changeSeq = +record.changeSeq;
  }
}

/** Strings read from the database are fresh copies; records share one copy of each repeated value. */
const interned = new Map<string, string>();
function intern(value: string): string {
  const known = interned.get(value);
  if (known !== undefined) return known;
  interned.set(value, value);
  return value;
}

const TYPE_CODES = { request: 0, offer: 1 } as const;
const URGENCY_CODES: Record<string, number> = { urgent: 0, needed: 1, stable: 2 };
/**
 * Room for category and unit numbers in the panorama's integer group keys. Categories are a fixed list (under 64);
 * units are free text, so up to 2^32 of them; with emergencies under 2^15 every key stays below 2^53 (exact).
 */
const CATEGORY_SPAN = 64;
const UNIT_SPAN = 2 ** 32;

/** The number of a value in a table of small numbers, given on first sight. */
function numberOf(numbers: Map<string, number>, value: string): number {
  let number = numbers.get(value);
  if (number === undefined) {
    number = numbers.size;
    numbers.set(value, number);
  }
  return number;
}
const STATUS_CODES = { active: 0, in_process: 1, completed: 2 } as const;

function stateCode(type: IndexedRecord['type'], status: IndexedRecord['status']): number {
  return TYPE_CODES[type] * 4 + STATUS_CODES[status];
}

/** Best priority first, then newest, then id: the public order. */
function before(a: Doc, b: Doc): boolean {
  if (a.priorityScore !== b.priorityScore) return a.priorityScore > b.priorityScore;
  if (a.createdMs !== b.createdMs) return a.createdMs > b.createdMs;
  return a.id < b.id;
}

type Entry = { doc: Doc; distance: number | null };

/** Whether a record comes after a listed position, in the priority order or nearest first. */
function follows(doc: Doc, distance: number | null, after: IndexPosition): boolean {
  if (after.distance !== null && distance !== null && distance !== after.distance) return distance > after.distance;
  if (doc.priorityScore !== after.priorityScore) return doc.priorityScore < after.priorityScore;
  if (doc.createdMs !== after.createdMs) return doc.createdMs < after.createdMs;
  return doc.id > after.id;
}

/** The public order. */
const byPriority = (a: Entry, b: Entry) => before(a.doc, b.doc);
/** Nearest first; at the same distance, the public order. Only used when every entry has a distance. */
const byDistance = (a: Entry, b: Entry) =>
  a.distance !== b.distance ? (a.distance as number) < (b.distance as number) : before(a.doc, b.doc);

/** Rebuild the word lists once this share of document slots belongs to replaced or removed versions. */
const COMPACT_AT = 0.3;

export class SearchIndex {
  /** Document slots; a replaced or removed record leaves null behind until the next compaction. */
  #docs: (Doc | null)[] = [];
  readonly #slotById = new Map<string, number>();
  /** Word -> slots, in insertion order; slots of replaced records are skipped when read. */
  #postings = new Map<string, number[]>();
  #sortedTerms: string[] | null = null;
  #dead = 0;
  #marks = new Uint32Array(0);
  #stamp = 0;
  /** Columns read for every candidate, kept in typed arrays: -1 / NaN for empty slots and missing places. */
  #emergencyOf = new Int32Array(1024).fill(-1);
  #latitude = new Float64Array(1024).fill(Number.NaN);
  #longitude = new Float64Array(1024).fill(Number.NaN);
  /** type and status in one byte: TYPE_CODE * 4 + STATUS_CODE. */
  #state = new Uint8Array(1024);
  #priority = new Float64Array(1024);
  readonly #emergencyNumbers = new Map<string, number>();
  /** Small numbers for categories and units, for the panorama's group keys. */
  readonly #categoryNumbers = new Map<string, number>();
  readonly #unitNumbers = new Map<string, number>();

  get size(): number {
    return this.#slotById.size;
  }

  upsert(record: IndexedRecord): void {
    this.remove(record.id);
    const slot = this.#docs.length;
    this.#docs.push(new Doc(record));
    this.#setColumns(slot, record);
    this.#slotById.set(record.id, slot);
    this.#addTerms(slot, record.text);
  }

  remove(id: string): void {
    const slot = this.#slotById.get(id);
    if (slot === undefined) return;
    this.#slotById.delete(id);
    this.#docs[slot] = null;
    this.#emergencyOf[slot] = -1;
    this.#dead++;
    if (this.#dead > 1000 && this.#dead > this.#docs.length * COMPACT_AT) this.#compact();
  }

  #grow(): void {
    const size = this.#emergencyOf.length * 2;
    const emergencyOf = new Int32Array(size).fill(-1);
    const latitude = new Float64Array(size).fill(Number.NaN);
    const longitude = new Float64Array(size).fill(Number.NaN);
    const state = new Uint8Array(size);
    const priority = new Float64Array(size);
    emergencyOf.set(this.#emergencyOf);
    latitude.set(this.#latitude);
    longitude.set(this.#longitude);
    state.set(this.#state);
    priority.set(this.#priority);
    this.#emergencyOf = emergencyOf;
    this.#latitude = latitude;
    this.#longitude = longitude;
    this.#state = state;
    this.#priority = priority;
  }

  #setColumns(slot: number, record: IndexedRecord): void {
    if (slot >= this.#emergencyOf.length) this.#grow();
    let number = this.#emergencyNumbers.get(record.emergencyId);
    if (number === undefined) {
      number = this.#emergencyNumbers.size;
      this.#emergencyNumbers.set(record.emergencyId, number);
    }
    this.#emergencyOf[slot] = number;
    this.#latitude[slot] = record.latitude ?? Number.NaN;
    this.#longitude[slot] = record.longitude ?? Number.NaN;
    this.#state[slot] = stateCode(record.type, record.status);
    this.#priority[slot] = record.priorityScore;
  }

  #addTerms(slot: number, text: string): void {
    for (const term of searchTerms(text)) {
      const posting = this.#postings.get(term);
      if (posting) posting.push(slot);
      else {
        this.#postings.set(term, [slot]);
        this.#sortedTerms = null;
      }
    }
  }

  /** Drops the slots of replaced and removed records, renumbering the rest; no text is re-read. */
  #compact(): void {
    const renumbered = new Int32Array(this.#docs.length).fill(-1);
    const docs: Doc[] = [];
    this.#docs.forEach((doc, slot) => {
      if (!doc) return;
      const next = docs.length;
      renumbered[slot] = next;
      this.#slotById.set(doc.id, next);
      docs.push(doc);
      // next <= slot, so copying forward in place never overwrites a slot still to be read.
      this.#emergencyOf[next] = this.#emergencyOf[slot] as number;
      this.#latitude[next] = this.#latitude[slot] as number;
      this.#longitude[next] = this.#longitude[slot] as number;
      this.#state[next] = this.#state[slot] as number;
      this.#priority[next] = this.#priority[slot] as number;
    });
    this.#emergencyOf.fill(-1, docs.length);
    for (const [term, slots] of this.#postings) {
      const kept = slots.filter((slot) => renumbered[slot] !== -1).map((slot) => renumbered[slot] as number);
      if (kept.length > 0) this.#postings.set(term, kept);
      else this.#postings.delete(term);
    }
    this.#docs = docs;
    this.#sortedTerms = null;
    this.#dead = 0;
  }

  /** Slots of records whose words start with every word of q; null when q has no words (no restriction). */
  #wordMatches(q: string | undefined): number[] | null {
    const words = q ? searchTerms(q).slice(0, MAX_QUERY_TERMS) : [];
    if (words.length === 0) return null;
    this.#sortedTerms ??= [...this.#postings.keys()].sort();
    const terms = this.#sortedTerms;
    if (this.#marks.length < this.#docs.length) this.#marks = new Uint32Array(this.#docs.length * 2);
    const marks = this.#marks;
    const docs = this.#docs;
    let matches: number[] = [];
    // A slot survives word k when it carried the stamp of word k-1; stamps make repeats across terms free.
    for (let k = 0; k < words.length; k++) {
      const word = words[k] as string;
      const previous = this.#stamp;
      const current = ++this.#stamp;
      matches = [];
      const upper = prefixUpperBound(word);
      for (let i = lowerBound(terms, word); i < terms.length && (terms[i] as string) < upper; i++) {
        const posting = this.#postings.get(terms[i] as string) as number[];
        for (let j = 0; j < posting.length; j++) {
          const slot = posting[j] as number;
          if (marks[slot] === current || (k > 0 && marks[slot] !== previous) || docs[slot] === null) continue;
          marks[slot] = current;
          matches.push(slot);
        }
      }
      if (matches.length === 0) break;
    }
    return matches;
  }

  /**
   * Calls `visit` for every record that passes the filters, with its distance to `near` (null without it).
   * One loop for the list and the map, so both always select the same records.
   */
  #scan(query: IndexFilters, visit: (slot: number, distance: number | null) => void): void {
    const allowed = this.#allowedEmergencies(query.emergencyIds);
    const type = query.logistics ? 'request' : query.type;
    const status = query.logistics ? 'active' : query.status;
    const words = this.#wordMatches(query.q);
    const near = query.near;
    const box = near ? boundingBox(near.latitude, near.longitude, near.radiusKm) : null;
    const view = query.bbox ?? null;
    const docs = this.#docs;
    const emergencyOf = this.#emergencyOf;
    const lat = this.#latitude;
    const lon = this.#longitude;
    const state = this.#state;
    const typeCode = type === 'all' ? -1 : TYPE_CODES[type];
    const statusCode = status === 'all' ? -1 : STATUS_CODES[status];
    const count = words ? words.length : docs.length;
    const municipality = query.municipalityCode;
    const needsDoc =
      query.category !== undefined ||
      query.priority !== 'all' ||
      query.logistics ||
      query.capacity !== undefined ||
      municipality !== undefined;
    for (let n = 0; n < count; n++) {
      const slot = words ? (words[n] as number) : n;
      const emergency = emergencyOf[slot] as number;
      if (emergency < 0 || allowed[emergency] !== 1) continue;
      const la = lat[slot] as number;
      const lo = lon[slot] as number;
      // NaN (no place) fails both comparisons.
      if (box && !(la >= box.minLat && la <= box.maxLat && lo >= box.minLon && lo <= box.maxLon)) continue;
      if (view && !(la >= view.minLat && la <= view.maxLat && lo >= view.minLon && lo <= view.maxLon)) continue;
      const code = state[slot] as number;
      if (typeCode >= 0 && code >> 2 !== typeCode) continue;
      if (statusCode >= 0 && (code & 3) !== statusCode) continue;
      if (needsDoc) {
        const doc = docs[slot] as Doc;
        if (query.category && doc.category !== query.category) continue;
        if (municipality !== undefined && doc.municipalityCode !== municipality) continue;
        if (!matchesPriority(doc, query.priority)) continue;
        // Logistics: a place, and something still to deliver (no quantity given counts as open).
        if (query.logistics && (Number.isNaN(la) || doc.quantityPending <= 0)) continue;
        if (query.capacity !== undefined && !(doc.quantityPending > 0 && doc.quantityPending <= query.capacity))
          continue;
      }
      let distance: number | null = null;
      if (near) {
        distance = distanceKm(near.latitude, near.longitude, la, lo);
        if (distance > near.radiusKm) continue;
      }
      visit(slot, distance);
    }
  }

  search(query: IndexQuery): IndexResult {
    const top: Entry[] = [];
    const nearestFirst = query.near !== undefined && query.sort === 'distance';
    const precedes = nearestFirst ? byDistance : byPriority;
    const after = query.after;
    const docs = this.#docs;
    const priority = this.#priority;
    const limit = query.limit;
    let total = 0;
    /** Records after the cursor: more than a page of them means a next page. */
    let following = 0;
    this.#scan(query, (slot, distance) => {
      total++;
      if (after && !follows(docs[slot] as Doc, distance, after)) return;
      following++;
      // A full top list only takes records that could outrank its last entry.
      if (
        !nearestFirst &&
        top.length === limit &&
        (priority[slot] as number) < (top[top.length - 1] as Entry).doc.priorityScore
      )
        return;
      insertTop(top, { doc: docs[slot] as Doc, distance }, limit, precedes);
    });
    const hits = top.map(({ doc, distance }) => ({
      id: doc.id,
      emergencyId: doc.emergencyId,
      changeSeq: doc.changeSeq,
      distanceKm: distance,
    }));
    const last = top[top.length - 1];
    const next =
      last && following > top.length
        ? {
            priorityScore: last.doc.priorityScore,
            createdMs: last.doc.createdMs,
            id: last.doc.id,
            distance: nearestFirst ? last.distance : null,
          }
        : null;
    return { total, hits, next };
  }

  /** Every record with a public point that passes the filters, in the index's own order. */
  points(query: IndexFilters): IndexPoint[] {
    const points: IndexPoint[] = [];
    const docs = this.#docs;
    const lat = this.#latitude;
    const lon = this.#longitude;
    this.#scan(query, (slot) => {
      const la = lat[slot] as number;
      if (Number.isNaN(la)) return;
      const doc = docs[slot] as Doc;
      points.push({
        id: doc.id,
        latitude: la,
        longitude: lon[slot] as number,
        precision: doc.precision,
        type: doc.type,
        category: doc.category,
        urgency: doc.urgency,
      });
    });
    return points;
  }

  /**
   * The panorama's counts of these emergencies, as the database's GROUP BY would give them: by type, status, urgency
   * and centre; open records by category; open requests' quantities by category and unit; and the `urgent` most
   * pressing active requests of each emergency, in the public order. One pass over the records, no SQL.
   */
  aggregates(emergencyIds: string[], urgent: number): PanoramaAggregates {
    const allowed = this.#allowedEmergencies(emergencyIds);
    // Groups are keyed by small integers (emergency, type, status, urgency, centre, category, unit numbers), not by
    // strings built per record: the pass stays a few milliseconds at 100,000 records.
    const status = new Map<number, StatusCountRow>();
    const category = new Map<number, CategoryCountRow>();
    const quantity = new Map<number, QuantityRow>();
    const tops = new Map<number, Entry[]>();
    const docs = this.#docs;
    const emergencyOf = this.#emergencyOf;
    const state = this.#state;
    for (let slot = 0; slot < docs.length; slot++) {
      const e = emergencyOf[slot] as number;
      if (e < 0 || allowed[e] !== 1) continue;
      const doc = docs[slot] as Doc;
      const code = state[slot] as number; // type * 4 + status
      const statusKey = ((e * 16 + code) * 4 + (URGENCY_CODES[doc.urgency] ?? 3)) * 2 + doc.centre;
      const s = status.get(statusKey);
      if (s) s.n++;
      else
        status.set(statusKey, {
          emergency_id: doc.emergencyId,
          type: doc.type,
          status: doc.status,
          urgency: doc.urgency,
          centre: doc.centre,
          n: 1,
        });
      if ((code & 3) === STATUS_CODES.completed) continue;
      const categoryNumber = numberOf(this.#categoryNumbers, doc.category);
      const categoryKey = (e * 2 + (code >> 2)) * CATEGORY_SPAN + categoryNumber;
      const c = category.get(categoryKey);
      if (c) c.n++;
      else category.set(categoryKey, { emergency_id: doc.emergencyId, type: doc.type, category: doc.category, n: 1 });
      if (code >> 2 !== TYPE_CODES.request) continue;
      if (!Number.isNaN(doc.quantityRequired)) {
        const quantityKey = (e * CATEGORY_SPAN + categoryNumber) * UNIT_SPAN + numberOf(this.#unitNumbers, doc.unit);
        const pending = Number.isNaN(doc.quantityPending) ? 0 : doc.quantityPending;
        const q = quantity.get(quantityKey);
        if (q) {
          q.required += doc.quantityRequired;
          q.covered += doc.quantityCovered;
          q.pending += pending;
          q.n++;
        } else
          quantity.set(quantityKey, {
            emergency_id: doc.emergencyId,
            category: doc.category,
            unit: doc.unit,
            required: doc.quantityRequired,
            covered: doc.quantityCovered,
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
        if (
          top.length < urgent ||
          (this.#priority[slot] as number) >= (top[top.length - 1] as Entry).doc.priorityScore
        ) {
          insertTop(top, { doc, distance: null }, urgent, byPriority);
        }
      }
    }
    const urgentIds = new Map<string, string[]>();
    for (const top of tops.values()) {
      const first = top[0];
      if (first)
        urgentIds.set(
          first.doc.emergencyId,
          top.map(({ doc }) => doc.id),
        );
    }
    return {
      status: [...status.values()],
      categories: [...category.values()],
      quantities: [...quantity.values()],
      urgent: urgentIds,
    };
  }

  #allowedEmergencies(emergencyIds: string[]): Uint8Array {
    const allowed = new Uint8Array(this.#emergencyNumbers.size);
    for (const id of emergencyIds) {
      const number = this.#emergencyNumbers.get(id);
      if (number !== undefined) allowed[number] = 1;
    }
    return allowed;
  }

  /** How many records of these emergencies each municipality holds (the page's municipality filter). */
  municipalities(emergencyIds: string[]): Map<string, number> {
    const counts = new Map<string, number>();
    const wanted = new Set(emergencyIds);
    for (const doc of this.#docs) {
      if (!doc?.municipalityCode || !wanted.has(doc.emergencyId)) continue;
      counts.set(doc.municipalityCode, (counts.get(doc.municipalityCode) ?? 0) + 1);
    }
    return counts;
  }
}

/** DESIGN.md: urgent = urgency urgent; deficit = less than half covered; near_covered = 75 % or more, not complete. */
function matchesPriority(doc: Doc, priority: IndexFilters['priority']): boolean {
  if (priority === 'all') return true;
  if (priority === 'urgent') return doc.urgency === 'urgent';
  if (doc.type !== 'request' || doc.status === 'completed') return false;
  const required = doc.quantityRequired;
  const hasQuantity = required > 0; // false for NaN (no quantity given)
  if (priority === 'deficit') return hasQuantity ? doc.quantityCovered < required * 0.5 : doc.status === 'active';
  return hasQuantity && doc.quantityCovered >= required * 0.75 && doc.quantityCovered < required;
}

/** Keeps the first `limit` entries in the given order; cheap because limit is at most 100. */
function insertTop(top: Entry[], entry: Entry, limit: number, precedes: (a: Entry, b: Entry) => boolean) {
  if (top.length === limit && !precedes(entry, top[limit - 1] as Entry)) return;
  let i = top.length;
  while (i > 0 && precedes(entry, top[i - 1] as Entry)) i--;
  top.splice(i, 0, entry);
  if (top.length > limit) top.pop();
}

function lowerBound(sorted: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as string) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
