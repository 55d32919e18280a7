// GET, POST and DELETE /mcp (SPEC 4.6): sessions are checked here against the database, then each request is
// served by a fresh stateless SDK server and transport, so any instance can continue any session.
import type { ServerResponse } from 'node:http';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../../context.ts';
import type { submissionToolNames } from '../../contract/mcp-tools.ts';
import { mcpEndSessionRoute, mcpPostRoute, mcpStreamRoute } from '../../contract/routes/mcp.ts';
import { clientScope } from '../../domain/client-address.ts';
import { AppError } from '../../errors.ts';
import { withCaller } from '../../mcp/caller.ts';
import { originGuard } from '../../mcp/origin-guard.ts';
import { checkProtocolVersion, endSession, openSession, requireSession } from '../../mcp/sessions.ts';
import { tools } from '../../mcp/tools.ts';
import { openMcpSessionIds } from '../../queries/mcp-sessions.ts';
import { fastifyPath } from '../define-route.ts';
import { type Limiters, WITHDRAWALS_PER_MINUTE } from '../plugins/rate-limit.ts';

/**
 * The SDK's server and transport, and the tools built on them, load on the first MCP request: about 15 MB of
 * memory that a service answering only the API and the website never needs.
 */
let runtime:
  | Promise<{
      buildMcpServer: typeof import('../../mcp/server.ts').buildMcpServer;
      Transport: typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js').StreamableHTTPServerTransport;
    }>
  | undefined;

