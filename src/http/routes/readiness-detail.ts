// GET /readyz/detalle: what an operator checks when an instance misbehaves, behind METRICS_TOKEN (404 without one, as
// /metrics). Ready follows /readyz's rule (the database answers and the search index is built) and the status code
// says it (200 or 503); Redis, the queues and the periodic jobs are reported, never part of that rule. Not in the
// OpenAPI document: it is for operators.
import type { FastifyInstance } from 'fastify';
import { newestBackupAt } from '../../commands/backups/scheduled-backups.ts';
import { WINDOW_CLOSED } from '../../commands/channels/send-outbound.ts';
import type { Context } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { outboundQueue, webhookQueue } from '../../queries/delivery-queues.ts';
import { jobLeaders } from '../../queries/job-leaders.ts';
import { requireOperatorToken } from '../operator-token.ts';
import { probeRedis } from '../redis-probe.ts';

export const READINESS_DETAIL_PATH = '/readyz/detalle';

export function readinessDetailRoutes(app: FastifyInstance, ctx: Context, database: Database): void {
  const token = ctx.config.operations.metricsToken;
  if (token === null) return;
  app.get(READINESS_DETAIL_PATH, { onRequest: requireOperatorToken(token) }, async (request, reply) => {
    const [databaseOk, redis] = await Promise.all([
      database.ping().then(
        () => true,
        (err: unknown) => {
          request.log.warn({ err }, 'database not ready');
          return false;
        },
      ),
      probeRedis(ctx.config.redisUrl),
    ]);
    const searchBuilt = ctx.search.built;
    const ready = databaseOk && searchBuilt;
    // What is read from the database is left out (null) when it does not answer.
    const [queues, jobs] = databaseOk ? await Promise.all([queueDepths(ctx), jobLeaders(ctx)]) : [null, null];
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: ready ? 'ready' : 'not_ready',
        database: { engine: database.dialect, ok: databaseOk },
        searchIndex: { built: searchBuilt },
        redis,
        queues,
        jobs,
        lastBackup: lastBackupAt(ctx),
      });
  });
}

async function queueDepths(ctx: Context) {
  const [webhooks, outbound] = await Promise.all([webhookQueue(ctx), outboundQueue(ctx, WINDOW_CLOSED)]);
  let pending = 0;
  let dead = 0;
  for (const states of webhooks.values()) {
    pending += states.pending + states.retrying;
    dead += states.dead;
  }
  return {
    webhookDeliveries: { pending, dead },
    outboundMessages: {
      pending: outbound.pending,
      failed: outbound.failed + outbound.windowClosed,
      windowClosed: outbound.windowClosed,
    },
  };
}

/** When the newest scheduled backup in BACKUP_DIR was taken; null without one or without BACKUP_DIR. */
function lastBackupAt(ctx: Context): string | null {
  const backups = ctx.config.backups;
  return backups === null ? null : (newestBackupAt(backups.dir)?.toISOString() ?? null);
}
