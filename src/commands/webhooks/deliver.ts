// The webhooks' sender. Each subscription gets its messages one at a time, in feed order, and subscriptions are sent
// to side by side: a receiver that answers slowly (or not at all, until the time limit) holds only its own queue,
// never another's. A message is claimed with a lease set in a short transaction that commits before anything is
// sent, so instances sending at once never take the same one (nor two of one subscription) and no transaction stays
// open during a send. Each message is built from its feed entry at that moment (a withdrawal since then is already
// in it), signed and posted; then the outcome: delivered, tried again later, or dead once its day is over. An
// instance that dies mid-send leaves its lease, which runs out, and another sends the same message again with the
// same webhook-id: at least once, never lost.
import type { Context } from '../../context.ts';
import { inTransaction } from '../../db/store.ts';
import { RETRY_WINDOW_MS, retryDelayMs, retryWindowClosed } from '../../domain/webhook-retry.ts';
import { changeWebhookText } from '../../presenters/webhook-payload.ts';
import { slugsOf } from '../../repositories/emergencies.ts';
import { type ChangeRow, changesBySeq } from '../../repositories/public-changes.ts';
import {
  type AttemptOutcome,
  type ClaimedDelivery,
  claimedDeliveries,
  claimNextDelivery,
  dropFinishedDeliveries,
  hasReadySubscription,
  recordAttempt,
  releaseDelivery,
} from '../../repositories/webhook-deliveries.ts';
import { postWebhook, signedHeaders } from './http-post.ts';
import { REMOVED_BEFORE_SENT } from './subscriptions.ts';

/** A claim's length: longer than any attempt (WEBHOOK_TIMEOUT_MS is at most 30 s). */
export const LEASE_MS = 60_000;
/**
 * Messages one instance sends at once, each to another subscription. Only as many are claimed, so none waits with
 * its lease running; a slow receiver holds one of them, not more.
 */
const AT_ONCE = 16;
/** While messages are in flight, how often the pass looks for other subscriptions' new messages. */
const LOOK_AGAIN_MS = 500;

const ENTRY_GONE = 'la entrada del feed ya no existe (se borró por antigüedad): no hay nada que enviar';

export type AttemptResult = 'delivered' | 'retried' | 'dead' | 'released';

export interface Attempt {
  id: string;
  result: AttemptResult;
  status: number | null;
  error: string | null;
  /** When it is tried again (retried). */
  nextAttemptAt: string | null;
}

export interface PassReport {
  delivered: number;
  retried: number;
  dead: number;
}

export function leaseFrom(now: Date): string {
  return new Date(now.getTime() + LEASE_MS).toISOString();
}

/** After an attempt that failed: the next one (the window's last instant at the latest), or dead past it. */
function afterFailure(delivery: ClaimedDelivery, now: Date): Pick<AttemptOutcome, 'status' | 'next_attempt_at'> {
  if (retryWindowClosed(delivery.created_at, now)) return { status: 'dead' };
  const windowEnd = Date.parse(delivery.created_at) + RETRY_WINDOW_MS;
  const next = Math.min(now.getTime() + retryDelayMs(delivery.attempts + 1), windowEnd);
  return { status: 'pending', next_attempt_at: new Date(next).toISOString() };
}

async function settle(
  ctx: Context,
  delivery: ClaimedDelivery,
  sent: { delivered: boolean; status: number | null; error: string | null },
): Promise<Attempt> {
  const now = ctx.now();
  const attempts = delivery.attempts + 1;
  const outcome: AttemptOutcome = sent.delivered
    ? { status: 'delivered', attempts, last_status: sent.status, last_error: null, delivered_at: now.toISOString() }
    : { ...afterFailure(delivery, now), attempts, last_status: sent.status, last_error: sent.error };
  await recordAttempt(ctx.db, delivery.id, delivery.locked_until, outcome);
  const result = outcome.status === 'delivered' ? 'delivered' : outcome.status === 'dead' ? 'dead' : 'retried';
  return {
    id: delivery.id,
    result,
    status: sent.status,
    error: sent.error,
    nextAttemptAt: outcome.next_attempt_at ?? null,
  };
}

/** Dead without an attempt: there is nothing (left) to send. */
async function drop(ctx: Context, delivery: ClaimedDelivery, reason: string): Promise<Attempt> {
  const outcome = { status: 'dead' as const, attempts: delivery.attempts, last_status: null, last_error: reason };
  await recordAttempt(ctx.db, delivery.id, delivery.locked_until, outcome);
  return { id: delivery.id, result: 'dead', status: null, error: reason, nextAttemptAt: null };
}

async function sendOne(
  ctx: Context,
  delivery: ClaimedDelivery,
  entry: ChangeRow | undefined,
  slug: string,
  signal: AbortSignal | undefined,
): Promise<Attempt> {
  if (delivery.removed_at !== null) return drop(ctx, delivery, REMOVED_BEFORE_SENT);
  if (!entry) return drop(ctx, delivery, ENTRY_GONE);
  const body = changeWebhookText(entry, slug);
  const sent = await postWebhook(delivery.url, body, signedHeaders(delivery.secret, delivery.id, body), {
    timeoutMs: ctx.config.webhookTimeoutMs,
    allowPrivate: ctx.config.webhookAllowPrivate,
    signal,
  });
  if (!sent.delivered && signal?.aborted) {
    await releaseDelivery(ctx.db, delivery.id, delivery.locked_until);
    return { id: delivery.id, result: 'released', status: null, error: sent.error, nextAttemptAt: null };
  }
  return settle(ctx, delivery, sent);
}

