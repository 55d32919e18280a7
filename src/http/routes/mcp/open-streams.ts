// Long-lived MCP streams open on this instance: 2025-era GET streams (per session) and 2026-07-28
// subscriptions/listen streams (no session), capped per session and per client address so no client can hold
// the instance's sockets.
import type { ServerResponse } from 'node:http';
import { AppError, type DetailInput, detail } from '../../../errors.ts';

/** Open streams allowed on this instance: per session, and per client address (IPv6 per /64). */
export const MAX_STREAMS_PER_SESSION = 4;
export const MAX_STREAMS_PER_CLIENT = 32;

/** How often open streams check that their session still exists (a DELETE may reach another instance). */
export const STREAM_CHECK_MS = 2_000;

/**
 * Streams open on this instance, by session, so DELETE and shutdown can end them. A session ended on another
 * instance (or purged when idle) is found by a periodic check of the session rows. A listen stream has no
 * session: it counts against its client address only, and ends with the client or at shutdown.
 */
export class OpenStreams {
  readonly #bySession = new Map<string, Set<ServerResponse>>();
  readonly #sessionless = new Set<ServerResponse>();
  readonly #byClient = new Map<string, number>();
  readonly #exists: (ids: string[]) => Promise<Set<string>>;
  readonly #onError: (err: unknown) => void;
  #timer: NodeJS.Timeout | null = null;
  constructor(exists: (ids: string[]) => Promise<Set<string>>, onError: (err: unknown) => void) {
    this.#exists = exists;
    this.#onError = onError;
  }
  /**
   * Takes a slot for the stream, or refuses with 429 too_many_streams; the slot is freed when the stream closes.
   * `sessionId` null: a stream outside any session (subscriptions/listen).
   */
  add(sessionId: string | null, client: string, res: ServerResponse): void {
    const set = sessionId === null ? this.#sessionless : (this.#bySession.get(sessionId) ?? new Set());
    const held = this.#byClient.get(client) ?? 0;
    if (sessionId !== null && set.size >= MAX_STREAMS_PER_SESSION) {
      throw tooManyStreams(
        detail('Mcp-Session-Id', 'streams_per_session', { code: 'too_many_streams', limit: MAX_STREAMS_PER_SESSION }),
      );
    }
    if (held >= MAX_STREAMS_PER_CLIENT) {
      throw tooManyStreams(
        detail('', 'streams_per_client', { code: 'too_many_streams', limit: MAX_STREAMS_PER_CLIENT }),
      );
    }
    set.add(res);
    if (sessionId !== null) this.#bySession.set(sessionId, set);
    this.#byClient.set(client, held + 1);
    res.once('close', () => {
      set.delete(res);
      if (sessionId !== null && set.size === 0) this.#bySession.delete(sessionId);
      const left = (this.#byClient.get(client) ?? 1) - 1;
      if (left > 0) this.#byClient.set(client, left);
      else this.#byClient.delete(client);
      if (this.#bySession.size === 0) this.#stopChecking();
    });
    if (sessionId !== null) {
      this.#timer ??= setInterval(() => this.#check().catch(this.#onError), STREAM_CHECK_MS).unref();
    }
  }
  /** Ends the streams of one session, or every stream (shutdown). */
  end(sessionId?: string): void {
    const sets = sessionId ? [this.#bySession.get(sessionId)] : [...this.#bySession.values(), this.#sessionless];
    for (const set of sets) for (const res of set ?? []) res.end();
  }
  async #check(): Promise<void> {
    const ids = [...this.#bySession.keys()];
    const alive = await this.#exists(ids);
    for (const id of ids) if (!alive.has(id)) this.end(id);
  }
  #stopChecking(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }
}

function tooManyStreams(problem: DetailInput): AppError {
  return new AppError('too_many_streams', [problem]);
}
