// Keeps this process's search index in step with the database: built once, then fed every record written
// since (by change number) whenever the change feed says public data moved, here or on another instance.
import type { Context } from '../context.ts';
import { categoryLabel } from '../domain/categories.ts';
import { municipalityByCode, municipalityLabel } from '../domain/municipalities.ts';
import { publicPoint } from '../domain/public-place.ts';
import {
  changeNumbersSince,
  type IndexRow,
  indexPagesAt,
  indexPagesSince,
  searchableText,
} from '../repositories/help-records/search-index.ts';
import {
  type IndexFilters,
  type IndexPoint,
  type IndexQuery,
  type IndexResult,
  type PanoramaAggregates,
  SearchIndex,
} from './search-index.ts';

/**
 * On PostgreSQL change numbers are taken before commit, so a slow transaction can commit a number lower than
 * one already seen: re-reading this many numbers back catches it (re-applying a current row is harmless).
 * SQLite commits one writer at a time, in number order.
 */
const REREAD_WINDOW = { postgres: 1000, sqlite: 0 } as const;

/** What the index reads from: the database it mirrors and the feed that says when to read again. */
export type SearchSource = Pick<Context, 'db' | 'dialect' | 'changes'>;

export class PublicSearch {
  readonly #ctx: SearchSource;
  /** Change numbers re-read behind the highest one read (REREAD_WINDOW of this engine). */
  readonly #window: number;
  readonly #index = new SearchIndex();
  #seenSeq = -1;
  /** On PostgreSQL, the change numbers read within the re-read window (REREAD_WINDOW). */
  readonly #read = new Set<number>();
  #version: string | null = null;
  #syncing: Promise<void> | null = null;
  /** When the index last caught up with the feed (ms since the epoch), and how long its first build took: metrics. */
  #syncedAt: number | null = null;
  #buildMs: number | null = null;

  constructor(ctx: SearchSource) {
    this.#ctx = ctx;
    this.#window = REREAD_WINDOW[ctx.dialect];
  }

  /** Builds the index ahead of the first search. */
  warm(): Promise<void> {
    return this.#fresh();
  }

  /** Built from the database at least once (and kept in step from then on): searches answer without waiting. */
  get built(): boolean {
    return this.#version !== null;
  }

  /** What an operator watches (read-only): records held, the last change number read, and the times above. */
  get stats(): { records: number; position: number; syncedAt: number | null; buildMs: number | null } {
    return { records: this.#index.size, position: this.#seenSeq, syncedAt: this.#syncedAt, buildMs: this.#buildMs };
  }

  async search(query: IndexQuery): Promise<IndexResult> {
    await this.#fresh();
    return this.#index.search(query);
  }

  /** Every matching record's public point, for a map. */
  async points(query: IndexFilters): Promise<IndexPoint[]> {
    await this.#fresh();
    return this.#index.points(query);
  }

  /** Every matching record's id, oldest first: what an export reads from the database, a page at a time. */
  async ids(query: IndexFilters): Promise<string[]> {
    await this.#fresh();
    return this.#index.ids(query);
  }

  /** The panorama's counts, quantities and most pressing requests of these emergencies. */
  async aggregates(emergencyIds: string[], urgent: number): Promise<PanoramaAggregates> {
    await this.#fresh();
    return this.#index.aggregates(emergencyIds, urgent);
  }

  /** Municipality code -> how many published records of these emergencies lie there. */
  async municipalities(emergencyIds: string[]): Promise<Map<string, number>> {
    await this.#fresh();
    return this.#index.municipalities(emergencyIds);
  }

  #fresh(): Promise<void> {
    const version = this.#ctx.changes.version();
    if (version === this.#version) return Promise.resolve();
    this.#syncing ??= this.#sync(version).finally(() => {
      this.#syncing = null;
    });
    return this.#syncing;
  }

  async #sync(version: string): Promise<void> {
    const started = performance.now();
    const window = this.#window;
    const pages =
      this.#seenSeq < 0 || window === 0
        ? indexPagesSince(this.#ctx.db, this.#seenSeq)
        : indexPagesAt(this.#ctx.db, await this.#unread(this.#seenSeq - window));
    // A page at a time: one await per page, not one per row. Between pages the event loop runs, so while a
    // large index is built at start-up /healthz and /readyz still answer (reading SQLite never yields by itself).
    for await (const page of pages) {
      for (const row of page) this.#apply(row);
      // Change numbers below the window are never read again: forgetting them keeps the set near its size.
      if (this.#read.size > 2 * window) {
        for (const seq of this.#read) if (seq <= this.#seenSeq - window) this.#read.delete(seq);
      }
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (this.#version === null) this.#buildMs = performance.now() - started;
    this.#syncedAt = Date.now();
    this.#version = version;
  }

  /**
   * The change numbers after `after` not read yet. The window is re-read by its numbers alone (small rows), and
   * only the rows behind numbers not seen before are loaded: a write costs each instance one row, not the window.
   */
  async #unread(after: number): Promise<number[]> {
    return (await changeNumbersSince(this.#ctx.db, after)).filter((seq) => !this.#read.has(seq));
  }

  #apply(row: IndexRow): void {
    // Every row read moves the position, published or not: pending and rejected rows are not read again.
    if (row.change_seq > this.#seenSeq) this.#seenSeq = row.change_seq;
    if (this.#window > 0) this.#read.add(row.change_seq);
    if (row.review_status !== 'approved') {
      this.#index.remove(row.id);
      return;
    }
    // Only the public place is indexed: the radius filter and distanceKm can never pin a home, and the
    // street of an approximate request was not even read (its address comes back null). The row carries its
    // municipality_code, so a request known only by its municipality stands at that municipality's point.
    const point = publicPoint(row);
    const municipality = municipalityByCode(row.municipality_code);
    this.#index.upsert({
      id: row.id,
      emergencyId: row.emergency_id,
      type: row.type,
      status: row.status,
      category: row.category,
      urgency: row.urgency,
      latitude: point.latitude,
      longitude: point.longitude,
      precision: point.precision,
      municipalityCode: row.municipality_code,
      priorityScore: row.priority_score,
      createdAt: row.created_at,
      quantityRequired: row.quantity_required,
      quantityCovered: row.quantity_covered,
      quantityPending: row.quantity_pending,
      quantityCommitted: row.quantity_committed,
      pledgesOpen: row.pledges_open,
      confirmation: row.confirmation_state,
      unit: row.unit,
      centre: row.collection_center_status !== null,
      changeSeq: row.change_seq,
      text: searchableText(row, categoryLabel(row.category), municipality ? municipalityLabel(municipality) : null),
    });
  }
}
