// Which emergencies a read covers: the one named, or every active one.

import type { Db } from '../db/types.ts';
import { AppError, detail } from '../errors.ts';
import { type EmergencyRow, findEmergencyBySlug, listEmergencies } from '../repositories/emergencies.ts';

/** A named slug that matches nothing is an answer a page shows, not a failure. */
export type EmergencyScope = { found: true; emergencies: EmergencyRow[] } | { found: false; slug: string };

export async function findEmergencyScope(db: Db, slug: string | undefined): Promise<EmergencyScope> {
  if (!slug) return { found: true, emergencies: await listEmergencies(db, true) };
  const emergency = await findEmergencyBySlug(db, slug);
  return emergency ? { found: true, emergencies: [emergency] } : { found: false, slug };
}

/** The API's reading: an unknown slug is 400 unknown_emergency on the given field. */
export async function emergencyScope(
  db: Db,
  slug: string | undefined,
  field = 'emergencySlug',
): Promise<EmergencyRow[]> {
  const scope = await findEmergencyScope(db, slug);
  if (!scope.found) {
    throw new AppError('unknown_emergency', [detail(field, 'unknown_emergency', { value: scope.slug })]);
  }
  return scope.emergencies;
}
