// DNS-rebinding protection: Host and Origin must name this service's public address (SPEC 4.6, DESIGN).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ownOrigin } from '../contract/own-origin.ts';
import { AppError, detail } from '../errors.ts';

export function originGuard(baseUrl: string) {
  const own = ownOrigin(baseUrl);
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (!own.host(request.host) || !own.origin(request.headers.origin)) {
      throw new AppError('forbidden_origin', [
        detail(request.headers.origin === undefined ? 'Host' : 'Origin', 'forbidden_origin'),
      ]);
    }
  };
}
