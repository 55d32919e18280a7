// Idempotency-Key (IETF draft) rules without I/O: the key's form, the body's fingerprint and whose keys they are.
import { createHash } from 'node:crypto';
import { clientScope } from './client-address.ts';

/** 1 to 255 visible ASCII characters: no space, so a stored key can use one as a separator. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
/** A claim older than this is taken to belong to a request that died. */
export const IN_FLIGHT_TIMEOUT_MS = 60_000;
/** Seconds a client is asked to wait while the same key is still being worked on. */
export const IN_FLIGHT_RETRY_AFTER_S = 2;

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

/**
 * Whose keys these are: a registered source proven by its key, else the client's address (IPv6 per /64), so the
 * same key from two clients never collides and a stored answer (which may hold an editToken) is never replayed to
 * another client.
 */
export function idempotencyScope(registeredSource: string | null, ip: string): string {
  return registeredSource === null ? `client:${clientScope(ip)}` : `source:${registeredSource}`;
}

/** Stored per operation and per scope; the space cannot occur in a scope or a key, so no two ever read alike. */
export function storedKey(operation: string, scope: string, key: string): string {
  return `${operation}:${scope} ${key}`;
}
