// Serialised public responses, reused until public data changes (change feed) or MAX_AGE_MS passes.
import { createHash } from 'node:crypto';
import type { ChangeFeed } from '../db/change-feed.ts';

export interface CachedResponse {
  body: string;
  etag: string;
}

interface Entry extends CachedResponse {
  version: string;
  storedAt: number;
}

const MAX_ENTRIES = 1000;
/** Upper bound on staleness should a change notification ever be missed. */
export const MAX_AGE_MS = 30_000;

export class ResponseCache {
  readonly #entries = new Map<string, Entry>();
  readonly #changes: ChangeFeed;
  constructor(changes: ChangeFeed) {
    this.#changes = changes;
  }

  /** Returns the cached response for key, or computes, stores and returns it. */
  async get(key: string, compute: () => Promise<unknown>): Promise<CachedResponse> {
    const version = this.#changes.version();
    const hit = this.#entries.get(key);
    if (hit && hit.version === version && Date.now() - hit.storedAt < MAX_AGE_MS) return hit;
    const body = JSON.stringify(await compute());
    const entry: Entry = { body, etag: etagOf(body), version, storedAt: Date.now() };
    this.#entries.delete(key);
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value as string);
    this.#entries.set(key, entry);
    return entry;
  }
}

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}
