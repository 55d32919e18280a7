// Every instance sends due webhooks, one pass every few seconds (and one at start, for what waited while none ran).
// Stopping aborts the messages in flight, lets their leases go so another instance sends them at once, and waits
// for the pass to end.
import type { Context } from '../../context.ts';
import { deliverDue, pruneDeliveries } from './deliver.ts';

const EVERY_MS = 2_000;
const PRUNE_EVERY_MS = 3_600_000;

export interface WorkerLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface WebhookWorker {
  stop(): Promise<void>;
}

export function startWebhookWorker(ctx: Context, log: WorkerLog): WebhookWorker {
  const stopping = new AbortController();
  let running: Promise<void> | null = null;
  let prunedAt = Number.NEGATIVE_INFINITY;
  const pass = async () => {
    try {
      const report = await deliverDue(ctx, { signal: stopping.signal });
      if (report.dead > 0) log.warn(report, 'webhook deliveries dead after their last attempt');
      if (performance.now() - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = performance.now();
        await pruneDeliveries(ctx);
      }
    } catch (err) {
      log.error({ err }, 'webhook delivery pass failed');
    }
  };
  const tick = () => {
    if (running || stopping.signal.aborted) return;
    running = pass().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, EVERY_MS);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}
