// The personal data of aid records: found by WhatsApp number for the right to know and for erasure, and the records
// retention has to erase. The erasing writes go through updateRecord (records.ts), which moves the change number.
import { PERSONAL_TEXT_COLUMNS } from '../../db/column-roles.ts';
import type { Store } from '../../db/store.ts';
import type { Db } from '../../db/types.ts';
import type { HelpRow } from './records.ts';

/**
 * Records whose contact, or any text column that holds personal data (db/column-roles.ts), may hold the number;
 * the caller checks each exactly.
 */
export async function recordsMaybeHolding(db: Db, e164: string, hint: string): Promise<HelpRow[]> {
  const like = `%${hint}%`;
  return db
    .selectFrom('help_records')
    .selectAll()
    .where((eb) =>
      eb.or([eb('contact_whatsapp', '=', e164), ...PERSONAL_TEXT_COLUMNS.map((column) => eb(column, 'like', like))]),
    )
    .orderBy('created_at')
    .execute();
}

/** Records by id, locked for the erasure on PostgreSQL. */
export async function lockRecords({ db, dialect }: Store, ids: string[]): Promise<HelpRow[]> {
  if (ids.length === 0) return [];
  let query = db.selectFrom('help_records').selectAll().where('id', 'in', ids).orderBy('id');
  if (dialect === 'postgres') query = query.forUpdate();
  return query.execute();
}

export interface RetentionCutoffs {
  /** Decided before this: the identity document goes. */
  identityDecidedBefore: string;
  /** Rejected before this: all personal data goes. */
  rejectedBefore: string;
  /** Completed (last changed) before this: personal data goes. */
  completedBefore: string;
  /** Emergencies closed before this: personal data of all their records goes. */
  closedBefore: string;
}

export interface RetentionDue {
  identity: string[];
  rejected: string[];
  afterClose: string[];
}

/** Ids of the records whose personal data retention erases now, by rule; a record is named by one rule at most. */
export async function recordsDueForRetention(db: Db, cut: RetentionCutoffs): Promise<RetentionDue> {
  const rejected = await db
    .selectFrom('help_records')
    .select('id')
    .where('review_status', '=', 'rejected')
    .where('reviewed_at', '<', cut.rejectedBefore)
    .where('personal_data_erased_at', 'is', null)
    .execute();
  const closedEmergencies = db
    .selectFrom('emergencies')
    .select('id')
    .where('status', '=', 'closed')
    .where('closed_at', '<', cut.closedBefore);
  const afterClose = await db
    .selectFrom('help_records')
    .select('id')
    .where('personal_data_erased_at', 'is', null)
    .where('review_status', '!=', 'rejected')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'completed'), eb('updated_at', '<', cut.completedBefore)]),
        eb('emergency_id', 'in', closedEmergencies),
      ]),
    )
    .execute();
  const named = new Set([...rejected, ...afterClose].map((r) => r.id));
  const identity = await db
    .selectFrom('help_records')
    .select('id')
    .where('identity_document', 'is not', null)
    // A joined one was decided too (commands/join-duplicate.ts): its document goes like the others'.
    .where('review_status', 'in', ['approved', 'rejected', 'joined'])
    .where('reviewed_at', '<', cut.identityDecidedBefore)
    .execute();
  return {
    identity: identity.map((r) => r.id).filter((id) => !named.has(id)),
    rejected: rejected.map((r) => r.id),
    afterClose: afterClose.map((r) => r.id),
  };
}
