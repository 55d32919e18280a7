// Start-up: config -> database -> app -> listen; periodic upkeep; graceful shutdown.
import type { FastifyInstance } from 'fastify';
import { type BackupScheduleState, backupPass } from './commands/backups/scheduled-backups.ts';
import { writeFeedTouches } from './commands/changes/feed-touches.ts';
import { startOutboundWorker } from './commands/channels/outbound-worker.ts';
import { refreshConfirmations } from './commands/confirmation/refresh-confirmations.ts';
import { leasedJob, newLeaseHolder } from './commands/job-lease.ts';
import { IDEMPOTENCY_KEY_HOURS, purgePersonalData } from './commands/personal-data/purge.ts';
import { sendDueCancellations } from './commands/pledges/cancel-with-undo.ts';
import { expirePledges } from './commands/pledges/expire-pledges.ts';
import { purgeConsoleState } from './commands/purge-console-state.ts';
import { refreshPriorities } from './commands/refresh-priorities.ts';
import { applyDueDeclines } from './commands/route-claims/decline-with-undo.ts';
import { startWebhookWorker } from './commands/webhooks/worker.ts';
import { type Config, missingControllerSettings } from './config.ts';
import { type Context, createContext } from './context.ts';
import { type Database, openDatabase } from './db/database.ts';
import { buildApp } from './http/app.ts';
import { startMetricsListener } from './http/metrics/metrics-listener.ts';
import { metricsOf } from './http/metrics/metrics-routes.ts';
import { purgeIdleSessions } from './mcp/sessions.ts';
import { purgeIdempotencyKeys } from './repositories/idempotency.ts';

const KEY_RETENTION_MS = IDEMPOTENCY_KEY_HOURS * 3_600_000;
const SHUTDOWN_GRACE_MS = 9_000;
/** Retention runs a minute after start, then once a day (on the one instance that holds its lease). */
const RETENTION_FIRST_MS = 60_000;
const RETENTION_EVERY_MS = 24 * 3_600_000;
/**
 * Pledges past their date and grace expire, and records move to "por confirmar" or expired, within this long (a new
 * pledge releases its record's due pledges at once).
 */
const SWEEP_MS = 5 * 60_000;
const SWEEP_FIRST_MS = 10_000;
/** Scheduled backups are looked at every minute; the lease outlasts a long backup, and its holder keeps it. */
const BACKUP_LOOK_MS = 60_000;
const BACKUP_LEASE_MS = 30 * 60_000;

export interface RunningServer {
  app: FastifyInstance;
  ctx: Context;
  database: Database;
  url: string;
  stop(): Promise<void>;
}

/** false: no logs; a level and stream: where lines go (tests read them); absent: LOG_LEVEL to stdout. */
export interface ServerOptions {
  logger?: boolean | { level?: string; stream: { write(line: string): void } };
}

