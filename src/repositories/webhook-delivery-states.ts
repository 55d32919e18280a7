// The webhooks' queue as an operator watches it: per subscription, what waits for a first try, what is being retried
// and what was given up on. Read when metrics are scraped.
import { sql } from 'kysely';
import type { Db } from '../db/types.ts';

export interface DeliveryStates {
  pending: number;
  retrying: number;
  dead: number;
}

export async function deliveryStates(db: Db): Promise<Map<string, DeliveryStates>> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .where('status', 'in', ['pending', 'dead'])
    .select([
      'subscription_id',
      sql<number>`sum(case when status = 'pending' and attempts = 0 then 1 else 0 end)`.as('pending'),
      sql<number>`sum(case when status = 'pending' and attempts > 0 then 1 else 0 end)`.as('retrying'),
      sql<number>`sum(case when status = 'dead' then 1 else 0 end)`.as('dead'),
    ])
    .groupBy('subscription_id')
    .execute();
  return new Map(
    rows.map((row) => [
      row.subscription_id,
      { pending: Number(row.pending), retrying: Number(row.retrying), dead: Number(row.dead) },
    ]),
  );
}
