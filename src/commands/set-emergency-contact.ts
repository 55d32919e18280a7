// An admin sets how the public reaches an emergency's team (a phone, an e-mail or an address); empty removes it.
import * as z from 'zod';
import type { Actor, Context } from '../context.ts';
import { AppError, detail } from '../errors.ts';
import { audit } from '../repositories/audit.ts';
import { type EmergencyRow, findEmergencyBySlug, setEmergencyPublicContact } from '../repositories/emergencies.ts';
import { text } from '../schemas/common.ts';
import { parseOrThrow } from '../schemas/parse.ts';
import { writePublic } from './write-public.ts';

/** One line people can read and copy: long enough for a street address with its city, no more. */
export const CONTACT_MAX = 200;

const input = z.strictObject({ contact: text({ min: 5, max: CONTACT_MAX }) });

export async function setEmergencyContact(
  ctx: Context,
  slug: string,
  contact: string,
  actor: Actor,
): Promise<EmergencyRow> {
  const value = contact.trim() === '' ? null : parseOrThrow(input, { contact }, 'validation_failed').contact;
  const emergency = await findEmergencyBySlug(ctx.db, slug);
  if (!emergency) throw new AppError('unknown_emergency', [detail('slug', 'unknown_emergency', { value: slug })]);
  const now = ctx.now().toISOString();
  // Public pages show it: the change feed tells every cache, as any public write does.
  await writePublic(ctx, async (trx) => {
    await setEmergencyPublicContact(trx.db, emergency.id, value);
    await audit(trx.db, {
      actor,
      action: 'emergency_contact_set',
      targetType: 'emergency',
      targetId: emergency.id,
      details: { contact: value },
      at: now,
    });
  });
  return { ...emergency, public_contact: value };
}
