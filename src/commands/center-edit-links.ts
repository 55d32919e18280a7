// Secret links that let a collection centre keep its own inventory without an account. Only a hash of the
// secret is stored, so neither the database nor a backup holds a usable link; a leader can revoke it, and it
// expires CENTER_LINK_DAYS after it is made or last renewed.
import { randomUUID } from 'node:crypto';
import { newToken, tokenHash } from '../auth/tokens.ts';
import type { Actor, Context } from '../context.ts';
import { inTransaction } from '../db/store.ts';
import { addDays, editLinkExpired, editLinkExpiry } from '../domain/edit-link-expiry.ts';
import { AppError, detail } from '../errors.ts';
import { audit } from '../repositories/audit.ts';
import {
  type EditLinkRow,
  findActiveEditLinkByHash,
  findEditLink,
  insertEditLink,
  revokeEditLinkRow,
  setEditLinkExpiry,
  touchEditLink,
} from '../repositories/center-edit-links.ts';
import { findPublishedCenter } from '../repositories/help-records/centers.ts';
import type { HelpRow } from '../repositories/help-records/records.ts';
import { requireCollectionCenter } from './set-inventory-line.ts';
import { writePublic } from './write-public.ts';

/** 32 bytes in base64url, unpadded. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export interface CreatedEditLink {
  id: string;
  /** Shown once, to be put in the link; never stored. */
  token: string;
}

function invalid(): AppError {
  return new AppError('edit_link_invalid', [detail('token', 'edit_link_invalid')]);
}

export async function createEditLink(ctx: Context, centerId: string, actor: Actor): Promise<CreatedEditLink> {
  const token = newToken();
  const id = randomUUID();
  await writePublic(ctx, async (trx) => {
    const center = await requireCollectionCenter(trx, centerId);
    const at = ctx.now().toISOString();
    await insertEditLink(trx.db, {
      id,
      center_id: center.id,
      token_hash: tokenHash(token),
      created_by: actor,
      created_at: at,
      revoked_at: null,
      expires_at: addDays(at, ctx.config.centerLinkDays),
      last_used_at: null,
    });
    await audit(trx.db, {
      actor,
      action: 'edit_link_created',
      targetType: 'collection_center',
      targetId: center.id,
      details: { linkId: id },
      at,
    });
  });
  return { id, token };
}

/** Revoking twice is harmless; an unknown link is edit_link_invalid. */
export async function revokeEditLink(ctx: Context, linkId: string, actor: Actor): Promise<EditLinkRow> {
  const link = await inTransaction(ctx, async (trx) => {
    const found = await findEditLink(trx.db, linkId);
    if (!found) throw invalid();
    const at = ctx.now().toISOString();
    if (await revokeEditLinkRow(trx.db, linkId, at)) {
      await audit(trx.db, {
        actor,
        action: 'edit_link_revoked',
        targetType: 'collection_center',
        targetId: found.center_id,
        details: { linkId },
        at,
      });
      await ctx.changes.announce(trx.db);
      return { ...found, revoked_at: at };
    }
    return found;
  });
  ctx.changes.written();
  return link;
}

/**
 * Another CENTER_LINK_DAYS from now, for the same link (its secret does not change). Counted from now, not from
 * the old expiry, so renewing twice gives no more time than once and no link stays open longer than that.
 * A revoked or unknown link is edit_link_invalid: renewing never brings a revoked link back.
 */
export async function renewEditLink(ctx: Context, linkId: string, actor: Actor): Promise<EditLinkRow> {
  const link = await writePublic(ctx, async (trx) => {
    const found = await findEditLink(trx.db, linkId);
    if (!found || found.revoked_at !== null) throw invalid();
    const at = ctx.now().toISOString();
    const expiresAt = addDays(at, ctx.config.centerLinkDays);
    if (!(await setEditLinkExpiry(trx.db, linkId, expiresAt))) throw invalid();
    await audit(trx.db, {
      actor,
      action: 'edit_link_renewed',
      targetType: 'collection_center',
      targetId: found.center_id,
      details: { linkId, expiresAt },
      at,
    });
    return { ...found, expires_at: expiresAt };
  });
  return link;
}

/**
 * The centre a link's token opens, or edit_link_invalid: unknown, revoked, expired, or no longer a published
 * centre (one answer for all, so a link's state cannot be probed).
 */
export async function resolveEditLink(
  ctx: Context,
  token: string,
): Promise<HelpRow & { editLinkId: string; editLinkExpiresAt: string }> {
  if (typeof token !== 'string' || !TOKEN_FORMAT.test(token)) throw invalid();
  const link = await findActiveEditLinkByHash(ctx.db, tokenHash(token));
  if (!link) throw invalid();
  const now = ctx.now();
  if (editLinkExpired(link, ctx.config.centerLinkDays, now)) throw invalid();
  const center = await findPublishedCenter(ctx, link.center_id);
  if (!center) throw invalid();
  // Bookkeeping for the leaders, not public data: no cache needs to drop, so no change is announced.
  await touchEditLink(ctx.db, link.id, now.toISOString());
  return { ...center, editLinkId: link.id, editLinkExpiresAt: editLinkExpiry(link, ctx.config.centerLinkDays) };
}
