// How many change-feed streams this instance holds open: per client address and in all, so one client (or many)
// cannot take every socket and file descriptor the instance has. A refused stream is told when to try again.
import { AppError, type DetailInput, detail } from '../errors.ts';

/** Seconds a refused client is asked to wait before trying again. */
export const STREAM_RETRY_SECONDS = 30;

export class StreamSlots {
  readonly #perClient: number;
  readonly #total: number;
  readonly #byClient = new Map<string, number>();
  #open = 0;

  constructor(limits: { perClient: number; total: number }) {
    this.#perClient = limits.perClient;
    this.#total = limits.total;
  }

  get open(): number {
    return this.#open;
  }

  /**
   * Takes a slot for a stream of `client` (null: a proxy of the service's own that did not say for whom, counted
   * only in the total), or refuses with 429 too_many_streams; the returned function frees it, once.
   */
  take(client: string | null): () => void {
    if (this.#open >= this.#total) {
      throw refused(detail('', 'streams_per_instance', { code: 'too_many_streams', limit: this.#total }));
    }
    const held = client === null ? 0 : (this.#byClient.get(client) ?? 0);
    if (client !== null && held >= this.#perClient) {
      throw refused(detail('', 'streams_per_client', { code: 'too_many_streams', limit: this.#perClient }));
    }
    this.#open++;
    if (client !== null) this.#byClient.set(client, held + 1);
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      this.#open--;
      if (client === null) return;
      const left = (this.#byClient.get(client) ?? 1) - 1;
      if (left > 0) this.#byClient.set(client, left);
      else this.#byClient.delete(client);
    };
  }
}

function refused(problem: DetailInput): AppError {
  const error = new AppError('too_many_streams', [problem]);
  return Object.assign(error, { retryAfter: STREAM_RETRY_SECONDS });
}
