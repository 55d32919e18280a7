// The sweep that keeps each published record's confirmation state in step with the clock: current -> to_confirm
// after RECONFIRM_AFTER_HOURS, -> expired after EXPIRE_AFTER_HOURS more. Each move is a write (a new change
// number), so every instance's search index and caches see it like any other change.
import type { Context } from '../../context.ts';
import { type ConfirmationState, confirmationState } from '../../domain/confirmation.ts';
import { confirmationCandidates, setConfirmationStates } from '../../repositories/help-records/confirmation.ts';
import { writePublic } from '../write-public.ts';

/** Records moved per transaction: a long backlog never holds the write lock for long. */
const BATCH = 200;

/** Moves every record whose state the clock has changed; returns how many moved to each state. */
export async function refreshConfirmations(ctx: Context): Promise<Record<ConfirmationState, number>> {
  const moved: Record<ConfirmationState, number> = { current: 0, to_confirm: 0, expired: 0 };
  const hours = ctx.config;
  const now = ctx.now();
  const candidates = await confirmationCandidates(ctx.db, now, hours);
  const changes = candidates
    .map((row) => ({ id: row.id, state: confirmationState(row.confirmed_at, row.status, now, hours) }))
    .filter((change, i) => change.state !== candidates[i]?.confirmation_state);
  for (let i = 0; i < changes.length; i += BATCH) {
    const batch = changes.slice(i, i + BATCH);
    await writePublic(ctx, (trx) => setConfirmationStates(trx, batch));
    for (const change of batch) moved[change.state]++;
  }
  return moved;
}
