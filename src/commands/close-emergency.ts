import type { Actor, Context } from '../context.ts';
import { AppError, detail } from '../errors.ts';
import { audit } from '../repositories/audit.ts';
import { closeEmergency as close, type EmergencyRow, findEmergencyBySlug } from '../repositories/emergencies.ts';
import { writePublic } from './write-public.ts';

export async function closeEmergency(ctx: Context, slug: string, actor: Actor): Promise<EmergencyRow> {
  const emergency = await findEmergencyBySlug(ctx.db, slug);
  if (!emergency) throw new AppError('unknown_emergency', [detail('slug', 'unknown_emergency', { value: slug })]);
  if (emergency.status === 'closed')
    throw new AppError('invalid_state', [detail('slug', 'already_closed', { value: slug })]);
  const now = ctx.now().toISOString();
  await writePublic(ctx, async (trx) => {
    await close(trx.db, emergency.id, now);
    await audit(trx.db, {
      actor,
      action: 'emergency_closed',
      targetType: 'emergency',
      targetId: emergency.id,
      at: now,
    });
  });
  return { ...emergency, status: 'closed', closed_at: now };
}
