// Which emergency a submission goes to (DESIGN.md: the one active, or the slug given).

import type { Db } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { type EmergencyRow, findEmergencyBySlug, listEmergencies } from '../repositories/emergencies.ts';

export async function resolveSubmissionEmergency(db: Db, slug: string | undefined): Promise<EmergencyRow> {
  if (slug) {
    const emergency = await findEmergencyBySlug(db, slug);
    if (!emergency) {
      throw new AppError('unknown_emergency', [{ field: 'emergencySlug', message: slug, code: 'unknown_emergency' }]);
    }
    if (emergency.status !== 'active') {
      throw new AppError('emergency_closed', [{ field: 'emergencySlug', message: slug, code: 'emergency_closed' }]);
    }
    return emergency;
  }
  const active = await listEmergencies(db, true);
  if (active.length === 1) return active[0] as EmergencyRow;
  if (active.length === 0) throw new AppError('no_active_emergency');
  throw new AppError('emergency_required', [
    {
      field: 'emergencySlug',
      message: active.map((e) => e.slug).join(', '),
      code: 'required',
      slugs: active.map((e) => e.slug),
    },
  ]);
}
