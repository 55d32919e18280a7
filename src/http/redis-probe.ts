// Whether Redis answers, for the readiness detail only: /readyz never asks, since the service runs without Redis
// (rate limits are then skipped) and a blink of it must not take every instance out of the balancer.
import type { Redis } from 'ioredis';

export type RedisState = 'reachable' | 'unreachable' | 'not_configured';

/** A PING through a connection of its own that gives up after `timeoutMs` and never retries. */
export async function probeRedis(url: string | null, timeoutMs = 500): Promise<RedisState> {
  if (url === null) return 'not_configured';
  const client: Redis = new (await import('ioredis')).Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  client.on('error', () => {}); // the answer below says it; an unhandled 'error' event would end the process
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('redis ping timed out')), timeoutMs);
  });
  try {
    await Promise.race([client.connect().then(() => client.ping()), timeout]);
    return 'reachable';
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
    client.disconnect();
  }
}
