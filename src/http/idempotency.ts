// Idempotency-Key (IETF draft): the same key and body replay the first answer; the key is claimed before the work.
import { createHash } from 'node:crypto';

export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
/** A claim older than this is taken to belong to a request that died. */
export const IN_FLIGHT_TIMEOUT_MS = 60_000;

/** Canonical JSON (sorted keys) so that the same body always has the same fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

export function fingerprintOf(body: unknown): string {
  return createHash('sha256').update(canonical(body)).digest('hex');
}

/** Keys are stored per operation so one key cannot collide across endpoints. */
export function storedKey(operation: string, key: string): string {
  return `${operation}:${key}`;
}
