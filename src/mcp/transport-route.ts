// GET, POST and DELETE /mcp (SPEC 4.6): sessions are checked here against the database, then each request is
// served by a fresh stateless SDK server and transport, so any instance can continue any session.
import type { ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context.ts';
import type { Limiters } from '../http/plugins/rate-limit.ts';
import { existingMcpSessions } from '../repositories/mcp-sessions.ts';
import { originGuard } from './origin-guard.ts';
import { buildMcpServer } from './server.ts';
import { checkProtocolVersion, endSession, openSession, requireSession } from './sessions.ts';
import { submissionTools } from './tools.ts';

export const MCP_PATH = '/mcp';

function messagesOf(body: unknown): unknown[] {
  return Array.isArray(body) ? body : [body];
}

function isSubmissionCall(message: unknown): boolean {
  const m = message as { method?: unknown; params?: { name?: unknown } } | null;
  return m?.method === 'tools/call' && typeof m.params?.name === 'string' && submissionTools.has(m.params.name);
}

/** How often open streams check that their session still exists (a DELETE may reach another instance). */
export const STREAM_CHECK_MS = 2_000;

/**
 * GET streams open on this instance, by session, so DELETE and shutdown can end them. A session ended on
 * another instance (or purged when idle) is found by a periodic check of the session rows.
 */
class OpenStreams {
  readonly #bySession = new Map<string, Set<ServerResponse>>();
  readonly #exists: (ids: string[]) => Promise<Set<string>>;
  readonly #onError: (err: unknown) => void;
  #timer: NodeJS.Timeout | null = null;
  constructor(exists: (ids: string[]) => Promise<Set<string>>, onError: (err: unknown) => void) {
    this.#exists = exists;
    this.#onError = onError;
  }
  add(sessionId: string, res: ServerResponse): void {
    const set = this.#bySession.get(sessionId) ?? new Set();
    set.add(res);
    this.#bySession.set(sessionId, set);
    res.once('close', () => {
      set.delete(res);
      if (set.size === 0) this.#bySession.delete(sessionId);
      if (this.#bySession.size === 0) this.#stopChecking();
    });
    this.#timer ??= setInterval(() => this.#check().catch(this.#onError), STREAM_CHECK_MS).unref();
  }
  end(sessionId?: string): void {
    const sets = sessionId ? [this.#bySession.get(sessionId)] : [...this.#bySession.values()];
    for (const set of sets) for (const res of set ?? []) res.end();
  }
  async #check(): Promise<void> {
    const ids = [...this.#bySession.keys()];
    const alive = await this.#exists(ids);
    for (const id of ids) if (!alive.has(id)) this.end(id);
  }
  #stopChecking(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }
}

export function mcpRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  const guard = originGuard(ctx.config.baseUrl);
  const streams = new OpenStreams(
    (ids) => existingMcpSessions(ctx.db, ids),
    (err) => app.log.warn({ err }, 'mcp stream check failed'),
  );
  // Open GET streams would otherwise hold the server open until the shutdown grace period runs out.
  app.addHook('preClose', (done) => {
    streams.end();
    done();
  });

  async function serve(request: FastifyRequest, reply: FastifyReply, sessionId: string): Promise<void> {
    const server = buildMcpServer(ctx, (err) => request.log.error({ err }, 'mcp tool failed'));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    // After hijack Fastify sends nothing itself: CORS, rate-limit and security headers are copied by hand.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.raw.setHeader('mcp-session-id', sessionId);
    reply.hijack();
    reply.raw.once('close', () => {
      server.close().catch((err) => request.log.warn({ err }, 'mcp server close failed'));
    });
    if (request.method === 'GET') streams.add(sessionId, reply.raw);
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    } catch (err) {
      request.log.error({ err }, 'mcp request failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(500).end();
      else reply.raw.end();
    }
  }

  app.post(
    MCP_PATH,
    {
      onRequest: guard,
      // Reads and tool listings count as reads; the two submission tools count as submissions.
      preHandler: (request, reply) =>
        messagesOf(request.body).some(isSubmissionCall)
          ? limiters.submissions.call(app, request, reply)
          : limiters.reads.call(app, request, reply),
    },
    async (request, reply) => {
      const initialize = messagesOf(request.body).find((m) => isInitializeRequest(m));
      let sessionId: string;
      if (initialize) {
        sessionId = await openSession(
          ctx,
          (initialize as { params: { protocolVersion?: unknown } }).params.protocolVersion,
        );
      } else {
        sessionId = await requireSession(ctx, request.headers['mcp-session-id']);
        checkProtocolVersion(request.headers['mcp-protocol-version']);
      }
      await serve(request, reply, sessionId);
    },
  );

  app.get(MCP_PATH, { onRequest: [guard, limiters.reads] }, async (request, reply) => {
    const sessionId = await requireSession(ctx, request.headers['mcp-session-id']);
    checkProtocolVersion(request.headers['mcp-protocol-version']);
    await serve(request, reply, sessionId);
  });

  app.delete(MCP_PATH, { onRequest: [guard, limiters.reads] }, async (request, reply) => {
    const sessionId = await requireSession(ctx, request.headers['mcp-session-id']);
    checkProtocolVersion(request.headers['mcp-protocol-version']);
    await endSession(ctx, sessionId);
    streams.end(sessionId);
    return reply.code(200).send();
  });
}
