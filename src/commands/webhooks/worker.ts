// Every instance sends due webhooks, one pass every few seconds (and one at start, for what waited while none ran).
// A pass lasts while any message is in flight, however slow its receiver, so finished deliveries are pruned on a
// schedule of their own rather than between passes. Stopping aborts the messages in flight, lets their leases go so
// another instance sends them at once, and waits for the pass to end.
import type { Context } from '../../context.ts';
import { startPeriodicPass, type WorkerLog } from '../periodic-pass.ts';
import { deliverDue, pruneDeliveries } from './deliver.ts';

const EVERY_MS = 2_000;
const PRUNE_EVERY_MS = 3_600_000;

export interface WebhookWorker {
  stop(): Promise<void>;
}

export function startWebhookWorker(ctx: Context, log: WorkerLog): WebhookWorker {
  const sending = startPeriodicPass(EVERY_MS, async (signal) => {
    try {
      const report = await deliverDue(ctx, { signal });
      if (report.dead > 0) log.warn(report, 'webhook deliveries dead after their last attempt');
    } catch (err) {
      log.error({ err }, 'webhook delivery pass failed');
    }
  });
  const pruning = startPeriodicPass(PRUNE_EVERY_MS, async () => {
    try {
      await pruneDeliveries(ctx);
    } catch (err) {
      log.error({ err }, 'webhook delivery pruning failed');
    }
  });
  return {
    async stop() {
      await Promise.all([sending.stop(), pruning.stop()]);
    },
  };
}
