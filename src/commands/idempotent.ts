// Idempotency-Key (IETF draft) around any write: claim, replay, in flight, takeover, completion and release.
//
// The key is claimed (committed) before the work, so a second request with it waits (409) instead of working
// twice; the work completes the claim inside its own transaction, so the record and its stored answer commit
// together or not at all; a failed work releases the claim so the client can retry with the same key.

import type { Context } from '../context.ts';
import type { Db } from '../db/types.ts';
import type { Counted } from '../domain/helper-caps.ts';
import {
  fingerprintOf,
  IDEMPOTENCY_KEY,
  IN_FLIGHT_RETRY_AFTER_S,
  IN_FLIGHT_TIMEOUT_MS,
  idempotencyScope,
  storedKey,
} from '../domain/idempotency-key.ts';
import { AppError } from '../errors.ts';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
  takeOverStaleKey,
} from '../repositories/idempotency.ts';

export interface IdempotentRequest {
  /** The kind of write ('help', ...): the same key used for two operations is two keys. */
  operation: string;
  /** Whose keys these are (idempotencyScope). */
  scope: string;
  /** The client's key, already checked by idempotencyKeyOf. */
  key: string;
  /** fingerprintOf the request as the client sent it. */
  fingerprint: string;
}

/** Stores the answer; call it with the work's own transaction so both commit together. */
export type CompleteClaim = (trx: Db, status: number, answer: unknown) => Promise<void>;

export type Idempotent<T> = { kind: 'fresh'; value: T } | { kind: 'replay'; status: number; body: string };

/** Where a claim that could not be released is reported (a pino logger fits); it is taken over after a minute. */
export interface ReleaseLog {
  error(details: { err: unknown }, message: string): void;
}

/** The header's value as a key, undefined when absent; 400 invalid_idempotency_key when malformed. */
export function idempotencyKeyOf(header: string | readonly string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) throw new AppError('invalid_idempotency_key');
  return header;
}

/** 409 idempotency_key_in_flight, carrying how long to wait (Retry-After). */
function inFlight(): AppError {
  return Object.assign(new AppError('idempotency_key_in_flight'), { retryAfter: IN_FLIGHT_RETRY_AFTER_S });
}

/**
 * Runs `work` once per key: the same key and fingerprint again replays the stored answer; another fingerprint is
 * 422 idempotency_key_reused; a claim still held is 409 idempotency_key_in_flight unless older than
 * IN_FLIGHT_TIMEOUT_MS (its holder died), then it is taken over. `work` must call `complete` in its transaction.
 */
export async function runIdempotent<T>(
  ctx: Context,
  request: IdempotentRequest,
  work: (complete: CompleteClaim) => Promise<T>,
  log?: ReleaseLog,
): Promise<Idempotent<T>> {
  const key = storedKey(request.operation, request.scope, request.key);
  const now = ctx.now();
  const existing = await claimIdempotencyKey(ctx.db, key, request.fingerprint, now.toISOString());
  if (existing) {
    if (existing.fingerprint !== request.fingerprint) throw new AppError('idempotency_key_reused');
    if (existing.state === 'done') {
      return { kind: 'replay', status: existing.status_code ?? 200, body: existing.body ?? '' };
    }
    const staleBefore = new Date(now.getTime() - IN_FLIGHT_TIMEOUT_MS).toISOString();
    if (!(await takeOverStaleKey(ctx.db, key, staleBefore, now.toISOString()))) throw inFlight();
  }
  let completed = false;
  const complete: CompleteClaim = async (trx, status, answer) => {
    await completeIdempotencyKey(trx, key, status, JSON.stringify(answer));
    completed = true;
  };
  let value: T;
  try {
    value = await work(complete);
  } catch (err) {
    await release(ctx.db, key, log);
    throw err;
  }
  // A work that stored no answer leaves nothing to replay: the key is freed rather than left in flight.
  if (!completed) await release(ctx.db, key, log);
  return { kind: 'fresh', value };
}

/** Who sends a public write that may carry an Idempotency-Key: their client scope and address, the key, the body. */
export interface OnceRequest {
  /** clientScope of the address: the per-address caps, and whose keys these are. */
  scope: string;
  /** What the daily limits on pledges and route claims count of this client (domain/helper-caps.ts); 'all' unsaid. */
  counted?: Counted;
  idempotencyKey?: string | readonly string[] | undefined;
  clientIp?: string;
  /** The body as the client sent it (the fingerprint); the parsed input when absent. */
  body?: unknown;
  log?: ReleaseLog;
}

/**
 * A public write (pledge, route claim) once per key of its client: without a key, the work runs as it is; with
 * one, as runIdempotent runs it, so a repeat answers the first answer (with the same code).
 */
export async function runOnce<T>(
  ctx: Context,
  operation: string,
  request: OnceRequest,
  input: unknown,
  work: (complete?: CompleteClaim) => Promise<T>,
): Promise<Idempotent<T>> {
  const key = idempotencyKeyOf(request.idempotencyKey);
  if (key === undefined) return { kind: 'fresh', value: await work() };
  return runIdempotent(
    ctx,
    {
      operation,
      scope: idempotencyScope(null, request.clientIp ?? request.scope),
      key,
      fingerprint: fingerprintOf(request.body ?? input),
    },
    work,
    request.log,
  );
}

/** Frees an in-flight claim; a failure here must not hide the work's own outcome. */
async function release(db: Db, key: string, log: ReleaseLog | undefined): Promise<void> {
  await releaseIdempotencyKey(db, key).catch((err: unknown) => log?.error({ err }, 'key release failed'));
}
