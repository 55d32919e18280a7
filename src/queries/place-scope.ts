// A leader limited to some places of an emergency: the one check behind the console's guard (every route that
// names a record, a pledge, a route or a claim, in its address, its query or its form), the lists' filter and the
// bulk commands. Unscoped leaders and admins pass without a query.
import type { Context } from '../context.ts';
import { inScope, type PlaceScope } from '../domain/place-scope.ts';
import { AppError } from '../errors.ts';
import { placeScopesByAccount, placesBehind } from '../repositories/place-scopes.ts';
import type { ConsoleUser } from './console-session.ts';
import { placeScopeIn } from './console-session.ts';
import type { EmergencyRow } from './emergencies.ts';
import { type HelpRow, outOfScope, recordInEmergency } from './record-in-emergency.ts';

export type { PlaceScope };
export { inScope, placeScopeIn };

/** Ids look like this (UUID v7, domain/record-id.ts); a form's "id:version" or a list carries them inside. */
const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** A request naming more ids than this is not one leaders' pages make. */
const MAX_IDS = 1000;

/**
 * The record behind a console route: 404 when it is not this emergency's, 403 when it is outside the user's
 * places. The review and record routes' `recordIn` should call this instead of recordInEmergency.
 */
export async function recordInScope(
  ctx: Context,
  user: ConsoleUser,
  emergency: Pick<EmergencyRow, 'id'>,
  id: string,
): Promise<HelpRow> {
  const record = await recordInEmergency(ctx, emergency.id, id, placeScopeIn(user, emergency.id));
  if (!record)
    throw new AppError('not_found', [{ field: 'id', code: 'not_found', message: 'No encontrado.', value: id }]);
  return record;
}

/** Every id-shaped text in these values (strings, arrays of them, objects of them), once each. */
export function idsIn(...values: unknown[]): string[] {
  const found = new Set<string>();
  const visit = (value: unknown, depth: number) => {
    if (found.size > MAX_IDS || depth > 3) return;
    if (typeof value === 'string') {
      for (const m of value.slice(0, 200_000).matchAll(ID)) found.add(m[0].toLowerCase());
    } else if (Array.isArray(value)) {
      for (const v of value) visit(v, depth + 1);
    } else if (value !== null && typeof value === 'object') {
      for (const v of Object.values(value)) visit(v, depth + 1);
    }
  };
  for (const value of values) visit(value, 0);
  return [...found];
}

/**
 * 403 when any of these ids names a record of this emergency outside the scope, or a pledge, route, route claim
 * or report of such a record. Ids of other emergencies or of nothing are left to the route (its 404).
 */
export async function assertIdsInScope(
  ctx: Context,
  emergencyId: string,
  scope: PlaceScope,
  ids: readonly string[],
): Promise<void> {
  if (scope === null || ids.length === 0) return;
  if (ids.length > MAX_IDS) throw new AppError('forbidden');
  const places = await placesBehind(ctx.db, ids);
  for (const place of places) {
    if (place.emergency_id === emergencyId && !inScope(scope, place)) {
      throw new AppError('forbidden', [outOfScope()]);
    }
  }
}

/** Every leader's places, by account id then emergency slug (the accounts page). */
export function placeScopesOfAccounts(ctx: Context): Promise<Map<string, Map<string, string[]>>> {
  return placeScopesByAccount(ctx.db);
}

/** Codes as an administrator types them in one field: separated by spaces, commas or semicolons. */
export function typedPlaces(text: string): string[] {
  return text
    .slice(0, 5000)
    .split(/[\s,;]+/)
    .filter((code) => code !== '');
}
