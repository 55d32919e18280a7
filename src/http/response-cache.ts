// Serialised public responses, reused until public data changes (change feed) or MAX_AGE_MS passes.
import { etagOf, MAX_AGE_MS } from '../contract/cache-rules.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import { EvictionOrder } from '../domain/eviction-order.ts';
import { JsonText } from '../presenters/json-text.ts';

export interface CachedResponse {
  /** Encoded once: sending a string re-encodes it as UTF-8 on every response. */
  body: Buffer;
  etag: string;
}

interface Entry extends CachedResponse {
  version: string;
  storedAt: number;
  /** Keyed by its URL alone and sent as plain JSON: the fast path may answer it (src/http/fast-reads.ts). */
  byUrl: boolean;
  /** When it was last put at the back of its budget's eviction order, counted in placements. */
  placed: number;
}

/**
 * Who asks for a response again: anyone (lists, records, the panorama), or mostly the client that asked (a search
 * around its own place, which it may poll). Each has its own budget, so a flood of one-off searches cannot push out
 * the responses everybody shares, and still a client that asks again within the budget's turnover gets a 304.
 */
export type Audience = 'shared' | 'personal';

/** Memory each audience's responses may hold; the least recently used go first. */
const MAX_BYTES: Record<Audience, number> = { shared: 32 * 1024 * 1024, personal: 4 * 1024 * 1024 };

/** A response made for one request: its body (an object, or its JSON already written) and ETag. */
export function freshResponse(value: unknown): CachedResponse {
  const body = Buffer.from(value instanceof JsonText ? value.text : JSON.stringify(value));
  return { body, etag: etagOf(body) };
}

/** One budget: its entries, and the order in which they go (least recently used first). */
class Budget {
  readonly entries = new Map<string, Entry>();
  readonly #order = new EvictionOrder<string>((key) => this.entries.get(key)?.placed);
  readonly #maxBytes: number;
  #bytes = 0;
  #placed = 0;
  /** Entries pushed out to make room, for metrics. */
  evictions = 0;
  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  /** A hit in the older half moves to the back (one in the newer half is safe from eviction as it is). */
  touch(key: string, entry: Entry): void {
    if (this.#placed - entry.placed > this.entries.size / 2) this.#place(key, entry);
  }

  store(key: string, entry: Entry): void {
    this.remove(key);
    while (this.#bytes + entry.body.length > this.#maxBytes && this.entries.size > 0) {
      this.remove(this.#order.oldest() as string);
      this.evictions++;
    }
    this.entries.set(key, entry);
    this.#place(key, entry);
    this.#bytes += entry.body.length;
  }

  remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.#bytes -= entry.body.length;
  }

  #place(key: string, entry: Entry): void {
    entry.placed = this.#order.place(key, this.entries.size);
    this.#placed = entry.placed;
  }
}

export class ResponseCache {
  readonly #shared = new Budget(MAX_BYTES.shared);
  readonly #personal = new Budget(MAX_BYTES.personal);
  readonly #changes: ChangeFeed;
  /** For metrics: answers given before the framework (fast), by a cached route (route), and computed ones (misses). */
  readonly counts = { fast: 0, route: 0, misses: 0 };
  constructor(changes: ChangeFeed) {
    this.#changes = changes;
  }

  /** The cached response for key while it is current, or undefined. */
  peek(key: string): CachedResponse | undefined {
    const shared = this.#shared.entries.get(key);
    const hit = shared
      ? this.#current(this.#shared, key, shared)
      : this.#current(this.#personal, key, this.#personal.entries.get(key));
    if (hit !== undefined) this.counts.route++;
    return hit;
  }

  /** The cached response for a URL while it is current, when it was stored by URL alone as plain JSON. */
  peekUrl(url: string): CachedResponse | undefined {
    const shared = this.#shared.entries.get(url);
    const entry = shared ?? this.#personal.entries.get(url);
    const hit = entry?.byUrl ? this.#current(shared ? this.#shared : this.#personal, url, entry) : undefined;
    if (hit !== undefined) this.counts.fast++;
    return hit;
  }

  /** Entries evicted from both budgets since start. */
  get evictions(): number {
    return this.#shared.evictions + this.#personal.evictions;
  }

  #current(budget: Budget, key: string, hit: Entry | undefined): CachedResponse | undefined {
    if (!hit || hit.version !== this.#changes.version() || Date.now() - hit.storedAt >= MAX_AGE_MS) return undefined;
    budget.touch(key, hit);
    return hit;
  }

  /**
   * Returns the cached response for key, or computes (an object, or its JSON already written), stores and returns it.
   * byUrl: key is the request's URL and the response is sent as JSON with its ETag, nothing else of the request used.
   */
  async get(
    key: string,
    compute: () => Promise<unknown>,
    byUrl = false,
    audience: Audience = 'shared',
  ): Promise<CachedResponse> {
    const version = this.#changes.version();
    const hit = this.peek(key);
    if (hit) return hit;
    this.counts.misses++;
    const { body, etag } = freshResponse(await compute());
    const entry: Entry = { body, etag, version, storedAt: Date.now(), byUrl, placed: 0 };
    // A key lives in one budget at a time.
    (audience === 'shared' ? this.#personal : this.#shared).remove(key);
    (audience === 'shared' ? this.#shared : this.#personal).store(key, entry);
    return entry;
  }
}
