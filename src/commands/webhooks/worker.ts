// Every instance sends due webhooks, one pass every few seconds (and one at start, for what waited while none ran).
// Stopping aborts the messages in flight, lets their leases go so another instance sends them at once, and waits
// for the pass to end.
import type { Context } from '../../context.ts';
import { startPeriodicPass, type WorkerLog } from '../periodic-pass.ts';
import { deliverDue, pruneDeliveries } from './deliver.ts';

const EVERY_MS = 2_000;
const PRUNE_EVERY_MS = 3_600_000;

export interface WebhookWorker {
  stop(): Promise<void>;
}

export function startWebhookWorker(ctx: Context, log: WorkerLog): WebhookWorker {
  let prunedAt = Number.NEGATIVE_INFINITY;
  return startPeriodicPass(EVERY_MS, async (signal) => {
    try {
      const report = await deliverDue(ctx, { signal });
      if (report.dead > 0) log.warn(report, 'webhook deliveries dead after their last attempt');
      if (performance.now() - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = performance.now();
        await pruneDeliveries(ctx);
      }
    } catch (err) {
      log.error({ err }, 'webhook delivery pass failed');
    }
  });
}
