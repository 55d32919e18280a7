import { randomUUID } from 'node:crypto';
import type { Actor, Context } from '../context.ts';
import { bounds } from '../domain/bounds.ts';
import { AppError, type ErrorDetail } from '../errors.ts';
import { audit } from '../repositories/audit.ts';
import { type EmergencyRow, findEmergencyBySlug, insertEmergency } from '../repositories/emergencies.ts';
import { slugPattern } from '../schemas/common.ts';
import { writePublic } from './write-public.ts';

export interface NewEmergency {
  slug: string;
  name: string;
  latitude?: number;
  longitude?: number;
}

export async function createEmergency(ctx: Context, input: NewEmergency, actor: Actor): Promise<EmergencyRow> {
  const problems: ErrorDetail[] = [];
  if (!slugPattern.test(input.slug))
    problems.push({
      field: 'slug',
      message: 'Use de 2 a 60 letras a-z, cifras 0-9 y guiones.',
      code: 'invalid_format',
    });
  const name = input.name.trim();
  if (name.length < 3 || name.length > 120)
    problems.push({ field: 'name', message: 'Debe tener de 3 a 120 caracteres.', code: 'out_of_range' });
  const { latitude, longitude } = input;
  if ((latitude === undefined) !== (longitude === undefined)) {
    problems.push({
      field: latitude === undefined ? 'latitude' : 'longitude',
      message: 'La latitud y la longitud van juntas: indique las dos.',
      code: 'coordinates_pair',
    });
  }
  if (latitude !== undefined && !(latitude >= bounds.latitude.min && latitude <= bounds.latitude.max)) {
    problems.push({
      field: 'latitude',
      message: `Debe estar entre ${bounds.latitude.min} y ${bounds.latitude.max}.`,
      code: 'out_of_range',
    });
  }
  if (longitude !== undefined && !(longitude >= bounds.longitude.min && longitude <= bounds.longitude.max)) {
    problems.push({
      field: 'longitude',
      message: `Debe estar entre ${bounds.longitude.min} y ${bounds.longitude.max}.`,
      code: 'out_of_range',
    });
  }
  if (problems.length > 0) throw new AppError('validation_failed', problems);
  if (await findEmergencyBySlug(ctx.db, input.slug)) {
    throw new AppError('invalid_state', [
      { field: 'slug', code: 'slug_taken', message: 'Ya hay una emergencia con ese slug.', value: input.slug },
    ]);
  }
  const now = ctx.now().toISOString();
  const row: EmergencyRow = {
    id: randomUUID(),
    slug: input.slug,
    name,
    status: 'active',
    latitude: latitude ?? null,
    longitude: longitude ?? null,
    created_at: now,
    closed_at: null,
    public_contact: null,
  };
  await writePublic(ctx, async (trx) => {
    await insertEmergency(trx.db, row);
    await audit(trx.db, { actor, action: 'emergency_created', targetType: 'emergency', targetId: row.id, at: now });
  });
  return row;
}
