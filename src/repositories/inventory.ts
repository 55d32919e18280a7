// The only code that reads and writes collection-centre inventory lines and the centres' edit links.
import type { Selectable } from 'kysely';
import type { CenterEditLinksTable, Db, Dialect, InventoryKind, InventoryLinesTable } from '../db/types.ts';
import type { HelpRow } from './help-records.ts';

export type InventoryLineRow = Selectable<InventoryLinesTable>;

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

export type NewLine = Omit<InventoryLineRow, 'created_at' | 'updated_at'> & { at: string };

/** Insert, or update the line with the same centre, kind, category and unit; returns the stored line. */
export async function upsertLine(db: Db, line: NewLine): Promise<InventoryLineRow> {
  return db
    .insertInto('inventory_lines')
    .values({
      id: line.id,
      emergency_id: line.emergency_id,
      center_id: line.center_id,
      kind: line.kind,
      category: line.category,
      quantity: line.quantity,
      unit: line.unit,
      note: line.note,
      created_at: line.at,
      updated_at: line.at,
    })
    .onConflict((oc) =>
      oc.columns(['center_id', 'kind', 'category', 'unit']).doUpdateSet({
        quantity: line.quantity,
        note: line.note,
        updated_at: line.at,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findLine(db: Db, dialect: Dialect, id: string, lock = false): Promise<InventoryLineRow | undefined> {
  let query = db.selectFrom('inventory_lines').selectAll().where('id', '=', id);
  if (lock && dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function deleteLine(db: Db, id: string): Promise<void> {
  await db.deleteFrom('inventory_lines').where('id', '=', id).execute();
}

/** A centre's lines: what it has, then what it needs; the freshest first within each. */
export function linesByCenter(db: Db, centerId: string): Promise<InventoryLineRow[]> {
  return db
    .selectFrom('inventory_lines')
    .selectAll()
    .where('center_id', '=', centerId)
    .orderBy('kind')
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Published collection centres: approved offers that declared a centre status. */
function publishedCenters(db: Db) {
  return db
    .selectFrom('help_records as h')
    .innerJoin('emergencies as e', 'e.id', 'h.emergency_id')
    .where('h.type', '=', 'offer')
    .where('h.review_status', '=', 'approved')
    .where('h.collection_center_status', 'is not', null);
}

/** The record behind a centre, for a write, only while it is a published collection centre. */
export function findPublishedCenter(db: Db, dialect: Dialect, id: string, lock = false): Promise<HelpRow | undefined> {
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

/** Lines of an emergency's published centres, optionally of one category; the freshest first. */
export function linesOfPublishedCenters(db: Db, emergencyId: string, category?: string): Promise<InventoryLineRow[]> {
  let query = db
    .selectFrom('inventory_lines as l')
    .innerJoin('help_records as h', 'h.id', 'l.center_id')
    .selectAll('l')
    .where('l.emergency_id', '=', emergencyId)
    .where('h.emergency_id', '=', emergencyId)
    .where('h.type', '=', 'offer')
    .where('h.review_status', '=', 'approved')
    .where('h.collection_center_status', 'is not', null);
  if (category) query = query.where('l.category', '=', category);
  return query.orderBy('l.updated_at', 'desc').orderBy('l.id').execute();
}

export interface LineSummaryRow {
  center_id: string;
  kind: InventoryKind;
  category: string;
  updated_at: string;
}

/** Per centre, kind and category: the latest update, for the places feed (no quantities needed). */
export async function lineSummaries(db: Db, centerIds: string[]): Promise<LineSummaryRow[]> {
  if (centerIds.length === 0) return [];
  const rows = await db
    .selectFrom('inventory_lines')
    .select(['center_id', 'kind', 'category', (eb) => eb.fn.max('updated_at').as('updated_at')])
    .where('center_id', 'in', centerIds)
    .groupBy(['center_id', 'kind', 'category'])
    .orderBy('center_id')
    .orderBy('kind')
    .orderBy('category')
    .execute();
  return rows as LineSummaryRow[];
}

export type EditLinkRow = Omit<Selectable<CenterEditLinksTable>, 'token_hash'>;
const EDIT_LINK_FIELDS = [
  'id',
  'center_id',
  'created_by',
  'created_at',
  'revoked_at',
  'last_used_at',
  'expires_at',
] as const;

export async function insertEditLink(db: Db, row: Selectable<CenterEditLinksTable>): Promise<void> {
  await db.insertInto('center_edit_links').values(row).execute();
}

export function findEditLink(db: Db, id: string): Promise<EditLinkRow | undefined> {
  return db.selectFrom('center_edit_links').select(EDIT_LINK_FIELDS).where('id', '=', id).executeTakeFirst();
}

/** Marks the link revoked unless it already is; true when this call revoked it. */
export async function revokeEditLinkRow(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('center_edit_links')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sets a link's expiry unless it is revoked; true when it was set. */
export async function setEditLinkExpiry(db: Db, id: string, expiresAt: string): Promise<boolean> {
  const result = await db
    .updateTable('center_edit_links')
    .set({ expires_at: expiresAt })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Not revoked; whether it has expired is the caller's check (a null expiry counts from creation). */
export function findActiveEditLinkByHash(db: Db, tokenHash: string): Promise<EditLinkRow | undefined> {
  return db
    .selectFrom('center_edit_links')
    .select(EDIT_LINK_FIELDS)
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function touchEditLink(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('center_edit_links').set({ last_used_at: at }).where('id', '=', id).execute();
}

/** A centre's links, newest first; the hashes stay in the database. */
export function editLinksByCenter(db: Db, centerId: string): Promise<EditLinkRow[]> {
  return db
    .selectFrom('center_edit_links')
    .select(EDIT_LINK_FIELDS)
    .where('center_id', '=', centerId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}
