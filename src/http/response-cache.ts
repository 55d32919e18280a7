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
}

/** Memory the cache may hold; the least recently used responses go first. */
const MAX_BYTES = 32 * 1024 * 1024;

export class ResponseCache {
  readonly #entries = new Map<string, Entry>();
  readonly #changes: ChangeFeed;
  #bytes = 0;
  constructor(changes: ChangeFeed) {
    this.#changes = changes;
  }

  /** The cached response for key while it is current, or undefined. */
  peek(key: string): CachedResponse | undefined {
    const hit = this.#entries.get(key);
    if (!hit || hit.version !== this.#changes.version() || Date.now() - hit.storedAt >= MAX_AGE_MS) return undefined;
    // Map order is the eviction order: a hit moves to the back.
    this.#entries.delete(key);
    this.#entries.set(key, hit);
    return hit;
  }

  /** Returns the cached response for key, or computes (an object, or its JSON already written), stores and returns it. */
  async get(key: string, compute: () => Promise<unknown>): Promise<CachedResponse> {
    const version = this.#changes.version();
    const hit = this.peek(key);
    if (hit) return hit;
    const value = await compute();
    const body = Buffer.from(value instanceof JsonText ? value.text : JSON.stringify(value));
    const entry: Entry = { body, etag: etagOf(body), version, storedAt: Date.now() };
    this.#remove(key);
    while (this.#bytes + body.length > MAX_BYTES && this.#entries.size > 0) {
      this.#remove(this.#entries.keys().next().value as string);
    }
    this.#entries.set(key, entry);
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
