// Webhook subscriptions: an endpoint, its filters and its signing secret. A removed one keeps its row (removed_at),
// so its deliveries still name it; only active ones get new deliveries.
import type { Selectable } from 'kysely';
import type { Db, WebhookSubscriptionsTable } from '../db/types.ts';

export type WebhookSubscriptionRow = Selectable<WebhookSubscriptionsTable>;

/** What the queue needs to pick the subscriptions of a feed entry: never the secret. */
export type SubscriptionFilter = Pick<WebhookSubscriptionRow, 'id' | 'emergency_id' | 'kinds'>;

export async function insertWebhookSubscription(db: Db, row: WebhookSubscriptionRow): Promise<void> {
  await db.insertInto('webhook_subscriptions').values(row).execute();
}

export async function findWebhookSubscription(db: Db, id: string): Promise<WebhookSubscriptionRow | undefined> {
  return db.selectFrom('webhook_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Active subscriptions, oldest first. */
export async function activeWebhookSubscriptions(db: Db): Promise<WebhookSubscriptionRow[]> {
  return db
    .selectFrom('webhook_subscriptions')
    .selectAll()
    .where('removed_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Read once per transaction that appends feed entries: with no subscription, the queue's only cost. */
export async function subscriptionFilters(db: Db): Promise<SubscriptionFilter[]> {
  return db
    .selectFrom('webhook_subscriptions')
    .select(['id', 'emergency_id', 'kinds'])
    .where('removed_at', 'is', null)
    .execute();
}

/** False when there is no such active subscription. */
export async function markSubscriptionRemoved(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_subscriptions')
    .set({ removed_at: at })
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
