// Administrators subscribe endpoints to the public change feed. The secret that signs every message is made here and
// shown once; removing a subscription stops what it was not sent yet. Every change goes to the audit log (never the
// secret, nor the URL's path and query, which a receiver may use as a password of its own).
import type { Actor, Context } from '../../context.ts';
import { inTransaction } from '../../db/store.ts';
import { newRowId } from '../../domain/record-id.ts';
import { newWebhookSecret } from '../../domain/webhook-ids.ts';
import { AppError, detail } from '../../errors.ts';
import { audit } from '../../repositories/audit.ts';
import { findEmergencyBySlug } from '../../repositories/emergencies.ts';
import { stopPendingDeliveries } from '../../repositories/webhook-deliveries.ts';
import { insertWebhookSubscription, markSubscriptionRemoved } from '../../repositories/webhook-subscriptions.ts';
import { changeKinds } from '../../schemas/change-event.ts';
import { parseOrThrow } from '../../schemas/parse.ts';
import { webhookSubscriptionInput } from '../../schemas/webhook-subscription.ts';
import { checkWebhookUrl } from './check-url.ts';

/** As typed in the CLI or the console, before it is checked. */
export interface NewWebhook {
  url: string;
  emergencySlug?: string;
  kinds?: string[];
  description?: string;
}

/** A new subscription as the administrator sees it, once: with its secret. */
export interface IssuedWebhook {
  id: string;
  url: string;
  emergencySlug: string | null;
  kinds: string[] | null;
  description: string | null;
  secret: string;
  createdAt: string;
}

export const REMOVED_BEFORE_SENT = 'la suscripción se quitó antes del envío';

export function webhookNotFound(id: string): AppError {
  return new AppError('webhook_not_found', [detail('id', 'not_found', { value: id })]);
}

export async function addWebhook(ctx: Context, input: NewWebhook, actor: Actor): Promise<IssuedWebhook> {
  const checked = parseOrThrow(webhookSubscriptionInput, input, 'validation_failed');
  const url = await checkWebhookUrl(checked.url, ctx.config.webhookAllowPrivate);
  const slug = checked.emergencySlug ?? null;
  const emergency = slug === null ? undefined : await findEmergencyBySlug(ctx.db, slug);
  if (slug !== null && !emergency) {
    throw new AppError('unknown_emergency', [detail('emergencySlug', 'unknown_emergency', { value: slug })]);
  }
  // In the feed's order, each once.
  const kinds = checked.kinds ? changeKinds.filter((kind) => checked.kinds?.includes(kind)) : null;
  const now = ctx.now();
  const at = now.toISOString();
  const issued: IssuedWebhook = {
    id: newRowId(now.getTime()),
    url,
    emergencySlug: slug,
    kinds,
    description: checked.description || null,
    secret: newWebhookSecret(),
    createdAt: at,
  };
  await inTransaction(ctx, async (trx) => {
    await insertWebhookSubscription(trx.db, {
      id: issued.id,
      url,
      emergency_id: emergency?.id ?? null,
      kinds: kinds?.join(',') ?? null,
      secret: issued.secret,
      description: issued.description,
      created_at: at,
      created_by: actor,
      removed_at: null,
    });
    const details = { host: new URL(url).host, emergencySlug: slug, kinds };
    await audit(trx.db, { actor, action: 'webhook_added', targetType: 'webhook', targetId: issued.id, details, at });
  });
  return issued;
}

/** Soft: the row stays for its deliveries' history; no new delivery is made and those waiting are dropped. */
export async function removeWebhook(ctx: Context, id: string, actor: Actor): Promise<void> {
  const at = ctx.now().toISOString();
  await inTransaction(ctx, async (trx) => {
    if (!(await markSubscriptionRemoved(trx.db, id, at))) throw webhookNotFound(id);
    await stopPendingDeliveries(trx.db, id, REMOVED_BEFORE_SENT);
    await audit(trx.db, { actor, action: 'webhook_removed', targetType: 'webhook', targetId: id, at });
  });
}
