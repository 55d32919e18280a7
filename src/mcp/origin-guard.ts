// DNS-rebinding protection: Host and Origin must name this service's public address (SPEC 4.6, DESIGN).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function hostnameOf(host: string): string | null {
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

export function originGuard(baseUrl: string) {
  const base = new URL(baseUrl);
  // A local deployment answers on any loopback name and port (PORT=0, proxies in development).
  const local = LOOPBACK.has(base.hostname);
  const hostAllowed = (host: string | undefined): boolean => {
    if (!host) return false;
    if (local) return LOOPBACK.has(hostnameOf(host) ?? '');
    return host.toLowerCase() === base.host;
  };
  const originAllowed = (origin: string | undefined): boolean => {
    if (origin === undefined) return true; // not a browser: nothing to rebind
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    if (local) return LOOPBACK.has(url.hostname);
    return url.origin === base.origin;
  };
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (!hostAllowed(request.host) || !originAllowed(request.headers.origin)) {
      throw new AppError('forbidden_origin', [
        {
          field: request.headers.origin === undefined ? 'Host' : 'Origin',
          message: 'not allowed',
          code: 'forbidden_origin',
        },
      ]);
    }
  };
}
