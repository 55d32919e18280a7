// One record as leaders see it (every column), only when it belongs to the emergency they are working on and,
// for a leader limited to some places, to one of those places.
import type { Context } from '../context.ts';
import { inScope, type PlaceScope } from '../domain/place-scope.ts';
import { AppError } from '../errors.ts';
import { findById, type HelpRow } from '../repositories/help-records/records.ts';

export type { HelpRow };

/**
 * The record when it is this emergency's (undefined otherwise: "not found" there, whoever asks). With a scope, a
 * record of the emergency outside it is 403: the leader knows it exists (a link, a duplicate) but may not touch it.
 */
export async function recordInEmergency(
  ctx: Context,
  emergencyId: string,
  id: string,
  scope: PlaceScope = null,
): Promise<HelpRow | undefined> {
  const record = await findById(ctx, id);
  if (!record || record.emergency_id !== emergencyId) return undefined;
  if (!inScope(scope, record)) throw new AppError('forbidden', [outOfScope(id)]);
  return record;
}

/** The detail a refusal for a place outside the leader's scope carries (console and CLI say it in Spanish). */
export function outOfScope(id?: string) {
  return {
    field: 'id',
    code: 'outside_place_scope',
    message: 'Esta publicación es de un municipio fuera de los que usted atiende en esta emergencia.',
    ...(id === undefined ? {} : { value: id }),
  };
}
