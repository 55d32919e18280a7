// Every instance sends the WhatsApp and SMS queue: a pass every few seconds, one at once when this instance queued
// something, the leaders' grouped urgent alerts and the requesters' hourly pledge summaries when they are due, and their daily digests when their hour comes. Stopping lets the messages in flight go for
// another instance to send.
import type { Context } from '../../context.ts';
import { startPeriodicPass, type WorkerLog } from '../periodic-pass.ts';
import { queueDailyDigests, queueGroupedAlerts } from './leader-alerts.ts';
import { queuePledgeSummaries } from './notices.ts';
import { onOutboundQueued } from './outbound-signal.ts';
import { sendDueOutbound } from './send-outbound.ts';

const EVERY_MS = 3_000;
const DIGEST_EVERY_MS = 300_000;
/** How often the grouped alerts are looked for: a grouped alert is at most this late. */
const GROUPED_ALERTS_EVERY_MS = 30_000;

export interface OutboundWorker {
  stop(): Promise<void>;
}

export function startOutboundWorker(ctx: Context, log: WorkerLog): OutboundWorker {
  let digestAt = Number.NEGATIVE_INFINITY;
  let groupedAt = Number.NEGATIVE_INFINITY;
  const passes = startPeriodicPass(EVERY_MS, async (signal) => {
    try {
      if (performance.now() - digestAt >= DIGEST_EVERY_MS) {
        digestAt = performance.now();
        await queueDailyDigests(ctx);
      }
      if (performance.now() - groupedAt >= GROUPED_ALERTS_EVERY_MS) {
        groupedAt = performance.now();
        await queueGroupedAlerts(ctx);
        await queuePledgeSummaries(ctx);
      }
      const report = await sendDueOutbound(ctx, { signal });
      if (report.failed > 0) log.warn(report, 'WhatsApp or SMS messages failed after their last attempt');
    } catch (err) {
      log.error({ err }, 'outbound message pass failed');
    }
  });
  const unsubscribe = onOutboundQueued(passes.tick);
  return {
    async stop() {
      unsubscribe();
      await passes.stop();
    },
  };
}
