// Open pledges whose date and grace have passed expire and release their quantity: by the periodic sweep, and on
// the record itself before any new pledge is weighed against it.
import type { Context } from '../../context.ts';
import { duePledges, duePledgesOf } from '../../repositories/pledges.ts';
import { type ChangeStep, changeRecord } from '../record-change.ts';
import { closeOpenPledge } from './pledge-totals.ts';

export const EXPIRY_ACTOR = 'expiry';
/** Pledges expired per sweep round: a long backlog is taken a record at a time, never in one long lock. */
const SWEEP_BATCH = 200;

/** Inside a change of the record: expires its due pledges. */
export async function releaseDuePledges(ctx: Context, step: ChangeStep): Promise<number> {
  const due = await duePledgesOf(step.trx.db, step.record.id, step.now);
  for (const pledge of due) {
    await closeOpenPledge(ctx, step, pledge, { status: 'expired', delivered: null, actor: EXPIRY_ACTOR });
  }
  return due.length;
}

/** Every due pledge, a record at a time; returns how many expired. */
export async function expirePledges(ctx: Context): Promise<number> {
  let expired = 0;
  for (;;) {
    const due = await duePledges(ctx.db, ctx.now().toISOString(), SWEEP_BATCH);
    const records = [...new Set(due.map((p) => p.help_id))];
    for (const id of records) expired += await changeRecord(ctx, id, (step) => releaseDuePledges(ctx, step));
    if (due.length < SWEEP_BATCH) return expired;
  }
}
