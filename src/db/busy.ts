// Errors that say the database is busy or out of reach for a moment, not that the request is wrong: a caller that
// retries (KoboToolbox retries on 503) succeeds later. Anything else is the request's or the service's own fault.

/** SQLite's primary result codes SQLITE_BUSY and SQLITE_LOCKED (extended codes keep them in the low byte). */
const SQLITE_BUSY_CODES = new Set([5, 6]);

/**
 * PostgreSQL SQLSTATEs of a server that cannot take the work now: connection exceptions (08xxx), too many
 * connections or out of resources (53xxx), shutting down or starting (57P01-57P03), a lock not available (55P03),
 * a serialization failure or deadlock (40001, 40P01).
 */
const PG_BUSY_STATES = /^(08\d{3}|53\d{3}|57P0[123]|55P03|40001|40P01)$/;

/** Sockets that did not reach, or lost, the PostgreSQL server. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'EAI_AGAIN']);

/** What pg's pool and client say when no connection could be had or one was cut. */
const PG_POOL_MESSAGES = /timeout exceeded when trying to connect|Connection terminated/i;

export function isDatabaseBusy(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, errcode, message } = err as { code?: unknown; errcode?: unknown; message?: unknown };
  if (code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number') return SQLITE_BUSY_CODES.has(errcode & 0xff);
  if (typeof code === 'string' && (PG_BUSY_STATES.test(code) || NETWORK_CODES.has(code))) return true;
  return typeof message === 'string' && PG_POOL_MESSAGES.test(message);
}
