// A pledge's or a route claim's request as the daily limits take it (commands/helper-client.ts): the client's scope,
// the bearer credential of an integration or a centre's edit link, and whether the address is one of the service's
// own proxies (TRUST_PROXY).
import type { FastifyRequest } from 'fastify';
import { helperClient } from '../commands/helper-client.ts';
import type { OnceRequest } from '../commands/idempotent.ts';
import type { Context } from '../context.ts';
import { clientScope } from '../domain/client-address.ts';
import { ownProxyReader } from './client-address.ts';
import { onceRequest } from './idempotent-reply.ts';
import { bearer } from './request-values.ts';

export type HelperRequests = (
  request: FastifyRequest,
  options?: { bearer?: boolean; idempotencyKey?: string; body?: unknown },
) => Promise<OnceRequest>;

export function helperRequests(ctx: Context): HelperRequests {
  const ownProxy = ownProxyReader(ctx.config.trustProxy);
  return async (request, options = {}) => {
    const credential = options.bearer === false ? undefined : bearer(request.headers.authorization);
    const client = await helperClient(ctx, {
      scope: clientScope(request.ip),
      credential,
      ownProxy: ownProxy(request.ip),
    });
    const once = onceRequest(request);
    return {
      ...once,
      counted: client.counted,
      ...(options.idempotencyKey === undefined ? {} : { idempotencyKey: options.idempotencyKey }),
      ...(options.body === undefined ? {} : { body: options.body }),
    };
  };
}
