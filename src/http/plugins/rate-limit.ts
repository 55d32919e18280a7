// Per-client limits: submissions, reads and receipt-code lookups counted apart; shared through Redis when
// REDIS_URL is set.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import { clientScope } from '../../domain/client-address.ts';
import { AppError } from '../../errors.ts';

const REDIS_READY_TIMEOUT_MS = 3000;

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

export interface Limiters {
  submissions: onRequestAsyncHookHandler;
  reads: onRequestAsyncHookHandler;
  /** Looking a submission up by its receipt code (POST /estado). */
  statusLookups: onRequestAsyncHookHandler;
  /** Withdrawing a submission (API DELETE, /retirar). */
  withdrawals: onRequestAsyncHookHandler;
  close(): Promise<void>;
}

export async function registerRateLimit(
  app: FastifyInstance,
  options: { submissionsPerMinute: number; readsPerMinute: number; redisUrl: string | null },
): Promise<Limiters> {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        connectTimeout: 500,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        lazyConnect: false,
      })
    : null;
  redis?.on('error', (err) => app.log.warn({ err }, 'redis unavailable: rate limits are skipped until it answers'));
  if (redis) await readyOrTimeout(redis, REDIS_READY_TIMEOUT_MS);
  await app.register(rateLimit, {
    global: false,
    enableDraftSpec: true,
    // A broken Redis must not take the service down: limits are skipped, requests are served.
    skipOnError: true,
    ...(redis ? { redis, nameSpace: 'ayuda-rl:' } : {}),
    errorResponseBuilder: (_req, context) => {
      const error = new AppError('rate_limited', {
        limit: context.max,
        retryAfterSeconds: Math.ceil(context.ttl / 1000),
      });
      return Object.assign(error, { statusCode: 429 });
    },
  });
  const limiter = (kind: string, max: number) =>
    app.rateLimit({
      max,
      timeWindow: 60_000,
      // IPv6 clients are counted per /64: one subscriber holds the whole prefix.
      keyGenerator: (req: FastifyRequest) => `${kind}:${clientScope(req.ip)}`,
    }) as onRequestAsyncHookHandler;
  return {
    submissions: limiter('submit', options.submissionsPerMinute),
    reads: limiter('read', options.readsPerMinute),
    statusLookups: limiter('status', STATUS_LOOKUPS_PER_MINUTE),
    withdrawals: limiter('withdraw', WITHDRAWALS_PER_MINUTE),
    close: async () => {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
