// Every instance sends the WhatsApp and SMS queue: a pass every few seconds, one at once when this instance queued
// something, and the leaders' daily digests when their hour comes. Stopping lets the messages in flight go for
// another instance to send.
import type { Context } from '../../context.ts';
import { queueDailyDigests } from './leader-alerts.ts';
import { onOutboundQueued } from './outbound-signal.ts';
import { sendDueOutbound } from './send-outbound.ts';

const EVERY_MS = 3_000;
const DIGEST_EVERY_MS = 300_000;

export interface WorkerLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface OutboundWorker {
  stop(): Promise<void>;
}

export function startOutboundWorker(ctx: Context, log: WorkerLog): OutboundWorker {
  const stopping = new AbortController();
  let running: Promise<void> | null = null;
  let again = false;
  let digestAt = Number.NEGATIVE_INFINITY;
  const pass = async () => {
    try {
      if (performance.now() - digestAt >= DIGEST_EVERY_MS) {
        digestAt = performance.now();
        await queueDailyDigests(ctx);
      }
      const report = await sendDueOutbound(ctx, { signal: stopping.signal });
      if (report.failed > 0) log.warn(report, 'WhatsApp or SMS messages failed after their last attempt');
    } catch (err) {
      log.error({ err }, 'outbound message pass failed');
    }
  };
  const tick = () => {
    if (stopping.signal.aborted) return;
    if (running) {
      again = true;
      return;
    }
    running = pass().finally(() => {
      running = null;
      if (again) {
        again = false;
        tick();
      }
    });
  };
  const timer = setInterval(tick, EVERY_MS);
  timer.unref();
  const unsubscribe = onOutboundQueued(tick);
  tick();
  return {
    async stop() {
      clearInterval(timer);
      unsubscribe();
      stopping.abort();
      await running;
    },
  };
}
