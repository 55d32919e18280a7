// Review batches at flood scale: "Revisar los siguientes 20" takes the next cards of the inbox (for the leader's
// filter, in inbox order) that nobody holds, and other leaders' inboxes skip them while the batch is held. A batch
// ends by itself: decided cards leave the inbox, and every claim expires REVIEW_CLAIM_MINUTES after it was taken
// (read against ctx.now(), so no job has to end it); the leader can also let it go (a button, leaving the page, or
// signing out). Urgent cards and rescues are never hidden: they stay in every inbox with the claimant's name. A
// claim decides nothing: two decisions on one record still meet the content-version rule (expected-version.ts).
import type { Context } from '../context.ts';
import { inTransaction } from '../db/store.ts';
import { AppError } from '../errors.ts';
import { assignedEmergencies } from '../repositories/account-emergencies.ts';
import { findAccountById } from '../repositories/accounts.ts';
import { audit } from '../repositories/audit.ts';
import { slugsOf } from '../repositories/emergencies.ts';
import { type ClaimRequest, claimNext, deleteClaims, renewClaims } from '../repositories/review-claims.ts';

/** The batch "Revisar los siguientes 20" takes. */
export const REVIEW_BATCH = 20;
/** The largest batch anyone may ask for. */
export const REVIEW_BATCH_MAX = 100;
/** Two leaders at once may want the same cards: whoever lost some asks this many times more for others. */
const RETRIES = 3;

export interface BatchRequest {
  emergencyId: string;
  accountId: string;
  /** The inbox filter the leader is looking at (category, type, urgency, source, age in hours). */
  filter?: Omit<ClaimRequest['filter'], 'waitingBefore'> & { olderThanHours?: number };
  size?: number;
  /** Who asked, for the audit log (panel:e-mail); the account's id when unset. */
  actor?: string;
}

/** Only an active account that leads the emergency (or an administrator) may hold its cards. */
async function checkLeads(ctx: Context, accountId: string, emergencyId: string): Promise<void> {
  const account = await findAccountById(ctx.db, accountId);
  if (!account || account.disabled_at !== null) throw new AppError('forbidden');
  if (account.role === 'admin') return;
  const [slug, assigned] = await Promise.all([
    slugsOf(ctx.db, [emergencyId]).then((m) => m.get(emergencyId)),
    assignedEmergencies(ctx.db, [accountId]).then((m) => m.get(accountId) ?? []),
  ]);
  if (slug === undefined || !assigned.includes(slug)) throw new AppError('forbidden');
}

/**
 * The leader's batch: the cards it still holds that wait (held again for the whole time) and, up to `size`, the
 * next ones nobody holds. Returns their ids; fewer than `size` when the inbox has no more.
 */
export async function claimNextBatch(ctx: Context, request: BatchRequest): Promise<string[]> {
  const { emergencyId, accountId } = request;
  const size = Math.max(1, Math.min(REVIEW_BATCH_MAX, Math.trunc(request.size ?? REVIEW_BATCH)));
  await checkLeads(ctx, accountId, emergencyId);
  const now = ctx.now();
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + ctx.config.reviewClaimMinutes * 60_000).toISOString();
  const { olderThanHours, ...rest } = request.filter ?? {};
  const filter: ClaimRequest['filter'] = {
    ...rest,
    waitingBefore:
      olderThanHours === undefined ? undefined : new Date(now.getTime() - olderThanHours * 3_600_000).toISOString(),
  };
  return inTransaction(ctx, async (trx) => {
    const held = await renewClaims(trx.db, accountId, emergencyId, at, expiresAt);
    const taken: string[] = [];
    for (let attempt = 0; attempt <= RETRIES && held.length + taken.length < size; attempt++) {
      const wanted = size - held.length - taken.length;
      const got = await claimNext(trx.db, {
        accountId,
        emergencyId,
        filter,
        now: at,
        expiresAt,
        size: wanted,
      });
      taken.push(...got);
      // All it asked for; or nothing again: none is free. (A first empty answer may be a race lost whole: a
      // colleague's batch took exactly these cards while this one waited, and the next try sees past them.)
      if (got.length === wanted || (got.length === 0 && attempt > 0)) break;
    }
    await audit(trx.db, {
      actor: request.actor ?? `account:${accountId}`,
      action: 'review_batch_claimed',
      targetType: 'emergency',
      targetId: emergencyId,
      details: { kept: held.length, taken: taken.length, until: expiresAt },
      at,
    });
    return [...held, ...taken];
  });
}

/**
 * Lets an account's batch go, in one emergency or in all (signing out): its cards are back in every inbox. Returns
 * how many claims ended; nothing is logged when there were none (a page left without a batch).
 */
export async function releaseClaims(
  ctx: Context,
  accountId: string,
  emergencyId?: string,
  actor = `account:${accountId}`,
): Promise<number> {
  if (emergencyId) await checkLeads(ctx, accountId, emergencyId);
  const at = ctx.now().toISOString();
  return inTransaction(ctx, async (trx) => {
    const released = await deleteClaims(trx.db, accountId, emergencyId);
    if (released > 0) {
      await audit(trx.db, {
        actor,
        action: 'review_batch_released',
        targetType: emergencyId ? 'emergency' : 'account',
        targetId: emergencyId ?? accountId,
        details: { released },
        at,
      });
    }
    return released;
  });
}
