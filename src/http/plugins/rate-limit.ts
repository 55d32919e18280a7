// Per-client limits: submissions, reads and receipt-code lookups counted apart, in fixed windows of a minute; shared
// through Redis when REDIS_URL is set. One counter serves the route hooks and the cached-read fast path
// (src/http/fast-reads.ts), so a client is counted once per request whichever path answers it.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { clientScope } from '../../domain/client-address.ts';
import { AppError, detail } from '../../errors.ts';
import type { ClientAddress } from '../client-address.ts';

const REDIS_READY_TIMEOUT_MS = 3000;
const WINDOW_MS = 60_000;
/** A broken Redis must not hold requests: a count that takes longer is skipped. */
const REDIS_COUNT_TIMEOUT_MS = 500;

/**
 * /estado lookups per client address a minute. Fixed, not configurable: the receipt code's length is chosen for it
 * (domain/receipt-code.ts: one address guessing for a year against a million codes finds one with ~1.1e-4).
 */
export const STATUS_LOOKUPS_PER_MINUTE = 20;

/**
 * Withdrawal attempts per client address a minute (DELETE with an edit token, /retirar with a receipt code and a
 * WhatsApp number): a wrong credential answers like an unknown id, and guessing is as slow as /estado.
 */
export const WITHDRAWALS_PER_MINUTE = 20;

/** One request counted: how many the client made in the current window, and when the window ends. */
export interface Count {
  current: number;
  ttlMs: number;
}

/** Where counts live: in this process, or in Redis for every instance. */
interface Counter {
  hit(key: string): Count | Promise<Count>;
  close(): Promise<void>;
}

/** Fixed windows in a Map; windows that ended are dropped once a window, so the Map holds about a minute of clients. */
class LocalCounter implements Counter {
  readonly #windows = new Map<string, { count: number; endsAt: number }>();
  readonly #sweep = setInterval(() => this.#dropEnded(Date.now()), WINDOW_MS).unref();

  hit(key: string): Count {
    const now = Date.now();
    const window = this.#windows.get(key);
    if (window === undefined || window.endsAt <= now) {
      this.#windows.set(key, { count: 1, endsAt: now + WINDOW_MS });
      return { current: 1, ttlMs: WINDOW_MS };
    }
    window.count++;
    return { current: window.count, ttlMs: window.endsAt - now };
  }

  #dropEnded(now: number): void {
    for (const [key, window] of this.#windows) if (window.endsAt <= now) this.#windows.delete(key);
  }

