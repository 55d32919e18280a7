// The only code that reads and writes review claims: which cards a leader took as a review batch, until when.
// One row per record (its key), so one card is in one batch at most; an expired row is taken over in place.
import { sql } from 'kysely';
import type { Db } from '../db/types.ts';
import { type InboxFilter, unclaimedInOrder } from './help-records/review-inbox.ts';

export interface ClaimRequest {
  accountId: string;
  emergencyId: string;
  /** The inbox filter the batch follows (category, type, urgency, source, age). */
  filter: Omit<InboxFilter, 'emergencyId' | 'claimsAt' | 'viewerAccountId' | 'onlyClaimedBy'>;
  now: string;
  expiresAt: string;
  size: number;
}

/**
 * Claims up to `size` cards nobody holds, in inbox order, in one statement: INSERT … SELECT … ON CONFLICT. Two
 * leaders at once may pick the same cards; the record's key makes the second insert wait for the first and then
 * take over only rows whose claim has expired, so the batches are disjoint (the caller asks again for what it lost).
 */
export async function claimNext(db: Db, request: ClaimRequest): Promise<string[]> {
  if (request.size <= 0) return [];
  const free = unclaimedInOrder(db, { ...request.filter, emergencyId: request.emergencyId, claimsAt: request.now })
    .select([
      'h.id as record_id',
      sql<string>`${request.accountId}`.as('account_id'),
      sql<string>`${request.emergencyId}`.as('emergency_id'),
      sql<string>`${request.now}`.as('claimed_at'),
      sql<string>`${request.expiresAt}`.as('expires_at'),
    ])
    .limit(request.size);
  const rows = await db
    .insertInto('review_claims')
    .columns(['record_id', 'account_id', 'emergency_id', 'claimed_at', 'expires_at'])
    .expression(free)
    .onConflict((oc) =>
      oc
        .column('record_id')
        .doUpdateSet((eb) => ({
          account_id: eb.ref('excluded.account_id'),
          emergency_id: eb.ref('excluded.emergency_id'),
          claimed_at: eb.ref('excluded.claimed_at'),
          expires_at: eb.ref('excluded.expires_at'),
        }))
        .where('review_claims.expires_at', '<=', request.now),
    )
    .returning('record_id')
    .execute();
  return rows.map((r) => r.record_id);
}

/** Gives this account's live claims on cards still waiting in an emergency a new expiry; returns their ids. */
export async function renewClaims(
  db: Db,
  accountId: string,
  emergencyId: string,
  now: string,
  expiresAt: string,
): Promise<string[]> {
  const rows = await db
    .updateTable('review_claims')
    .set({ expires_at: expiresAt })
    .where('account_id', '=', accountId)
    .where('emergency_id', '=', emergencyId)
    .where('expires_at', '>', now)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('help_records as h')
          .select('h.id')
          .whereRef('h.id', '=', 'review_claims.record_id')
          .where((inner) =>
            inner.or([
              inner('h.review_status', '=', 'pending_review'),
              inner('h.revision_submitted_at', 'is not', null),
            ]),
          ),
      ),
    )
    .returning('record_id')
    .execute();
  return rows.map((r) => r.record_id);
}

/** Ends an account's claims (in one emergency, or all of them); returns how many went. */
export async function deleteClaims(db: Db, accountId: string, emergencyId?: string): Promise<number> {
  let query = db.deleteFrom('review_claims').where('account_id', '=', accountId);
  if (emergencyId) query = query.where('emergency_id', '=', emergencyId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Drops claims that ended before `before` (upkeep: an expired claim already holds nothing). */
export async function purgeClaims(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('review_claims').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
