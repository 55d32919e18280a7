// Sends one webhook message: a POST on a connection of its own whose address is checked as it is resolved, so the
// address checked is the one connected to (a name that resolved to a public address at registration and to a
// private one now is refused now). No redirect is followed, and the whole attempt has a time limit.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { isForbiddenAddress, literalAddress, refusedAddress } from '../../domain/webhook-addresses.ts';
import { API_VERSION } from '../../presenters/discovery.ts';

export const WEBHOOK_USER_AGENT = `AyudaDirecta-Webhooks/${API_VERSION}`;

/** Longest reason kept for a failed attempt: never an echo of what the receiver answered. */
const ERROR_MAX = 200;

export interface PostResult {
  delivered: boolean;
  /** The receiver's HTTP status; null when none came (refused, no connection, no answer in time). */
  status: number | null;
  /** Why it failed, in Spanish for the administrators; null when delivered. */
  error: string | null;
}

export interface PostOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  /** Aborted when the instance stops. */
  signal?: AbortSignal;
}

class RefusedAddressError extends Error {
  readonly code = 'WEBHOOK_ADDRESS_REFUSED';
}

/** dns.lookup that fails when any address of the name is one a webhook must not reach. */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const refused = allowPrivate ? undefined : addresses.find((a) => isForbiddenAddress(a.address));
      if (refused) return callback(new RefusedAddressError(refusedAddress(refused.address)), '');
      const [first] = addresses;
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
      if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}

/**
 * The Standard Webhooks headers of one message: its id, when it was signed, and the signature of all three. The
 * receiver compares webhook-timestamp with its own clock (five minutes either way), so it is the real time of the
 * attempt, whatever clock the rest of the service is given.
 */
export function signedHeaders(
  secret: string,
  messageId: string,
  body: string,
  at: Date = new Date(),
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  };
}

function failed(status: number | null, error: string): PostResult {
  return { delivered: false, status, error: error.slice(0, ERROR_MAX) };
}

function reason(err: NodeJS.ErrnoException, timeoutMs: number): string {
  if (err instanceof RefusedAddressError) return err.message;
  if (err.name === 'AbortError') return 'envío interrumpido: la instancia se detuvo';
  if (err.code === 'TIMEOUT') return `sin respuesta en ${timeoutMs / 1000} s`;
  return `no se pudo conectar (${err.code ?? err.message})`;
}

export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<PostResult> {
  const target = new URL(url);
  const literal = literalAddress(target.hostname);
  // An address written in the URL is connected to without a lookup: it is checked here instead.
  if (literal && !options.allowPrivate && isForbiddenAddress(literal)) {
    return Promise.resolve(failed(null, refusedAddress(literal)));
  }
  return new Promise((resolve) => {
    const client = target.protocol === 'https:' ? https : http;
    let request: http.ClientRequest;
    try {
      request = client.request(target, {
        method: 'POST',
        // A fresh connection every time: a pooled one would skip the address check.
        agent: false,
        lookup: guardedLookup(options.allowPrivate),
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        signal: options.signal,
      });
    } catch (err) {
      resolve(failed(null, reason(err as NodeJS.ErrnoException, options.timeoutMs)));
      return;
    }
    let settled = false;
    const settle = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(result);
    };
    const timer = setTimeout(
      () => settle(failed(null, reason(Object.assign(new Error('timeout'), { code: 'TIMEOUT' }), options.timeoutMs))),
      options.timeoutMs,
    );
    request.once('response', (response) => {
      const status = response.statusCode ?? 0;
      response.resume();
      if (status >= 200 && status < 300) settle({ delivered: true, status, error: null });
      else if (status >= 300 && status < 400)
        settle(failed(status, `respondió HTTP ${status}: no se siguen redirecciones`));
      else settle(failed(status, `respondió HTTP ${status}`));
    });
    request.on('error', (err) => settle(failed(null, reason(err, options.timeoutMs))));
    request.end(body);
  });
}
