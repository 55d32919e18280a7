// What the confirmation sweep reads and writes of aid records.
import type { Store } from '../../db/store.ts';
import type { ConfirmationState, Db } from '../../db/types.ts';
import type { ConfirmationHours } from '../../domain/confirmation.ts';
import { updateRecord } from './records.ts';

/**
 * Published, unfinished records whose stored state may be behind the clock: current ones confirmed before the
 * "por confirmar" line, and those not yet expired confirmed before the expiry line (the partial index
 * help_records_confirmation_due finds both).
 */
export async function confirmationCandidates(db: Db, now: Date, hours: ConfirmationHours) {
  const ago = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();
  const toConfirmLine = ago(hours.reconfirmAfterHours);
  const expiryLine = ago(hours.reconfirmAfterHours + hours.expireAfterHours);
  return db
    .selectFrom('help_records')
    .select(['id', 'status', 'confirmed_at', 'confirmation_state'])
    .where('review_status', '=', 'approved')
    .where('status', '<>', 'completed')
    .where((eb) =>
      eb.or([
        eb.and([eb('confirmation_state', '=', 'current'), eb('confirmed_at', '<', toConfirmLine)]),
        eb.and([eb('confirmation_state', '=', 'to_confirm'), eb('confirmed_at', '<', expiryLine)]),
      ]),
    )
    .orderBy('id')
    .execute();
}

export async function setConfirmationStates(
  store: Store,
  changes: { id: string; state: ConfirmationState }[],
): Promise<void> {
  for (const change of changes) await updateRecord(store, change.id, { confirmation_state: change.state });
}
