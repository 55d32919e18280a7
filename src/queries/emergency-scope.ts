// Which emergencies a read covers: the one named, or every active one.

import type { Db } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { type EmergencyRow, findEmergencyBySlug, listEmergencies } from '../repositories/emergencies.ts';

export async function emergencyScope(
  db: Db,
  slug: string | undefined,
  field = 'emergencySlug',
): Promise<EmergencyRow[]> {
  if (!slug) return listEmergencies(db, true);
  const emergency = await findEmergencyBySlug(db, slug);
  if (!emergency) throw new AppError('unknown_emergency', [{ field, message: slug, code: 'unknown_emergency' }]);
  return [emergency];
}
