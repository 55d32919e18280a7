// Leaders limited to some places: one check before every console route of an emergency, so that no route (today's
// or a later one) touches a record outside them. Whatever names a record, a pledge, a route, a route claim or a
// report (the address, the query, the form: a bulk selection of "id:version" too) is looked up, and one outside
// the leader's places is 403 before the route runs. Lists filter by the same scope (queries/place-scope.ts).
import type { FastifyInstance } from 'fastify';
import type { Context } from '../../../context.ts';
import { emergencyFor } from '../../../queries/console-session.ts';
import { assertIdsInScope, idsIn, placeScopeIn } from '../../../queries/place-scope.ts';

/** Every console route the guard stands before ("GET /panel/e/:slug/..."): a test walks them all. */
const guarded = new Set<string>();

export function guardedRoutes(): readonly string[] {
  return [...guarded];
}

export function placeGuard(app: FastifyInstance, ctx: Context): void {
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) guarded.add(`${method} ${route.url}`);
  });
  app.addHook('preHandler', async (request) => {
    const user = request.consoleUser;
    // Unscoped leaders and admins: no query at all.
    if (!user || user.placeScopes.size === 0 || user.role === 'admin') return;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const slug = params.slug;
    if (typeof slug !== 'string' || !request.routeOptions.url?.includes('/e/:slug')) return;
    const emergency = await emergencyFor(ctx, user, slug);
    const scope = placeScopeIn(user, emergency.id);
    if (scope === null) return;
    const { slug: _slug, ...named } = params;
    await assertIdsInScope(ctx, emergency.id, scope, idsIn(named, request.query, request.body));
  });
}
