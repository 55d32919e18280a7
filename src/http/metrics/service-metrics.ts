// What an operator alerts on, in the Prometheus text format: one registry per app (never prom-client's global one,
// so several apps in one process keep their own figures). Every label value comes from a set this code fixes
// (routes the app registered, intakes, outcomes, ages, states) or from a bounded public id (an emergency's slug, a
// webhook subscription's id): never a path as sent, a source, a URL, a token or anything about a person.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { WINDOW_CLOSED } from '../../commands/channels/send-outbound.ts';
import {
  INTAKES,
  SUBMISSION_OUTCOMES,
  type SubmissionEvent,
  submissionEvents,
} from '../../commands/submission-events.ts';
import type { Context } from '../../context.ts';
import { changesStreamRoute } from '../../contract/routes/changes.ts';
import { mcpStreamRoute } from '../../contract/routes/mcp.ts';
import type { Database } from '../../db/database.ts';
import { outboundQueue, webhookQueue } from '../../queries/delivery-queues.ts';
import { BACKLOG_BUCKETS, reviewBacklog } from '../../queries/review-backlog.ts';
import { DECISIONS, decisionsLastHour } from '../../queries/review-decisions.ts';
import { searchLag } from '../../queries/search-lag.ts';
import type { ResponseCache } from '../response-cache.ts';
import { registerJobMetrics } from './job-metrics.ts';

let processRegistry: Registry | null = null;

/**
 * Process memory, CPU, handles, GC and event-loop delay (prom-client measures it with monitorEventLoopDelay): one
 * registry for the process, made with the first app and shared by every app in it, so a second app starts no second
 * event-loop monitor or GC observer (they are never stopped).
 */
