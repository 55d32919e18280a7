// An administrator sends a dead delivery again: back in the queue with a new day of retries and the same
// webhook-id, and tried at once by this process (its outcome is the answer). Audited.
import type { Actor, Context } from '../../context.ts';
import { inTransaction } from '../../db/store.ts';
import { AppError, detail } from '../../errors.ts';
import { audit } from '../../repositories/audit.ts';
import { claimedDeliveries, findDelivery, requeueDelivery } from '../../repositories/webhook-deliveries.ts';
import { findWebhookSubscription } from '../../repositories/webhook-subscriptions.ts';
import { type Attempt, leaseFrom, sendClaimed } from './deliver.ts';

export async function resendDelivery(ctx: Context, id: string, actor: Actor): Promise<Attempt> {
  const now = ctx.now();
  const at = now.toISOString();
  const lease = leaseFrom(now);
  await inTransaction(ctx, async (trx) => {
    const delivery = await findDelivery(trx, id, true);
    const subscription = delivery && (await findWebhookSubscription(trx.db, delivery.subscription_id));
    if (!delivery || !subscription || subscription.removed_at !== null) {
      throw new AppError('webhook_delivery_not_found', [detail('id', 'not_found', { value: id })]);
    }
    if (!(await requeueDelivery(trx.db, id, at, lease))) {
      throw new AppError('webhook_delivery_not_dead', [detail('id', 'not_dead', { value: delivery.status })]);
    }
    const details = { subscriptionId: subscription.id, changeSeq: Number(delivery.change_seq) };
    await audit(trx.db, {
      actor,
      action: 'webhook_delivery_resent',
      targetType: 'webhook_delivery',
      targetId: id,
      details,
      at,
    });
  });
  const [attempt] = await sendClaimed(ctx, await claimedDeliveries(ctx.db, [id], lease));
  return attempt as Attempt;
}
