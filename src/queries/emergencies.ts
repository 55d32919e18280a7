// Emergencies as pages, the console and the CLI read them: one by slug or id, the active ones, every one.
import type { Context } from '../context.ts';
import { type EmergencyRow, findEmergencyBySlug, listEmergencies } from '../repositories/emergencies.ts';

export type { EmergencyRow };

/** The emergency with this slug, whatever its status; undefined when there is none. */
export function findEmergency(ctx: Context, slug: string): Promise<EmergencyRow | undefined> {
  return findEmergencyBySlug(ctx.db, slug);
}

export function activeEmergencies(ctx: Context): Promise<EmergencyRow[]> {
  return listEmergencies(ctx.db, true);
}

/** Active and closed alike, for the console and the CLI. */
export function allEmergencies(ctx: Context): Promise<EmergencyRow[]> {
  return listEmergencies(ctx.db, false);
}

/** How to reach one emergency's team, as the public pages show it; null when nobody has set it. */
export async function emergencyPublicContact(ctx: Context, slug: string): Promise<string | null> {
  return (await findEmergencyBySlug(ctx.db, slug))?.public_contact ?? null;
}

/** Each active emergency with its public contact (null when not set), for the privacy page. */
export async function activeEmergencyContacts(
  ctx: Context,
): Promise<{ slug: string; name: string; contact: string | null }[]> {
  const rows = await listEmergencies(ctx.db, true);
  return rows.map((row) => ({ slug: row.slug, name: row.name, contact: row.public_contact }));
}
