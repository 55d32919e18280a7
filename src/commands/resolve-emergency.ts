// Which emergency a submission goes to (DESIGN.md: the one active, or the slug given).

import type { Db } from '../db/types.ts';
import { AppError, detail } from '../errors.ts';
import { type EmergencyRow, findEmergencyBySlug, listEmergencies } from '../repositories/emergencies.ts';

export async function resolveSubmissionEmergency(db: Db, slug: string | undefined): Promise<EmergencyRow> {
  if (slug) {
    const emergency = await findEmergencyBySlug(db, slug);
    if (!emergency) {
      throw new AppError('unknown_emergency', [detail('emergencySlug', 'unknown_emergency', { value: slug })]);
    }
    if (emergency.status !== 'active') {
      throw new AppError('emergency_closed', [detail('emergencySlug', 'emergency_closed', { value: slug })]);
    }
    return emergency;
  }
  const active = await listEmergencies(db, true);
  if (active.length === 1) return active[0] as EmergencyRow;
  if (active.length === 0) throw new AppError('no_active_emergency');
  throw new AppError('emergency_required', [
    detail('emergencySlug', 'choose_emergency', { code: 'required', slugs: active.map((e) => e.slug) }),
  ]);
}
