// An administrator checks an endpoint: one signed test message sent now (not queued, never retried), and what the
// receiver answered. Audited.
import type { Actor, Context } from '../../context.ts';
import { newMessageId } from '../../domain/webhook-ids.ts';
import { testWebhookText } from '../../presenters/webhook-payload.ts';
import { audit } from '../../repositories/audit.ts';
import { findWebhookSubscription } from '../../repositories/webhook-subscriptions.ts';
import { type PostResult, postWebhook, signedHeaders } from './http-post.ts';
import { webhookNotFound } from './subscriptions.ts';

export interface TestDelivery extends PostResult {
  /** The webhook-id the test message carried. */
  messageId: string;
}

export async function sendTestDelivery(ctx: Context, id: string, actor: Actor): Promise<TestDelivery> {
  const subscription = await findWebhookSubscription(ctx.db, id);
  if (!subscription || subscription.removed_at !== null) throw webhookNotFound(id);
  const now = ctx.now();
  const messageId = newMessageId(now.getTime());
  const body = testWebhookText(subscription.id, now.toISOString());
  const sent = await postWebhook(subscription.url, body, signedHeaders(subscription.secret, messageId, body), {
    timeoutMs: ctx.config.webhookTimeoutMs,
    allowPrivate: ctx.config.webhookAllowPrivate,
  });
  const details = { messageId, delivered: sent.delivered, status: sent.status };
  await audit(ctx.db, {
    actor,
    action: 'webhook_tested',
    targetType: 'webhook',
    targetId: id,
    details,
    at: ctx.now().toISOString(),
  });
  return { messageId, ...sent };
}
