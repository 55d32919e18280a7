// The public change feed: GET /api/public/v1/changes (a page after a cursor) and /changes/stream (Server-Sent
// Events that follow the feed as it grows, resumed with Last-Event-ID).
import type { FastifyInstance } from 'fastify';
import type { Context } from '../../../context.ts';
import { changesRoute, changesStreamRoute } from '../../../contract/routes/changes.ts';
import { CHANGE_STREAMS_PER_CLIENT } from '../../../domain/change-streams.ts';
import { clientScope } from '../../../domain/client-address.ts';
import { AppError, detail } from '../../../errors.ts';
import { changePage, feedScope, readChanges, startCursor } from '../../../queries/changes.ts';
import { changeCursor } from '../../../schemas/change-event.ts';
import { ownProxyReader } from '../../client-address.ts';
import { apiRoute } from '../../define-route.ts';
import { type FeedEvent, FeedFanout, type FeedListener } from '../../feed-fanout.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';
import { StreamSlots } from '../../stream-slots.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** How many times this instance read the change feed for its streams: the shared reader's and their own. */
    changeFeedReads(): number;
  }
}

/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;
/** How often the shared reader looks at the change version, and reads the feed when it moved. */
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
  // One reader of the feed for every stream of this instance, and a cap on how many a client, and all, hold open.
  const fanout = new FeedFanout({
    read: (after) => changePage(ctx, after, STREAM_PAGE, undefined),
    version: () => ctx.changes.version(),
    pollMs: POLL_MS,
    onError: (err) => app.log.error({ err }, 'change feed reader failed'),
  });
  const slots = new StreamSlots({ perClient: CHANGE_STREAMS_PER_CLIENT, total: ctx.config.changeStreamsMax });
  const ownProxy = ownProxyReader(ctx.config.trustProxy);
  let ownReads = 0;
  app.decorate('changeFeedReads', () => fanout.reads + ownReads);

  apiRoute(app, changesStreamRoute, { onRequest: limiters.reads }, async ({ query }, request, reply) => {
    const lastId = request.headers['last-event-id'];
    const resume = typeof lastId === 'string' && lastId !== '' ? lastId : undefined;
    if (resume !== undefined && !changeCursor.safeParse(resume).success) {
      throw new AppError('invalid_query', [detail('Last-Event-ID', 'unknown_cursor', { value: resume })]);
    }
    const scope = await feedScope(ctx, query.emergencySlug);
    const start = await startCursor(ctx, resume ?? query.since);
    // An address listed in TRUST_PROXY that said for nobody is many people: only the instance's total counts it.
    const release = slots.take(ownProxy(request.ip) ? null : clientScope(request.ip));

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
    const nudge = () => wake?.();
    let live = false;
    let quietSince = Date.now();
    const write = (events: FeedEvent[]) => {
      for (const event of events) raw.write(`id: ${event.cursor}\nevent: change\ndata: ${event.text}\n\n`);
      if (events.length > 0) quietSince = Date.now();
    };
    const listener: FeedListener = {
      after: start,
      scope,
      deliver(events) {
        write(events);
        return !raw.writableNeedDrain;
      },
      behind() {
        live = false;
        nudge();
      },
    };
    const end = () => {
      if (ended) return;
      ended = true;
      fanout.leave(listener);
      release();
      nudge();
      raw.end();
    };
    open.add(end);
    request.raw.on('close', end);
    raw.write(`retry: 5000\n: desde ${start}\n\n`);

    try {
      while (!ended) {
        if (!live) {
          // Behind the shared reader (a resumed stream, a slow client): read on its own, a page at a time, waiting
          // for the client to drain, until it is up to date and can join.
          if (raw.writableNeedDrain) await new Promise((resolve) => raw.once('drain', resolve));
          if (ended) break;
          const page = await changePage(ctx, listener.after, STREAM_PAGE, scope);
          ownReads++;
          write(page.events);
          listener.after = page.next;
          if (page.hasMore) continue;
          live = fanout.join(listener);
          if (!live) continue;
        }
        if (Date.now() - quietSince >= HEARTBEAT_MS) {
          raw.write(': sigue\n\n');
          quietSince = Date.now();
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, HEARTBEAT_MS).unref();
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
