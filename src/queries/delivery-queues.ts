// The two outgoing queues as an operator watches them: webhooks per subscription, WhatsApp and SMS messages.
import type { Context } from '../context.ts';
import { type OutboundStates, outboundStates } from '../repositories/channels/outbound-states.ts';
import { type DeliveryStates, deliveryStates } from '../repositories/webhook-delivery-states.ts';

export type { DeliveryStates, OutboundStates };

/** Subscription id -> its deliveries waiting for a first try, being retried, and given up on. */
export function webhookQueue(ctx: Context): Promise<Map<string, DeliveryStates>> {
  return deliveryStates(ctx.db);
}

/** `windowClosed`: the error the outbound sender records when a channel's reach window had closed. */
export function outboundQueue(ctx: Context, windowClosed: string): Promise<OutboundStates> {
  return outboundStates(ctx.db, windowClosed);
}
