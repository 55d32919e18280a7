// Webhook subscriptions as the CLI and the console list them: address, filters, dates and how their deliveries
// stand, never the secret (shown once, when made); and the dead deliveries an administrator can send again.
import type { Context } from '../context.ts';
import { slugsOf } from '../repositories/emergencies.ts';
import { deadDeliveryRows, deliveryCounts } from '../repositories/webhook-deliveries.ts';
import {
  activeWebhookSubscriptions,
  findWebhookSubscription,
  type WebhookSubscriptionRow,
} from '../repositories/webhook-subscriptions.ts';

/** Dead deliveries listed at most. */
const DEAD_LIMIT = 200;

export interface WebhookSummary {
  id: string;
  url: string;
  /** null: every emergency. */
  emergencySlug: string | null;
  /** null: every kind. */
  kinds: string[] | null;
  description: string | null;
  createdAt: string;
  createdBy: string;
  deliveries: { pending: number; delivered: number; dead: number };
}

export interface DeadDelivery {
  /** The webhook-id it is sent with. */
  id: string;
  webhookId: string;
  url: string;
  /** The feed entry's cursor. */
  cursor: string;
  /** null when the entry is no longer kept. */
  kind: string | null;
  entity: string | null;
  entityId: string | null;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
}

async function summaries(ctx: Context, rows: WebhookSubscriptionRow[]): Promise<WebhookSummary[]> {
  const [counts, slugs] = await Promise.all([
    deliveryCounts(ctx.db),
    slugsOf(
      ctx.db,
      rows.flatMap((r) => (r.emergency_id === null ? [] : [r.emergency_id])),
    ),
  ]);
  return rows.map((row) => {
    const count = counts.get(row.id);
    return {
      id: row.id,
      url: row.url,
      emergencySlug: row.emergency_id === null ? null : (slugs.get(row.emergency_id) ?? null),
      kinds: row.kinds === null ? null : row.kinds.split(','),
      description: row.description,
      createdAt: row.created_at,
      createdBy: row.created_by,
      deliveries: { pending: count?.pending ?? 0, delivered: count?.delivered ?? 0, dead: count?.dead ?? 0 },
    };
  });
}

export async function listWebhooks(ctx: Context): Promise<WebhookSummary[]> {
  return summaries(ctx, await activeWebhookSubscriptions(ctx.db));
}

/** An active subscription; null when there is none with that id. */
export async function getWebhook(ctx: Context, id: string): Promise<WebhookSummary | null> {
  const row = await findWebhookSubscription(ctx.db, id);
  if (!row || row.removed_at !== null) return null;
  return (await summaries(ctx, [row]))[0] ?? null;
}

/** Dead deliveries of active subscriptions (of one, when given), newest first. */
export async function deadDeliveries(ctx: Context, webhookId?: string): Promise<DeadDelivery[]> {
  const rows = await deadDeliveryRows(ctx.db, webhookId, DEAD_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    webhookId: row.subscription_id,
    url: row.url,
    cursor: String(row.change_seq),
    kind: row.kind,
    entity: row.entity,
    entityId: row.entity_id,
    attempts: row.attempts,
    lastStatus: row.last_status,
    lastError: row.last_error,
    createdAt: row.created_at,
  }));
}
