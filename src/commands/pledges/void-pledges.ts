// A leader voids every pending pledge of one number or one client address at once ("anular todos"): the open ones
// are cancelled and the reported ones marked not received, so each need gets back what they had reserved. Each
// pledge changes in its own request's transaction, as a single cancel would; one audit line names the group by its
// kind and the pledges by id, never by the number.
import type { Actor, Context } from '../../context.ts';
import { audit } from '../../repositories/audit.ts';
import type { HelpRow } from '../../repositories/help-records/records.ts';
import { findPledge, holdingPledgesOf } from '../../repositories/pledges.ts';
import { changeRecord } from '../record-change.ts';
import { closeOpenPledge, settleReported } from './pledge-totals.ts';

export type PledgeGroupKey = { by: 'number'; whatsapp: string } | { by: 'address'; clientHash: string };

export async function voidPledgesOf(
  ctx: Context,
  emergencyId: string,
  group: PledgeGroupKey,
  actor: Actor,
  /** Whether this leader may act on the pledge's request (`inScope` of queries/place-scope.ts); all when absent. */
  allowed?: (record: HelpRow) => boolean,
): Promise<{ voided: number }> {
  const by =
    group.by === 'number'
      ? { column: 'contact_whatsapp' as const, value: group.whatsapp }
      : { column: 'client_hash' as const, value: group.clientHash };
  const voided: string[] = [];
  for (const { id, help_id } of await holdingPledgesOf(ctx.db, emergencyId, by)) {
    const done = await changeRecord(ctx, help_id, async (step) => {
      // A pledge to a request outside the leader's places stays as it is: another team answers for it.
      if (allowed && !allowed(step.record)) return false;
      const pledge = await findPledge(step.trx, id, true);
      if (pledge?.status === 'open') {
        await closeOpenPledge(ctx, step, pledge, { status: 'cancelled', delivered: null, actor });
        return true;
      }
      if (pledge?.status === 'reported') {
        await settleReported(ctx, step, pledge, { status: 'disputed', confirmed: null, actor, notify: false });
        return true;
      }
      // Settled meanwhile by someone else: it stays as they left it.
      return false;
    });
    if (done) voided.push(id);
  }
  await audit(ctx.db, {
    actor,
    action: 'pledges_voided',
    targetType: 'emergency',
    targetId: emergencyId,
    details: { by: group.by, pledges: voided },
    at: ctx.now().toISOString(),
  });
  return { voided: voided.length };
}