/** Sends deliveries this instance holds the lease of, all at once; each one's outcome. */
export async function sendClaimed(
  ctx: Context,
  deliveries: ClaimedDelivery[],
  signal?: AbortSignal,
): Promise<Attempt[]> {
  const entries = new Map(
    (
      await changesBySeq(
        ctx.db,
        deliveries.map((d) => d.change_seq),
      )
    ).map((row) => [row.seq, row]),
  );
  const slugs = await slugsOf(
    ctx.db,
    [...entries.values()].map((row) => row.emergency_id),
  );
  return Promise.all(
    deliveries.map((d) => {
      const entry = entries.get(d.change_seq);
      return sendOne(ctx, d, entry, slugs.get(entry?.emergency_id ?? '') ?? '', signal);
    }),
  );
}

/**
 * Claims the next message of a subscription with none in flight: the claimed message; 'none' when no subscription
 * has one ready; 'taken' when one looked ready but another instance was claiming it at that moment (its row locked,
 * or its message claimed first), so whether anything is left is known only once that claim has committed.
 */
async function claimNext(ctx: Context): Promise<ClaimedDelivery | 'none' | 'taken'> {
  const now = ctx.now();
  const at = now.toISOString();
  if (!(await hasReadySubscription(ctx.db, at))) return 'none';
  const lease = leaseFrom(now);
  const id = await inTransaction(ctx, (trx) => claimNextDelivery(trx, at, lease));
  if (id === null) return 'taken';
  const [claimed] = await claimedDeliveries(ctx.db, [id], lease);
  return claimed ?? 'taken';
}

/**
 * Times a pass with nothing in flight looks again after finding a ready subscription taken by another instance's
 * claim. That claim either sends the message (then nothing is ready and the pass ends) or saw this pass's last
 * message still in flight and let go (then this pass claims it): without looking again, two passes each leave it
 * to the other and a due message waits for the next pass.
 */
const TAKEN_TRIES = 12;
const TAKEN_PAUSE_MS = 25;

/** Resolves after `ms`, or at once when `signal` aborts; cancel() clears the timer when something else came first. */
function pause(ms: number, signal: AbortSignal | undefined): { done: Promise<void>; cancel(): void } {
  let cancel = () => {};
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(() => cancel(), ms);
    cancel = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
      resolve();
    };
    signal?.addEventListener('abort', cancel, { once: true });
  });
  return { done, cancel };
}

/**
 * One pass: sends what is due until nothing is due and nothing is in flight (or `signal` aborts). Up to AT_ONCE
 * messages are in flight, at most one per subscription; as each ends, the next is claimed, and while some are in
 * flight the pass also looks again every LOOK_AGAIN_MS, so a message that fell due meanwhile for another subscription
 * never waits for the slowest receiver. On abort the messages in flight are interrupted and let go (their leases
 * freed for another instance). The pass ends only once nothing it claimed is in flight, even when it fails.
 */
export async function deliverDue(ctx: Context, options: { signal?: AbortSignal } = {}): Promise<PassReport> {
  const { signal } = options;
  const report: PassReport = { delivered: 0, retried: 0, dead: 0 };
  const sending = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  const send = (delivery: ClaimedDelivery) => {
    const sent: Promise<void> = sendClaimed(ctx, [delivery], signal)
      .then(
        ([attempt]) => {
          if (attempt && attempt.result !== 'released') report[attempt.result]++;
        },
        // Its lease runs out and a later pass sends it; this one stops claiming and reports the error.
        (error: unknown) => {
          failure ??= { error };
        },
      )
      .finally(() => sending.delete(sent));
    sending.add(sent);
  };
  let taken = 0;
  try {
    while (!signal?.aborted && failure === undefined) {
      let last: 'none' | 'taken' = 'none';
      while (sending.size < AT_ONCE && !signal?.aborted) {
        const claimed = await claimNext(ctx);
        if (typeof claimed === 'string') {
          last = claimed;
          break;
        }
        taken = 0;
        send(claimed);
      }
      if (sending.size === 0) {
        if (last === 'none' || ++taken > TAKEN_TRIES) break;
        const wait = pause(Math.min(TAKEN_PAUSE_MS * taken, 200), signal);
        await wait.done;
        continue;
      }
      const wait = pause(LOOK_AGAIN_MS, signal);
      await Promise.race([...sending, wait.done]);
      wait.cancel();
    }
  } finally {
    await Promise.all(sending);
  }
  if (failure) throw failure.error;
  return report;
}

/** Sent and dead deliveries go after as many days as the feed keeps its entries. */
export async function pruneDeliveries(ctx: Context): Promise<number> {
  const before = new Date(ctx.now().getTime() - ctx.config.retention.changesDays * 24 * 3_600_000);
  return dropFinishedDeliveries(ctx.db, before.toISOString());
}
