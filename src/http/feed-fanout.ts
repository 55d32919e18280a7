// One reader of the change feed per instance, for every open /changes/stream: when public data changes, the feed is
// read once from where the reader stopped, and each stream that is up to date gets the new events of its scope.
// So a thousand open streams cost one database read per change, not a thousand. A stream that starts behind (a
// resumed Last-Event-ID, a `since`), or whose client reads slower than the feed grows, reads on its own until it
// is up to date again, then joins; it never makes the others wait.
import type { ChangePage } from '../queries/changes.ts';

export type FeedEvent = ChangePage['events'][number];

export interface FeedListener {
  /** The cursor this stream has sent up to. */
  after: number;
  /** The emergencies it follows; undefined: all. */
  scope: readonly string[] | undefined;
  /**
   * Sends the events (already those after `after` and in its scope); false when the client's buffer is full, so the
   * stream leaves the shared reader and catches up on its own once the client drains.
   */
  deliver(events: FeedEvent[]): boolean;
  /** The stream left the shared reader (it fell behind): its own loop takes over. */
  behind(): void;
}

export interface FeedFanoutOptions {
  /** A page of every emergency's events after a cursor. */
  read(after: number): Promise<ChangePage>;
  /** Moves whenever public data changes (db/change-feed.ts). */
  version(): string;
  pollMs: number;
  onError(err: unknown): void;
}

export class FeedFanout {
  readonly #options: FeedFanoutOptions;
  readonly #live = new Set<FeedListener>();
  /** The cursor the shared reader has read to; null until a stream joins. */
  #head: number | null = null;
  #version = '';
  #reads = 0;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;

  constructor(options: FeedFanoutOptions) {
    this.#options = options;
  }

  /** How many times the shared reader read the feed (each page one read): what the streams cost the database. */
  get reads(): number {
    return this.#reads;
  }

  get liveStreams(): number {
    return this.#live.size;
  }

  /**
   * Joins the shared reader when the stream is up to date with it (its cursor at or past the reader's); false when
   * it is behind and must read on its own first.
   */
  join(listener: FeedListener): boolean {
    if (this.#live.size === 0 && this.#running === null) {
      // Nobody is following: the reader starts where this stream is, rather than reading what nobody waits for. A
      // change may have come since the stream's own read: the next pass reads once whatever the version says.
      this.#head = listener.after;
      this.#version = '';
    }
    if (this.#head === null || listener.after < this.#head) return false;
    this.#live.add(listener);
    this.#timer ??= setInterval(() => this.tick(), this.#options.pollMs).unref();
    return true;
  }

  leave(listener: FeedListener): void {
    this.#live.delete(listener);
    if (this.#live.size === 0 && this.#timer !== null) {
      clearInterval(this.#timer);
      this.#timer = null;
    }
  }

  /** Reads what is new, if anything changed, and hands it out; one pass at a time. */
  tick(): Promise<void> {
    this.#running ??= this.#pass()
      .catch((err: unknown) => this.#options.onError(err))
      .finally(() => {
        this.#running = null;
      });
    return this.#running;
  }

  async #pass(): Promise<void> {
    const version = this.#options.version();
    if (this.#live.size === 0 || version === this.#version || this.#head === null) return;
    this.#version = version;
    for (;;) {
      const page = await this.#options.read(this.#head);
      this.#reads++;
      for (const listener of this.#live) this.#hand(listener, page);
      this.#head = page.next;
      if (!page.hasMore || this.#live.size === 0) return;
    }
  }

  #hand(listener: FeedListener, page: ChangePage): void {
    const { after, scope } = listener;
    const events = page.events.filter(
      (event) => event.cursor > after && (scope === undefined || scope.includes(event.emergencyId)),
    );
    const kept = events.length === 0 || listener.deliver(events);
    listener.after = Math.max(after, page.next);
    if (!kept) {
      this.#live.delete(listener);
      listener.behind();
    }
  }
}
