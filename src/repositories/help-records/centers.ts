// Collection centres: published offers that declared a centre status. Their inventory lines are in inventory.ts.
import type { Store } from '../../db/store.ts';
import type { Db } from '../../db/types.ts';
import type { HelpRow } from './records.ts';

/** Columns a public read of a centre may load: its place and status, never its contact or private fields. */
const CENTER_FIELDS = [
  'h.id',
  'h.emergency_id',
  'h.title',
  'h.address',
  'h.latitude',
  'h.longitude',
  'h.collection_center_status',
  'h.updated_at',
] as const;

export interface CenterRow {
  id: string;
  emergency_id: string;
  emergency_slug: string;
  title: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  collection_center_status: string;
  updated_at: string;
}

/**
 * Published collection centres: approved offers that declared a centre status, and not expired (a centre nobody has
 * confirmed, nor updated its inventory, for RECONFIRM_AFTER_HOURS + EXPIRE_AFTER_HOURS leaves the public reads as
 * every expired record does; its own edit link still reaches it, and an update brings it back).
 */
function publishedCenters(db: Db) {
  return db
    .selectFrom('help_records as h')
    .innerJoin('emergencies as e', 'e.id', 'h.emergency_id')
    .where('h.type', '=', 'offer')
    .where('h.review_status', '=', 'approved')
    .where('h.collection_center_status', 'is not', null)
    .where('h.confirmation_state', '<>', 'expired');
}

/** The record behind a centre, for a write, only while it is a published collection centre. */
export function findPublishedCenter({ db, dialect }: Store, id: string, lock = false): Promise<HelpRow | undefined> {
  let query = db
    .selectFrom('help_records')
    .selectAll()
    .where('id', '=', id)
    .where('type', '=', 'offer')
    .where('review_status', '=', 'approved')
    .where('collection_center_status', 'is not', null);
  if (lock && dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The published centres of these emergencies, by title; withPlace: only those with coordinates. */
export async function centersOf(db: Db, emergencyIds: string[], withPlace = false): Promise<CenterRow[]> {
  if (emergencyIds.length === 0) return [];
  let query = publishedCenters(db)
    .select([...CENTER_FIELDS, 'e.slug as emergency_slug'])
    .where('h.emergency_id', 'in', emergencyIds);
  if (withPlace) query = query.where('h.latitude', 'is not', null).where('h.longitude', 'is not', null);
  const rows = await query.orderBy('e.slug').orderBy('h.title').orderBy('h.id').execute();
  return rows as CenterRow[];
}

/** These records, where they are published centres (the change feed's inventory entries). */
export async function publishedCentersByIds(db: Db, ids: readonly string[]): Promise<CenterRow[]> {
  if (ids.length === 0) return [];
  const rows = await publishedCenters(db)
    .select([...CENTER_FIELDS, 'e.slug as emergency_slug'])
    .where('h.id', 'in', ids)
    .execute();
  return rows as CenterRow[];
}
