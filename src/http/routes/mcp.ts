// POST, GET and DELETE /mcp, for both protocol eras on one endpoint. A 2026-07-28 request (its _meta envelope
// names the revision) goes to the SDK's per-request handler: no session, server/discover, subscriptions/listen.
// Anything else is the 2025-11-25 transport of SPEC 4.6: sessions are checked here against the database, then each
// request is served by a fresh stateless SDK server and transport, so any instance can continue any session. The
// same server builder serves both, so tools, resources and limits are identical in either era.
import type { McpHttpHandler } from '@modelcontextprotocol/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordConsentAnswer } from '../../commands/consent-drafts.ts';
import type { Context } from '../../context.ts';
import type { submissionToolNames } from '../../contract/mcp-tools.ts';
import { mcpEndSessionRoute, mcpPostRoute, mcpStreamRoute } from '../../contract/routes/mcp.ts';
import { clientScope } from '../../domain/client-address.ts';
import { type CallerContext, withCaller } from '../../mcp/caller.ts';
import { CONSENT_REQUEST_PREFIX } from '../../mcp/consent-ids.ts';
import { originGuard } from '../../mcp/origin-guard.ts';
import { checkProtocolVersion, endSession, type OpenSession, openSession, requireSession } from '../../mcp/sessions.ts';
import { tools } from '../../mcp/tools.ts';
import { openMcpSessionIds } from '../../queries/mcp-sessions.ts';
import type { ConsentAnswer } from '../../repositories/consent-drafts.ts';
import { fastifyPath } from '../define-route.ts';
import { type Limiters, WITHDRAWALS_PER_MINUTE } from '../plugins/rate-limit.ts';
import { OpenStreams } from './mcp/open-streams.ts';
import { sendWebResponse } from './mcp/web-response.ts';

/**
 * The SDK's server and transports, and the tools built on them, load on the first MCP request: memory that a
 * service answering only the API and the website never needs.
 */
let runtime:
  | Promise<{
      buildMcpServer: typeof import('../../mcp/server.ts').buildMcpServer;
      Transport: typeof import('@modelcontextprotocol/node').NodeStreamableHTTPServerTransport;
      toWebRequest: typeof import('@modelcontextprotocol/node').toWebRequest;
      isLegacyRequest: typeof import('@modelcontextprotocol/server').isLegacyRequest;
      createMcpHandler: typeof import('@modelcontextprotocol/server').createMcpHandler;
    }>
  | undefined;

function mcpRuntime() {
  runtime ??= Promise.all([
    import('../../mcp/server.ts'),
    import('@modelcontextprotocol/node'),
    import('@modelcontextprotocol/server'),
  ]).then(
    ([server, node, sdk]) => ({
      buildMcpServer: server.buildMcpServer,
      Transport: node.NodeStreamableHTTPServerTransport,
      toWebRequest: node.toWebRequest,
      isLegacyRequest: sdk.isLegacyRequest,
      createMcpHandler: sdk.createMcpHandler,
    }),
    (err: unknown) => {
      // A failed load is tried again by the next request rather than remembered.
      runtime = undefined;
      throw err;
    },
  );
  return runtime;
}

/** Open subscriptions/listen streams on one instance; each client address also holds at most its stream cap. */
export const MAX_SUBSCRIPTIONS = 512;