  async close(): Promise<void> {
    clearInterval(this.#sweep);
  }
}

// The window starts with the first request: INCR, and on 1 the expiry; the answer carries what is left of it.
const HIT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}`;

class RedisCounter implements Counter {
  readonly #redis: Redis;
  constructor(redis: Redis) {
    this.#redis = redis;
    redis.defineCommand('ayudaRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  }

  async hit(key: string): Promise<Count> {
    const command = (
      this.#redis as unknown as { ayudaRateHit(key: string, windowMs: number): Promise<[number, number]> }
    ).ayudaRateHit;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('redis count timed out')), REDIS_COUNT_TIMEOUT_MS);
    });
    try {
      const [current, ttlMs] = await Promise.race([command.call(this.#redis, `ayuda-rl:${key}`, WINDOW_MS), timeout]);
      return { current, ttlMs };
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }
}

/** Client keys remembered, by address: the IPv6 /64 and the key string are worked out once per client. */
const MAX_KEYS_REMEMBERED = 10_000;

/** One limit: a kind of request and how many a client may make a minute. */
export class RateLimit {
  readonly kind: string;
  readonly max: number;
  readonly #counter: Counter;
  readonly #address: ClientAddress;
  readonly #onError: (err: unknown) => void;
  /** Where a request keeps its count for this limit, so a request passed from one path to another counts once. */
  readonly #counted = Symbol('rate-limit-count');
  readonly #keys = new Map<string, string>();
  /** The Fastify hook (onRequest or preHandler): counts, sets the RateLimit headers, throws rate_limited past max. */
  readonly hook: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

  constructor(kind: string, max: number, counter: Counter, address: ClientAddress, onError: (err: unknown) => void) {
    this.kind = kind;
    this.max = max;
    this.#counter = counter;
    this.#address = address;
    this.#onError = onError;
    this.hook = async (request, reply) => {
      const count = await this.count(request.raw);
      for (const [name, value] of this.headers(count)) reply.header(name, value);
      if (this.exceeded(count)) {
        const retryAfterSeconds = this.resetSeconds(count);
        reply.header('retry-after', retryAfterSeconds);
        throw new AppError('rate_limited', [detail('', 'rate_limited', { limit: this.max, retryAfterSeconds })]);
      }
    };
  }

  /**
   * Counts the request once (a second call for the same request gives the first count). null: the counter failed
   * (Redis unreachable), and the request is served uncounted rather than refused.
   */
  count(raw: IncomingMessage): Count | null | Promise<Count | null> {
    const request = raw as IncomingMessage & Record<symbol, Count | null | undefined>;
    const known = request[this.#counted];
    if (known !== undefined) return known;
    let hit: Count | Promise<Count>;
    try {
      hit = this.#counter.hit(this.#keyOf(this.#address(raw)));
    } catch (err) {
      return this.#failed(request, err);
    }
    if (!(hit instanceof Promise)) {
      request[this.#counted] = hit;
      return hit;
    }
    return hit.then(
      (count) => {
        request[this.#counted] = count;
        return count;
      },
      (err: unknown) => this.#failed(request, err),
    );
  }

  #keyOf(address: string): string {
    let key = this.#keys.get(address);
    if (key === undefined) {
      if (this.#keys.size >= MAX_KEYS_REMEMBERED) this.#keys.clear();
      key = `${this.kind}:${clientScope(address)}`;
      this.#keys.set(address, key);
    }
    return key;
  }

  #failed(request: Record<symbol, Count | null | undefined>, err: unknown): null {
    this.#onError(err);
    request[this.#counted] = null;
    return null;
  }

  exceeded(count: Count | null): boolean {
    return count !== null && count.current > this.max;
  }

  resetSeconds(count: Count | null): number {
    return count === null ? 0 : Math.ceil(count.ttlMs / 1000);
  }

  remaining(count: Count | null): number {
    return count === null ? this.max : Math.max(0, this.max - count.current);
  }

  /** RateLimit-Limit, -Remaining and -Reset (IETF draft names), in that order. */
  headers(count: Count | null): [string, string][] {
    return [
      ['ratelimit-limit', String(this.max)],
      ['ratelimit-remaining', String(this.remaining(count))],
      ['ratelimit-reset', String(this.resetSeconds(count))],
    ];
  }
}

export interface Limiters {
  submissions: RateLimit['hook'];
  reads: RateLimit['hook'];
  /** Looking a submission up by its receipt code (POST /estado). */
  statusLookups: RateLimit['hook'];
  /** Withdrawing a submission (API DELETE, /retirar). */
  withdrawals: RateLimit['hook'];
  /** The reads limit itself, for the cached-read fast path. */
  readLimit: RateLimit;
  close(): Promise<void>;
}

/** Start counting from the first request when Redis is up; never block start-up on it. */
function readyOrTimeout(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export async function registerRateLimit(
  app: FastifyInstance,
  options: { submissionsPerMinute: number; readsPerMinute: number; redisUrl: string | null },
  address: ClientAddress,
): Promise<Limiters> {
  // Loaded only when configured: a single instance never pays for the Redis client at start-up.
  const redis = options.redisUrl
    ? new (await import('ioredis')).Redis(options.redisUrl, {
        connectTimeout: 500,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        lazyConnect: false,
      })
    : null;
  // A broken Redis must not take the service down: limits are skipped, requests are served.
  redis?.on('error', (err) => app.log.warn({ err }, 'redis unavailable: rate limits are skipped until it answers'));
  if (redis) await readyOrTimeout(redis, REDIS_READY_TIMEOUT_MS);
  const counter: Counter = redis ? new RedisCounter(redis) : new LocalCounter();
  // Redis's own 'error' event already says it is down: one line per request would flood the log.
  const onError = (err: unknown) => app.log.debug({ err }, 'rate limit not counted');
  const limit = (kind: string, max: number) => new RateLimit(kind, max, counter, address, onError);
  const reads = limit('read', options.readsPerMinute);
  return {
    submissions: limit('submit', options.submissionsPerMinute).hook,
    reads: reads.hook,
    statusLookups: limit('status', STATUS_LOOKUPS_PER_MINUTE).hook,
    withdrawals: limit('withdraw', WITHDRAWALS_PER_MINUTE).hook,
    readLimit: reads,
    close: () => counter.close(),
  };
}
