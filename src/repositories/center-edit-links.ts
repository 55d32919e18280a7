// The only code that reads and writes center_edit_links: links that let a centre keep its own inventory.
import type { Selectable } from 'kysely';
import type { CenterEditLinksTable, Db } from '../db/types.ts';

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
