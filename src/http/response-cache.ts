// Serialised public responses, reused until public data changes (change feed) or MAX_AGE_MS passes.
import { etagOf, MAX_AGE_MS } from '../contract/cache-rules.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
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
  /** When it was last put at the back of the eviction order, counted in placements. */
  placed: number;
}

/** Memory the cache may hold; the least recently used responses go first. */
const MAX_BYTES = 32 * 1024 * 1024;

export class ResponseCache {
  readonly #entries = new Map<string, Entry>();
  readonly #changes: ChangeFeed;
  #bytes = 0;
  #placed = 0;
  constructor(changes: ChangeFeed) {
    this.#changes = changes;
  }

  /** The cached response for key while it is current, or undefined. */
  peek(key: string): CachedResponse | undefined {
    return this.#current(key, this.#entries.get(key));
  }

  /** The cached response for a URL while it is current, when it was stored by URL alone as plain JSON. */
  peekUrl(url: string): CachedResponse | undefined {
    const hit = this.#entries.get(url);
    return hit?.byUrl ? this.#current(url, hit) : undefined;
  }

  #current(key: string, hit: Entry | undefined): CachedResponse | undefined {
    if (!hit || hit.version !== this.#changes.version() || Date.now() - hit.storedAt >= MAX_AGE_MS) return undefined;
    // Map order is the eviction order: a hit in the older half moves to the back (one in the newer half is safe
    // from eviction as it is, and a hot key is not moved on every request).
    if (this.#placed - hit.placed > this.#entries.size / 2) {
      this.#entries.delete(key);
      this.#place(key, hit);
    }
    return hit;
  }

  /** Puts an entry at the back of the eviction order. */
  #place(key: string, entry: Entry): void {
    entry.placed = ++this.#placed;
    this.#entries.set(key, entry);
  }

  /**
   * Returns the cached response for key, or computes (an object, or its JSON already written), stores and returns it.
   * byUrl: key is the request's URL and the response is sent as JSON with its ETag, nothing else of the request used.
   */
  async get(key: string, compute: () => Promise<unknown>, byUrl = false): Promise<CachedResponse> {
    const version = this.#changes.version();
    const hit = this.peek(key);
    if (hit) return hit;
    const value = await compute();
    const body = Buffer.from(value instanceof JsonText ? value.text : JSON.stringify(value));
    const entry: Entry = { body, etag: etagOf(body), version, storedAt: Date.now(), byUrl, placed: 0 };
    this.#remove(key);
    while (this.#bytes + body.length > MAX_BYTES && this.#entries.size > 0) {
      this.#remove(this.#entries.keys().next().value as string);
    }
    this.#place(key, entry);
    this.#bytes += body.length;
    return entry;
  }

  #remove(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.body.length;
  }
}
