// Emergencies: the events aid is organised around.
import type { Db, EmergenciesTable } from '../db/types.ts';

export type EmergencyRow = EmergenciesTable;

export function findEmergencyBySlug(db: Db, slug: string): Promise<EmergencyRow | undefined> {
  return db.selectFrom('emergencies').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export function findEmergencyById(db: Db, id: string): Promise<EmergencyRow | undefined> {
  return db.selectFrom('emergencies').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listEmergencies(db: Db, onlyActive: boolean): Promise<EmergencyRow[]> {
  let query = db.selectFrom('emergencies').selectAll();
  if (onlyActive) query = query.where('status', '=', 'active');
  return query.orderBy('created_at', 'desc').orderBy('slug').execute();
}

export async function insertEmergency(db: Db, row: EmergencyRow): Promise<void> {
  await db.insertInto('emergencies').values(row).execute();
}

export async function closeEmergency(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('emergencies').set({ status: 'closed', closed_at: at }).where('id', '=', id).execute();
}

/** What the public pages show as the way to reach the emergency's team; null takes it away. */
export async function setEmergencyPublicContact(db: Db, id: string, contact: string | null): Promise<void> {
  await db.updateTable('emergencies').set({ public_contact: contact }).where('id', '=', id).execute();
}

/** Emergencies whose public contact has the hint in it (the caller checks each exactly). */
export function emergencyContactsLike(db: Db, hint: string) {
  return db
    .selectFrom('emergencies')
    .select(['id', 'name', 'public_contact'])
    .where('public_contact', 'like', `%${hint}%`)
    .execute();
}

/** Slugs by id (the change feed names each event's emergency by its slug). */
export async function slugsOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('emergencies').select(['id', 'slug']).where('id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.id, row.slug]));
}