function mcpRuntime() {
  runtime ??= Promise.all([
    import('../../mcp/server.ts'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
  ]).then(
    ([server, transport]) => ({
      buildMcpServer: server.buildMcpServer,
      Transport: transport.StreamableHTTPServerTransport,
    }),
    (err: unknown) => {
      // A failed load is tried again by the next request rather than remembered.
      runtime = undefined;
      throw err;
    },
  );
  return runtime;
}

/** Protocol 2025-11-25 has no JSON-RPC batches; refusing them keeps every message one request, counted once. */
export const BATCH_REFUSED = {
  jsonrpc: '2.0',
  id: null,
  error: {
    code: -32600,
    message:
      'Los lotes JSON-RPC (un arreglo de mensajes) no se admiten en el protocolo MCP 2025-11-25: envíe un mensaje ' +
      'por petición. / JSON-RPC batches are not supported in MCP 2025-11-25: send one message per request.',
  },
} as const;

/** Tools counted as submissions: those that send, and any tool not declared read-only, so no write passes as a read. */
const countedAsSubmission = new Set(
  tools.filter((tool) => tool.submits || tool.annotations.readOnlyHint !== true).map((tool) => tool.name),
);

/** Only a tools/call of such a tool is a submission; any other request, notification or response is a read. */
function isSubmissionCall(message: unknown): boolean {
  const m = message as { method?: unknown; params?: { name?: unknown } } | null;
  return m?.method === 'tools/call' && typeof m.params?.name === 'string' && countedAsSubmission.has(m.params.name);
}

const WITHDRAW_TOOL: (typeof submissionToolNames)[number] = 'retirar_publicacion';

/** A call of the tool that withdraws by receipt code: also held to the withdrawals limit, as /retirar is. */
function isWithdrawalCall(message: unknown): boolean {
  const m = message as { method?: unknown; params?: { name?: unknown } } | null;
  return m?.method === 'tools/call' && m.params?.name === WITHDRAW_TOOL;
}

/** Open GET streams allowed on this instance: per session, and per client address (IPv6 per /64). */
export const MAX_STREAMS_PER_SESSION = 4;
export const MAX_STREAMS_PER_CLIENT = 32;

/** How often open streams check that their session still exists (a DELETE may reach another instance). */
export const STREAM_CHECK_MS = 2_000;

/**
 * GET streams open on this instance, by session, so DELETE and shutdown can end them. A session ended on
 * another instance (or purged when idle) is found by a periodic check of the session rows.
 */
class OpenStreams {
  readonly #bySession = new Map<string, Set<ServerResponse>>();
  readonly #byClient = new Map<string, number>();
  readonly #exists: (ids: string[]) => Promise<Set<string>>;
  readonly #onError: (err: unknown) => void;
  #timer: NodeJS.Timeout | null = null;
  constructor(exists: (ids: string[]) => Promise<Set<string>>, onError: (err: unknown) => void) {
    this.#exists = exists;
    this.#onError = onError;
  }
  /** Takes a slot for the stream, or refuses with 429 too_many_streams; the slot is freed when the stream closes. */
  add(sessionId: string, client: string, res: ServerResponse): void {
    const set = this.#bySession.get(sessionId) ?? new Set();
    const held = this.#byClient.get(client) ?? 0;
    if (set.size >= MAX_STREAMS_PER_SESSION) {
      throw tooManyStreams('Mcp-Session-Id', `máximo ${MAX_STREAMS_PER_SESSION} flujos abiertos por sesión`);
    }
    if (held >= MAX_STREAMS_PER_CLIENT) {
      throw tooManyStreams('', `máximo ${MAX_STREAMS_PER_CLIENT} flujos abiertos por dirección de cliente`);
    }
    set.add(res);
    this.#bySession.set(sessionId, set);
    this.#byClient.set(client, held + 1);
    res.once('close', () => {
      set.delete(res);
      if (set.size === 0) this.#bySession.delete(sessionId);
      const left = (this.#byClient.get(client) ?? 1) - 1;
      if (left > 0) this.#byClient.set(client, left);
      else this.#byClient.delete(client);
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

function tooManyStreams(field: string, message: string): AppError {
  return new AppError('too_many_streams', [{ field, message, code: 'too_many_streams' }]);
}

export function mcpRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  const guard = originGuard(ctx.config.baseUrl);
  const streams = new OpenStreams(
    (ids) => openMcpSessionIds(ctx, ids),
    (err) => app.log.warn({ err }, 'mcp stream check failed'),
  );
  // Open GET streams would otherwise hold the server open until the shutdown grace period runs out.
  app.addHook('preClose', (done) => {
    streams.end();
    done();
  });

  async function serve(request: FastifyRequest, reply: FastifyReply, sessionId: string): Promise<void> {
    const { buildMcpServer, Transport } = await mcpRuntime();
    // Served with the caller's address: a report through MCP counts per client as one through the API.
    const server = buildMcpServer(withCaller(ctx, request.ip), (err) => request.log.error({ err }, 'mcp tool failed'));
    const transport = new Transport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    // After hijack Fastify sends nothing itself: CORS, rate-limit and security headers are copied by hand.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.raw.setHeader('mcp-session-id', sessionId);
    reply.hijack();
    reply.raw.once('close', () => {
      server.close().catch((err) => request.log.warn({ err }, 'mcp server close failed'));
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    } catch (err) {
      request.log.error({ err }, 'mcp request failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(500).end();
      else reply.raw.end();
    }
  }

  const withdrawalLimit =
    ctx.config.submissionsPerMinute < WITHDRAWALS_PER_MINUTE ? limiters.submissions : limiters.withdrawals;
  app.post(
    fastifyPath(mcpPostRoute.path),
    {
      onRequest: guard,
      // Before any counting or session work: a batch is refused whole, so none of its messages runs.
      preValidation: async (request, reply) => {
        if (Array.isArray(request.body)) return reply.code(400).send(BATCH_REFUSED);
      },
      // One message per POST: a submission tool call counts as a submission, everything else as a read.
      // A withdrawal is held to the stricter of the submissions limit and the withdrawals limit (which the receipt
      // code's guessing odds assume, as on /retirar); one limiter per request, since each counts the request once.
      preHandler: (request, reply) => {
        if (!isSubmissionCall(request.body)) return limiters.reads.call(app, request, reply);
        if (isWithdrawalCall(request.body)) return withdrawalLimit.call(app, request, reply);
        return limiters.submissions.call(app, request, reply);
      },
    },
    async (request, reply) => {
      const message = request.body;
      let sessionId: string;
      if (isInitializeRequest(message)) {
        sessionId = await openSession(ctx, message.params.protocolVersion);
      } else {
        sessionId = await requireSession(ctx, request.headers['mcp-session-id']);
        checkProtocolVersion(request.headers['mcp-protocol-version']);
      }
      await serve(request, reply, sessionId);
    },
  );

  app.get(fastifyPath(mcpStreamRoute.path), { onRequest: [guard, limiters.reads] }, async (request, reply) => {
    const sessionId = await requireSession(ctx, request.headers['mcp-session-id']);
    checkProtocolVersion(request.headers['mcp-protocol-version']);
    // Counted on this instance only: a client spread over several instances gets these caps on each.
    streams.add(sessionId, clientScope(request.ip), reply.raw);
    await serve(request, reply, sessionId);
  });

  app.delete(fastifyPath(mcpEndSessionRoute.path), { onRequest: [guard, limiters.reads] }, async (request, reply) => {
    const sessionId = await requireSession(ctx, request.headers['mcp-session-id']);
    checkProtocolVersion(request.headers['mcp-protocol-version']);
    await endSession(ctx, sessionId);
    streams.end(sessionId);
    return reply.code(200).send();
  });
}
