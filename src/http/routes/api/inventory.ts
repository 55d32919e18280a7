// GET /api/public/v1/inventario (SPEC 4.4): the inventory of an emergency's collection centres.
import type { FastifyInstance } from 'fastify';
import type { Context } from '../../../context.ts';
import { inventoryRoute } from '../../../contract/routes/inventory.ts';
import { readInventory } from '../../../queries/inventory.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';
import type { ResponseCache } from '../../response-cache.ts';
import { cachedRead } from './cached-read.ts';

const MINUTE_MS = 60_000;

export function inventoryRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters, cache: ResponseCache): void {
  cachedRead(
    app,
    inventoryRoute,
    { limiters, cache },
    // SPEC 4.4 names the failure: the client learns the inventory is unreadable, the log gets the cause.
    (query) => readInventory(ctx, query),
    // Each line's age (hoursSinceUpdate, stale) moves with the clock, not only with writes: one entry a minute.
    { key: (request) => `${request.url}#${Math.floor(ctx.now().getTime() / MINUTE_MS)}` },
  );
}
