// The answer of a write run once per Idempotency-Key (commands/idempotent.ts): 202 with the fresh result, or the
// stored answer again, marked Idempotent-Replayed; a key still in flight says when to try again (Retry-After).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Idempotent, OnceRequest } from '../commands/idempotent.ts';
import { clientScope } from '../domain/client-address.ts';
import { AppError } from '../errors.ts';

export async function sendIdempotent<T>(reply: FastifyReply, work: Promise<Idempotent<T>>): Promise<FastifyReply> {
  const answer = await work.catch((err: unknown) => {
    // 409 idempotency_key_in_flight says when to try again.
    if (err instanceof AppError && 'retryAfter' in err) reply.header('retry-after', String(err.retryAfter));
    throw err;
  });
  if (answer.kind === 'fresh') return reply.code(202).send(answer.value);
  return reply
    .code(answer.status)
    .header('idempotent-replayed', 'true')
    .header('content-type', 'application/json; charset=utf-8')
    .send(answer.body);
}

/** What a public write run once per key needs of its request: the client's scope and address, the key, the body. */
export function onceRequest(request: FastifyRequest): OnceRequest {
  return {
    scope: clientScope(request.ip),
    clientIp: request.ip,
    idempotencyKey: request.headers['idempotency-key'],
    body: request.body,
    log: request.log,
  };
}
