// The /llms.txt text of one instance: it only changes when the active emergencies do, so it is kept until
// public data changes.
import { MAX_AGE_MS } from '../contract/cache-rules.ts';

export interface AboutDocument {
  text: string;
  etag: string;
}

export class AboutCache {
  #hit: { version: string; storedAt: number; document: Promise<AboutDocument> } | null = null;

  /** The document for this change-feed version, built by build() when not already kept. */
  get(version: string, build: () => Promise<AboutDocument>): Promise<AboutDocument> {
    const hit = this.#hit;
    // MAX_AGE_MS bounds staleness should a change notification ever be missed, as for the API's cache.
    if (hit && hit.version === version && Date.now() - hit.storedAt < MAX_AGE_MS) return hit.document;
    const document = build();
    // A failed read must not stay cached.
    document.catch(() => {
      if (this.#hit?.document === document) this.#hit = null;
    });
    this.#hit = { version, storedAt: Date.now(), document };
    return document;
  }
}
