// Emergency row -> the public fields every view shares.
import type { EmergencyRow } from '../repositories/emergencies.ts';

export function emergencyFields(row: EmergencyRow) {
  return {
    slug: row.slug,
    name: row.name,
    status: row.status,
    latitude: row.latitude,
    longitude: row.longitude,
    startedAt: row.created_at,
  };
}
