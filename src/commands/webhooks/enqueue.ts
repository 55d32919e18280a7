// The webhooks' queue, filled inside the transaction that appends feed entries: one delivery per entry and active
// subscription that wants it (its emergency, its kinds), committed with the entries or not at all. The payload is not
// stored: it is read from the feed entry when sent, so a withdrawal that redacts the entry reaches it too.
import { newMessageId } from '../../domain/webhook-ids.ts';
import { insertDeliveries } from '../../repositories/webhook-deliveries.ts';
import { type SubscriptionFilter, subscriptionFilters } from '../../repositories/webhook-subscriptions.ts';
import type { ChangeListener } from '../changes/record-changes.ts';

function wants(subscription: SubscriptionFilter, emergencyId: string, kind: string): boolean {
  if (subscription.emergency_id !== null && subscription.emergency_id !== emergencyId) return false;
  return subscription.kinds === null || subscription.kinds.split(',').includes(kind);
}

export const enqueueDeliveries: ChangeListener = async (trx, rows) => {
  const subscriptions = await subscriptionFilters(trx.db);
  if (subscriptions.length === 0) return;
  const deliveries = rows.flatMap((row) =>
    subscriptions
      .filter((s) => wants(s, row.emergency_id, row.kind))
      .map((s) => ({
        id: newMessageId(Date.parse(row.at)),
        subscription_id: s.id,
        change_seq: row.seq,
        status: 'pending' as const,
        attempts: 0,
        // Due at once.
        next_attempt_at: row.at,
        locked_until: null,
        last_status: null,
        last_error: null,
        created_at: row.at,
        delivered_at: null,
      })),
  );
  await insertDeliveries(trx.db, deliveries);
};
