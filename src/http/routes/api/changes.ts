// The public change feed: GET /api/public/v1/changes (a page after a cursor) and /changes/stream (Server-Sent
// Events that follow the feed as it grows, resumed with Last-Event-ID).
import type { FastifyInstance } from 'fastify';
import type { Context } from '../../../context.ts';
import { changesRoute, changesStreamRoute } from '../../../contract/routes/changes.ts';
import { AppError } from '../../../errors.ts';
import { changePage, feedScope, readChanges, startCursor } from '../../../queries/changes.ts';
import { changeCursor } from '../../../schemas/change-event.ts';
import { apiRoute } from '../../define-route.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';

/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;
/** How often a stream looks for new entries when the change version moved (or, at most, this often anyway). */
const POLL_MS = 500;
const STREAM_PAGE = 200;

export function changesRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  apiRoute(app, changesRoute, { onRequest: limiters.reads }, async ({ query }, _request, reply) => {
    const text = await readChanges(ctx, query);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(text);
  });

  const open = new Set<() => void>();
  app.addHook('preClose', (done) => {
    for (const end of open) end();
    done();
  });

  apiRoute(app, changesStreamRoute, { onRequest: limiters.reads }, async ({ query }, request, reply) => {
    const lastId = request.headers['last-event-id'];
    const resume = typeof lastId === 'string' && lastId !== '' ? lastId : undefined;
    if (resume !== undefined && !changeCursor.safeParse(resume).success) {
      throw new AppError('invalid_query', [{ field: 'Last-Event-ID', message: resume, code: 'unknown_cursor' }]);
    }
    const scope = await feedScope(ctx, query.emergencySlug);
    let after = await startCursor(ctx, resume ?? query.since);

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    let ended = false;
    let wake: (() => void) | null = null;
    const end = () => {
      if (ended) return;
      ended = true;
      wake?.();
      raw.end();
    };
    open.add(end);
    request.raw.on('close', end);
    raw.write(`retry: 5000\n: desde ${after}\n\n`);

    let version = '';
    let quietSince = Date.now();
    try {
      while (!ended) {
        const now = ctx.changes.version();
        if (now !== version) {
          version = now;
          let page = await changePage(ctx, after, STREAM_PAGE, scope);
          for (;;) {
            for (const event of page.events) raw.write(`id: ${event.cursor}\nevent: change\ndata: ${event.text}\n\n`);
            after = page.next;
            if (page.events.length > 0) quietSince = Date.now();
            if (!page.hasMore || ended) break;
            // A slow reader makes the writer wait: the stream never buffers more than a page.
            if (raw.writableNeedDrain) await new Promise((resolve) => raw.once('drain', resolve));
            page = await changePage(ctx, after, STREAM_PAGE, scope);
          }
        }
        if (Date.now() - quietSince >= HEARTBEAT_MS) {
          raw.write(': sigue\n\n');
          quietSince = Date.now();
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, POLL_MS).unref();
        });
        wake = null;
      }
    } catch (err) {
      request.log.error({ err }, 'change stream failed');
    } finally {
      open.delete(end);
      end();
    }
  });
}
