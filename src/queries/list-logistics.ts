// Logistics routes of one emergency (SPEC 4.5): available ones only; the public side never manages them.
import type { Context } from '../context.ts';
import { AppError, detail } from '../errors.ts';
import { presentLogisticsOperation } from '../presenters/logistics-operation.ts';
import { findEmergencyBySlug } from '../repositories/emergencies.ts';
import { availableRoutes } from '../repositories/logistics.ts';
import type { LogisticsOperationList } from '../schemas/logistics-operation.ts';

export async function listLogistics(
  ctx: Context,
  emergencySlug: string,
  field = 'emergencia',
): Promise<LogisticsOperationList> {
  const emergency = await findEmergencyBySlug(ctx.db, emergencySlug);
  if (!emergency) {
    throw new AppError('unknown_emergency', [detail(field, 'unknown_emergency', { value: emergencySlug })]);
  }
  const rows = await availableRoutes(ctx.db, emergency.id);
  return { operations: rows.map((row) => presentLogisticsOperation(row, emergency.slug)), canManage: false };
}