export async function startServer(config: Config, options: ServerOptions = {}): Promise<RunningServer> {
  const database = await openDatabase(config.database, {
    onError: (err) => console.error('database error:', err.message),
  });
  const ctx = createContext(config, database);
  const logger = options.logger;
  const app = await buildApp(
    ctx,
    database,
    logger === false ? { logger: false } : typeof logger === 'object' ? { logger } : {},
  );
  // Nobody named who answers for the personal data: the public is told it is not configured yet, and the operator here.
  const missing = missingControllerSettings(config);
  if (missing.length > 0) {
    app.log.warn(
      { missing },
      `data controller not configured: set ${missing.join(' and ')}; /privacidad tells the public it is not configured yet`,
    );
  }

  // Every instance keeps the timers; each round only the one that claims a job's lease runs it (commands/job-lease.ts).
  const holder = newLeaseHolder();
  const everyMs = Math.max(1, config.priorityRefreshMinutes || 60) * 60_000;
  const upkeep = leasedJob(ctx, holder, app.log, 'upkeep', everyMs, async () => {
    await purgeIdempotencyKeys(ctx.db, new Date(ctx.now().getTime() - KEY_RETENTION_MS).toISOString());
    await purgeIdleSessions(ctx);
    await purgeConsoleState(ctx);
    if (config.priorityRefreshMinutes > 0) await refreshPriorities(ctx);
  });
  const timer = setInterval(upkeep, everyMs);
  timer.unref();
  const retention = leasedJob(ctx, holder, app.log, 'retention', RETENTION_EVERY_MS, async () => {
    const report = await purgePersonalData(ctx, { dryRun: false });
    const erased = report.lines.filter((l) => l.id !== undefined).length;
    if (erased > 0) app.log.info({ erased }, 'retention erased personal data');
  });
  const sweep = leasedJob(ctx, holder, app.log, 'sweep', SWEEP_MS, async () => {
    const rewritten = await writeFeedTouches(ctx);
    if (rewritten > 0) app.log.info({ rewritten }, 'feed entries written again after a migration');
    const expired = await expirePledges(ctx);
    if (expired > 0) app.log.info({ expired }, 'pledges expired');
    // Leaders' cancellations whose ten minutes to undo ran out are announced now (commands/pledges/cancel-with-undo.ts).
    const announced = await sendDueCancellations(ctx);
    if (announced > 0) app.log.info({ announced }, 'pledge cancellations announced');
    const declined = await applyDueDeclines(ctx);
    if (declined > 0) app.log.info({ declined }, 'route offers declined');
    const moved = await refreshConfirmations(ctx);
    if (moved.to_confirm + moved.expired > 0) app.log.info(moved, 'confirmation states moved');
  });
  // Soon after start too: a service that was down for days must not show their states as they were.
  const firstSweep = setTimeout(sweep, SWEEP_FIRST_MS);
  firstSweep.unref();
  const sweepTimer = setInterval(sweep, SWEEP_MS);
  sweepTimer.unref();
  // BACKUP_DIR: a look every minute; a backup when one is due, else the erasure logs beside them kept current.
  // A backup that outlasts the minute keeps the next look from starting a second one on this instance.
  const schedule: BackupScheduleState = { erasures: null };
  let backingUp = false;
  const backups =
    config.backups === null
      ? null
      : leasedJob(ctx, holder, app.log, 'backups', BACKUP_LEASE_MS, async () => {
          if (config.backups === null || backingUp) return;
          backingUp = true;
          try {
            const taken = await backupPass(ctx, config.backups, process.env, schedule);
            if (taken) app.log.info({ file: taken.file, bytes: taken.bytes, seconds: taken.seconds }, 'backup taken');
          } finally {
            backingUp = false;
          }
        });
  const backupTimer = backups === null ? null : setInterval(backups, BACKUP_LOOK_MS);
  backupTimer?.unref();
  const firstRetention = setTimeout(retention, RETENTION_FIRST_MS);
  firstRetention.unref();
  const retentionTimer = setInterval(retention, RETENTION_EVERY_MS);
  retentionTimer.unref();

  await app.listen({ port: config.port, host: config.host });
  // METRICS_PORT: /metrics alone, without a token, on its own address (METRICS_HOST, loopback unless set).
  const { metricsPort, metricsHost } = config.operations;
  const metricsListener =
    metricsPort === null
      ? null
      : await startMetricsListener(metricsOf(app), { host: metricsHost, port: metricsPort }, (err) =>
          app.log.error({ err }, 'metrics scrape failed'),
        );
  // Every instance sends the webhooks' queue; leases keep two from sending the same message at once.
  const webhooks = startWebhookWorker(ctx, app.log);
  // And the WhatsApp and SMS queue, in order per number.
  const outbound = startOutboundWorker(ctx, app.log);
  // The first search would otherwise wait for the index to be built.
  ctx.search.warm().catch((err) => app.log.error({ err }, 'search index build failed; searches will retry'));
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      clearInterval(timer);
      clearInterval(sweepTimer);
      clearTimeout(firstSweep);
      clearTimeout(firstRetention);
      clearInterval(retentionTimer);
      if (backupTimer) clearInterval(backupTimer);
      await webhooks.stop(); // messages in flight are let go for another instance (or the next start) to send
      await outbound.stop();
      await metricsListener?.close();
      await app.close(); // stops accepting, lets in-flight requests finish
      await database.close();
    })();
    return stopping;
  };
  return { app, ctx, database, url: `http://127.0.0.1:${port}`, stop };
}

/** SIGTERM/SIGINT: finish what is in flight, refuse new work, exit within the grace period. */
export function stopOnSignals(server: RunningServer): void {
  const onSignal = (signal: string) => {
    server.app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    server.stop().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