/** Neither era has JSON-RPC batches; refusing them keeps every message one request, counted once. */
export const BATCH_REFUSED = {
  jsonrpc: '2.0',
  id: null,
  error: {
    code: -32600,
    message:
      'Los lotes JSON-RPC (un arreglo de mensajes) no se admiten en MCP (2025-11-25 ni 2026-07-28): envíe un ' +
      'mensaje por petición. / JSON-RPC batches are not supported in MCP: send one message per request.',
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

/** The 2025-era handshake (the SDK's own check would load the SDK at start-up for one comparison). */
function isInitialize(message: unknown): message is { method: 'initialize'; params?: Record<string, unknown> } {
  return (message as { method?: unknown } | null)?.method === 'initialize';
}

/** Tools that wait for the person's own confirmation before anything is sent. */
const consentTools = new Set(tools.filter((tool) => tool.needsConsent).map((tool) => tool.name));

function isConsentCall(message: unknown): boolean {
  const m = message as { method?: unknown; params?: { name?: unknown } } | null;
  return m?.method === 'tools/call' && typeof m.params?.name === 'string' && consentTools.has(m.params.name);
}

/**
 * A client's response to one of this service's confirmation requests: accept counts only with the box ticked;
 * decline is a no; cancel, an error or anything else is a no too.
 */
function consentAnswer(message: unknown): { token: string; decision: ConsentAnswer } | undefined {
  const m = message as { id?: unknown; method?: unknown; result?: unknown } | null;
  if (m === null || typeof m !== 'object' || m.method !== undefined || typeof m.id !== 'string') return undefined;
  if (!m.id.startsWith(CONSENT_REQUEST_PREFIX)) return undefined;
  const token = m.id.slice(CONSENT_REQUEST_PREFIX.length);
  const result = m.result as { action?: unknown; content?: { confirm?: unknown } } | undefined;
  if (result?.action === 'accept') return { token, decision: result.content?.confirm === true ? 'accept' : 'decline' };
  return { token, decision: result?.action === 'decline' ? 'decline' : 'cancel' };
}

/** A call of the tool that withdraws by receipt code: also held to the withdrawals limit, as /retirar is. */
function isWithdrawalCall(message: unknown): boolean {
  const m = message as { method?: unknown; params?: { name?: unknown } } | null;
  return m?.method === 'tools/call' && m.params?.name === WITHDRAW_TOOL;
}

export function mcpRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  const guard = originGuard(ctx.config.baseUrl);
  const streams = new OpenStreams(
    (ids) => openMcpSessionIds(ctx, ids),
    (err) => app.log.warn({ err }, 'mcp stream check failed'),
  );
  /** Who sent each 2026-07-28 request: the handler builds its server from the request it was given. */
  const callers = new WeakMap<Request, { ctx: CallerContext; request: FastifyRequest }>();
  let modern: McpHttpHandler | undefined;
  async function modernHandler(): Promise<McpHttpHandler> {
    const { buildMcpServer, createMcpHandler } = await mcpRuntime();
    modern ??= createMcpHandler(
      ({ requestInfo }) => {
        const caller = requestInfo ? callers.get(requestInfo) : undefined;
        if (!caller) throw new Error('mcp request without its caller');
        return buildMcpServer(caller.ctx, (err) => caller.request.log.error({ err }, 'mcp tool failed'), {
          era: 'modern',
        });
      },
      {
        // 2025-era traffic never reaches it: it is served below, with sessions.
        legacy: 'reject',
        maxSubscriptions: MAX_SUBSCRIPTIONS,
        onerror: (err) => app.log.debug({ err }, 'mcp request refused'),
      },
    );
    return modern;
  }
  // Open streams would otherwise hold the server open until the shutdown grace period runs out.
  app.addHook('preClose', (done) => {
    streams.end();
    if (!modern) return done();
    modern.close().then(
      () => done(),
      () => done(),
    );
  });

  /** After hijack Fastify sends nothing itself: CORS, rate-limit and security headers are copied by hand. */
  function hijack(reply: FastifyReply): void {
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.hijack();
  }

  function failed(request: FastifyRequest, reply: FastifyReply, err: unknown): void {
    request.log.error({ err }, 'mcp request failed');
    if (!reply.raw.headersSent) reply.raw.writeHead(500).end();
    else reply.raw.end();
  }

  async function serveLegacy(request: FastifyRequest, reply: FastifyReply, session: OpenSession): Promise<void> {
    const { buildMcpServer, Transport } = await mcpRuntime();
    // A call that may ask the person answers on an event stream, where the question goes before the result.
    const asks = session.canElicit && isConsentCall(request.body);
    const transport = new Transport({ sessionIdGenerator: undefined, enableJsonResponse: !asks });
    // Served with the caller's address: a report through MCP counts per client as one through the API.
    const server = buildMcpServer(withCaller(ctx, request.ip), (err) => request.log.error({ err }, 'mcp tool failed'), {
      era: 'legacy',
      sessionId: session.id,
      canElicit: session.canElicit,
      send: (message, relatedRequestId) => transport.send(message, { relatedRequestId }),
    });
    reply.raw.setHeader('mcp-session-id', session.id);
    hijack(reply);
    reply.raw.once('close', () => {
      server.close().catch((err) => request.log.warn({ err }, 'mcp server close failed'));
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    } catch (err) {
      failed(request, reply, err);
    }
  }

  async function serveModern(request: FastifyRequest, reply: FastifyReply, web: Request): Promise<void> {
    const handler = await modernHandler();
    callers.set(web, { ctx: withCaller(ctx, request.ip), request });
    if ((request.body as { method?: unknown } | null)?.method === 'subscriptions/listen') {
      // Counted on this instance only, with the 2025-era GET streams of the same address.
      streams.add(null, clientScope(request.ip), reply.raw);
    }
    hijack(reply);
    try {
      await sendWebResponse(await handler.fetch(web, { parsedBody: request.body }), reply.raw);
    } catch (err) {
      failed(request, reply, err);
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
      let session: OpenSession;
      if (isInitialize(message)) {
        session = await openSession(ctx, message.params ?? {});
      } else {
        // The SDK's own classification decides the era, so this route and its handler never disagree.
        const { toWebRequest, isLegacyRequest } = await mcpRuntime();
        const abort = new AbortController();
        reply.raw.once('close', () => abort.abort());
        const web = await toWebRequest(request.raw, message, { signal: abort.signal });
        if (!(await isLegacyRequest(web, message))) return serveModern(request, reply, web);
        session = await requireSession(ctx, request.headers['mcp-session-id']);
        checkProtocolVersion(request.headers['mcp-protocol-version']);
        // The person's answer to a confirmation this service asked for: the call waiting for it may be on
        // another instance, so it is recorded on the draft rather than handed to this instance's SDK server.
        const answer = consentAnswer(message);
        if (answer) {
          await recordConsentAnswer(ctx, answer.token, session.id, answer.decision);
          return reply.code(202).send();
        }
      }
      await serveLegacy(request, reply, session);
    },
  );

  app.get(fastifyPath(mcpStreamRoute.path), { onRequest: [guard, limiters.reads] }, async (request, reply) => {
    const session = await requireSession(ctx, request.headers['mcp-session-id']);
    checkProtocolVersion(request.headers['mcp-protocol-version']);
    // Counted on this instance only: a client spread over several instances gets these caps on each.
    streams.add(session.id, clientScope(request.ip), reply.raw);
    await serveLegacy(request, reply, session);
  });

  app.delete(fastifyPath(mcpEndSessionRoute.path), { onRequest: [guard, limiters.reads] }, async (request, reply) => {
    const session = await requireSession(ctx, request.headers['mcp-session-id']);
    checkProtocolVersion(request.headers['mcp-protocol-version']);
    await endSession(ctx, session.id);
    streams.end(session.id);
    return reply.code(200).send();
  });
}