function processMetrics(): Registry {
  if (processRegistry === null) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Seconds; a cached list answers in well under a millisecond, a search or an export in tens to hundreds. */
const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A request no route matched (a 404, a malformed URL): one label value, whatever path was asked for. */
export const UNMATCHED = 'unmatched';

/** Methods an unmatched request is labelled with; any other reads `other` (the parser accepts dozens). */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

export type LatencyChild = { observe(seconds: number): void };

/** One route and method's histogram children, made on first use per status class (an unused class adds no series). */
export type RouteSeries = (statusCode: number) => LatencyChild;

export interface MetricsSources {
  ctx: Context;
  database: Database;
  cache: ResponseCache;
}

export class ServiceMetrics {
  readonly registry = new Registry();
  readonly #sources: MetricsSources;
  readonly #latency: Histogram<'route' | 'method' | 'status'>;
  readonly #submissions: Counter<'channel' | 'outcome'>;
  readonly #streams: Gauge<'kind'>;
  readonly #unmatched = new Map<string, RouteSeries>();
  readonly #earlier = new Map<string, RouteSeries>();
  readonly #refreshers: (() => Promise<void>)[] = [];
  readonly #onSubmission: (message: unknown) => void;

  constructor(sources: MetricsSources) {
    this.#sources = sources;
    const registers = [this.registry];
    // Started with the first app, so the event-loop delay is measured from then on, not from the first scrape.
    processMetrics();

    this.#latency = new Histogram({
      name: 'ayuda_http_request_duration_seconds',
      help: 'Requests the framework answered, by route template, method and status class (count: requests).',
      labelNames: ['route', 'method', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.#streams = new Gauge({
      name: 'ayuda_open_streams',
      help: 'Streams held open on this instance: change-feed event streams and MCP streams.',
      labelNames: ['kind'],
      registers,
    });
    for (const kind of STREAM_KINDS) this.#streams.set({ kind }, 0);

    this.#submissions = new Counter({
      name: 'ayuda_submissions_total',
      help: 'Submissions by intake and what became of them (refused: the service turned it down).',
      labelNames: ['channel', 'outcome'],
      registers,
    });
    // Every pair exists from the start, so a rate over a channel that has seen nothing yet reads 0, not nothing.
    for (const channel of INTAKES)
      for (const outcome of SUBMISSION_OUTCOMES) this.#submissions.inc({ channel, outcome }, 0);
    this.#onSubmission = (message) => {
      const event = message as SubmissionEvent;
      if (event.changes === sources.ctx.changes)
        this.#submissions.inc({ channel: event.intake, outcome: event.outcome });
    };
    submissionEvents.subscribe(this.#onSubmission);

    this.#cacheMetrics(registers);
    this.#reviewMetrics(registers);
    this.#queueMetrics(registers);
    this.#searchMetrics(registers);
    this.#poolMetrics(registers);
    registerJobMetrics(this.registry, sources.ctx);
  }

  /** The histogram children of one matched route and method (its template as registered, never the URL sent). */
  routeSeries(route: string, method: string): RouteSeries {
    const children: (LatencyChild | undefined)[] = [];
    return (statusCode) => {
      const index = Math.min(4, Math.max(0, Math.floor(statusCode / 100) - 1));
      let child = children[index];
      if (child === undefined) {
        child = this.#latency.labels(route, method, STATUS_CLASSES[index] as string);
        children[index] = child;
      }
      return child;
    };
  }

  /** A route registered before the metrics' hook: looked up by template (a registered one, so the set is bounded). */
  earlierRouteSeries(route: string, method: string): RouteSeries {
    const key = `${method} ${route}`;
    let series = this.#earlier.get(key);
    if (series === undefined) {
      series = this.routeSeries(route, method);
      this.#earlier.set(key, series);
    }
    return series;
  }

  /** A request no route matched: its method is kept only when it is a common one. */
  unmatchedSeries(method: string): RouteSeries {
    const label = KNOWN_METHODS.has(method) ? method : 'other';
    let series = this.#unmatched.get(label);
    if (series === undefined) {
      series = this.routeSeries(UNMATCHED, label);
      this.#unmatched.set(label, series);
    }
    return series;
  }

  /** A stream of `kind` opened; the returned function closes it, once. */
  streamOpened(kind: StreamKind): () => void {
    this.#streams.inc({ kind });
    let open = true;
    return () => {
      if (!open) return;
      open = false;
      this.#streams.dec({ kind });
    };
  }

  /** The scrape: the figures read from the database are read now, in one pass, then the registry is written out. */
  async render(): Promise<string> {
    for (const refresh of this.#refreshers) await refresh();
    return Registry.merge([processMetrics(), this.registry]).metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  close(): void {
    submissionEvents.unsubscribe(this.#onSubmission);
  }

  #cacheMetrics(registers: Registry[]): void {
    const { cache } = this.#sources;
    // Read from the cache's own counts at scrape time: the request paths do nothing more than add one.
    new Counter({
      name: 'ayuda_response_cache_hits_total',
      help: 'Cached public reads answered from memory: before the framework (fast) or by a cached route (route).',
      labelNames: ['path'],
      registers,
      collect() {
        this.reset();
        this.inc({ path: 'fast' }, cache.counts.fast);
        this.inc({ path: 'route' }, cache.counts.route);
      },
    });
    new Counter({
      name: 'ayuda_response_cache_misses_total',
      help: 'Cached public reads that had to be computed.',
      registers,
      collect() {
        this.reset();
        this.inc(cache.counts.misses);
      },
    });
    new Counter({
      name: 'ayuda_response_cache_evictions_total',
      help: 'Cached responses pushed out to make room.',
      registers,
      collect() {
        this.reset();
        this.inc(cache.evictions);
      },
    });
  }

  #reviewMetrics(registers: Registry[]): void {
    const { ctx } = this.#sources;
    const backlog = new Gauge({
      name: 'ayuda_review_backlog',
      help: 'Submissions and revisions waiting for review, by emergency and by how long they have waited.',
      labelNames: ['emergency', 'age'],
      registers,
    });
    const oldestUrgent = new Gauge({
      name: 'ayuda_review_oldest_urgent_seconds',
      help: 'Seconds the oldest urgent request waiting for review has waited, by emergency (0: none waits).',
      labelNames: ['emergency'],
      registers,
    });
    const decisions = new Gauge({
      name: 'ayuda_review_decisions_last_hour',
      help: 'Review decisions (approvals and rejections, revisions included) in the last hour, from the audit log.',
      labelNames: ['decision'],
      registers,
    });
    this.#refreshers.push(async () => {
      const rows = await reviewBacklog(ctx);
      // Reset first: an emergency that is gone leaves no stale series behind.
      backlog.reset();
      oldestUrgent.reset();
      for (const row of rows) {
        for (const bucket of BACKLOG_BUCKETS)
          backlog.set({ emergency: row.slug, age: bucket.label }, row.waiting[bucket.label]);
        oldestUrgent.set({ emergency: row.slug }, row.oldestUrgentSeconds);
      }
      const last = await decisionsLastHour(ctx);
      for (const decision of DECISIONS) decisions.set({ decision }, last[decision]);
    });
  }

  #queueMetrics(registers: Registry[]): void {
    const { ctx } = this.#sources;
    const webhooks = new Gauge({
      name: 'ayuda_webhook_deliveries',
      help: 'Webhook deliveries by subscription id: waiting for a first try (pending), retrying, given up on (dead).',
      labelNames: ['subscription', 'state'],
      registers,
    });
    const outbound = new Gauge({
      name: 'ayuda_outbound_messages',
      help: 'WhatsApp and SMS messages: waiting (pending), failed, and failed because the 24-hour window had closed.',
      labelNames: ['state'],
      registers,
    });
    this.#refreshers.push(async () => {
      const queue = await webhookQueue(ctx);
      webhooks.reset();
      for (const [subscription, states] of queue) {
        webhooks.set({ subscription, state: 'pending' }, states.pending);
        webhooks.set({ subscription, state: 'retrying' }, states.retrying);
        webhooks.set({ subscription, state: 'dead' }, states.dead);
      }
      const messages = await outboundQueue(ctx, WINDOW_CLOSED);
      outbound.set({ state: 'pending' }, messages.pending);
      outbound.set({ state: 'failed' }, messages.failed);
      outbound.set({ state: 'window_closed' }, messages.windowClosed);
    });
  }

  #searchMetrics(registers: Registry[]): void {
    const { ctx } = this.#sources;
    const { search } = ctx;
    new Gauge({
      name: 'ayuda_search_index_records',
      help: 'Published records held by this instance’s search index.',
      registers,
      collect() {
        this.set(search.stats.records);
      },
    });
    new Gauge({
      name: 'ayuda_search_index_synced_timestamp_seconds',
      help: 'When the search index last caught up with the change feed (0: not built yet).',
      registers,
      collect() {
        this.set((search.stats.syncedAt ?? 0) / 1000);
      },
    });
    new Gauge({
      name: 'ayuda_search_index_build_seconds',
      help: 'How long the search index’s first build took on this instance (0: not built yet).',
      registers,
      collect() {
        this.set((search.stats.buildMs ?? 0) / 1000);
      },
    });
    const lag = new Gauge({
      name: 'ayuda_search_index_lag_changes',
      help: 'Record changes written that the search index has not read yet.',
      registers,
    });
    this.#refreshers.push(async () => {
      lag.set(await searchLag(ctx));
    });
  }

  #poolMetrics(registers: Registry[]): void {
    // SQLite has one connection of its own and no pool: nothing to wait for, so no series at all.
    const { pool } = this.#sources.database;
    if (pool === undefined) return;
    new Gauge({
      name: 'ayuda_db_pool_connections',
      help: 'PostgreSQL pool connections: in use, idle, and requests waiting for one.',
      labelNames: ['state'],
      registers,
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
}

/** The streaming routes, from their declarations: what `ayuda_open_streams` counts, and under which kind. */
const STREAM_ROUTES = [
  { kind: 'changes', route: changesStreamRoute },
  { kind: 'mcp', route: mcpStreamRoute },
] as const;

export type StreamKind = (typeof STREAM_ROUTES)[number]['kind'];

const STREAM_KINDS: readonly StreamKind[] = STREAM_ROUTES.map((s) => s.kind);

/** The kind of stream a route holds open, by its method and template as Fastify registers them; null for others. */
export function streamKindOf(method: string, url: string): StreamKind | null {
  const found = STREAM_ROUTES.find((s) => s.route.method.toUpperCase() === method && s.route.path === url);
  return found?.kind ?? null;
}
