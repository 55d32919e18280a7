// One record as leaders see it (every column), only when it belongs to the emergency they are working on.
import type { Context } from '../context.ts';
import { findById, type HelpRow } from '../repositories/help-records/records.ts';

export type { HelpRow };

export async function recordInEmergency(ctx: Context, emergencyId: string, id: string): Promise<HelpRow | undefined> {
  const record = await findById(ctx, id);
  return record && record.emergency_id === emergencyId ? record : undefined;
}
