// The reference of one request: every response carries it as X-Request-Id, every log line of the request names it,
// and error pages show it, so what a person reads out on the phone leads the team to the lines of what went wrong.
import { randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ownProxyReader } from './client-address.ts';

export const REQUEST_ID_HEADER = 'x-request-id';
/** The field that names the request on each log line: Fastify's request logger and the fast path's line alike. */
export const REQUEST_ID_LOG_LABEL = 'requestId';

/**
 * REF- and ten digits: digits are what people read out best (a Colombian mobile number has ten), and neither the
 * prefix nor digits alone can be taken for a receipt code (three groups of letters and digits, K7P-42Q-X9M-D3R).
 * Ten digits, not fewer: a day's requests of a busy instance rarely share one.
 */
export const GENERATED_REQUEST_ID = /^REF-\d{10}$/;
const DIGITS = 10;

/**
 * What a proxy's id may be: short, and nothing that a header, a page or a log line would have to escape (the
 * characters of a UUID, a trace id or a load balancer's "Root=1-…" reference).
 */
const FORWARDED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function newRequestId(): string {
  return `REF-${String(randomInt(10 ** DIGITS)).padStart(DIGITS, '0')}`;
}

/** The id of each request seen so far: the fast path and Fastify ask for it at different moments. */
const assigned = new WeakMap<IncomingMessage, string>();

/** The request's id once one was given (by requestIdReader), else undefined. */
export function requestIdOf(raw: IncomingMessage): string | undefined {
  return assigned.get(raw);
}

/**
 * The id of a request, the same each time it is asked: a trusted proxy's X-Request-Id when it has the accepted form,
 * else a new one. Only a proxy TRUST_PROXY names (any peer, with `true`) may choose it: a client cannot plant a text
 * of its own in the team's logs or on a page that someone else is told to read out.
 */
export function requestIdReader(trustProxy: boolean | string): (raw: IncomingMessage) => string {
  const trusted = trustProxy === true ? () => true : ownProxyReader(trustProxy);
  return (raw) => {
    const known = assigned.get(raw);
    if (known !== undefined) return known;
    const forwarded = raw.headers[REQUEST_ID_HEADER];
    const id =
      typeof forwarded === 'string' && FORWARDED_REQUEST_ID.test(forwarded) && trusted(raw.socket?.remoteAddress ?? '')
        ? forwarded
        : newRequestId();
    assigned.set(raw, id);
    return id;
  };
}
