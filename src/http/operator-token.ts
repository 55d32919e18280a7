// Operators' routes on the service's port ask for `Authorization: Bearer <METRICS_TOKEN>`; a wrong or missing token is
// 401 integration_unauthorized naming the header, as GET /metrics answers it.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { preferredLanguage } from './language.ts';

const MISSING = {
  es: 'Falta el token de operación (METRICS_TOKEN) o no es correcto.',
  en: 'The operations token (METRICS_TOKEN) is missing or wrong.',
};

/** An onRequest hook that lets through only requests carrying `token`. */
export function requireOperatorToken(token: string) {
  const expected = digest(token);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization;
    const given = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : null;
    // Compared as digests of equal length: the time taken says nothing about the token.
    if (given !== null && timingSafeEqual(digest(given), expected)) return;
    reply.header('www-authenticate', 'Bearer');
    const lang = preferredLanguage(request.headers['accept-language']);
    throw new AppError('integration_unauthorized', [
      { field: 'authorization', message: MISSING[lang], code: 'unauthorized' },
    ]);
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
