// MCP over real HTTP with the SDK's own client, and the raw requests needed to test the transport's error paths.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Harness } from './harness.ts';

/** BASE_URL of the MCP tests: a local address, so loopback Host and Origin are this service's own. */
export const LOCAL_BASE_URL = 'http://localhost:3000';

export async function listen(h: Harness): Promise<string> {
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
}

/** The protocol revision without sessions, served beside 2025-11-25 on the same endpoint. */
export const MODERN_VERSION = '2026-07-28';
export type Era = 'legacy' | 'modern';
export const ERAS: readonly Era[] = ['legacy', 'modern'];

export interface Connected {
  client: Client;
  transport: StreamableHTTPClientTransport;
  /** The 2025-11-25 session; empty in the 2026-07-28 era, which has none. */
  sessionId: string;
  /** The confirmation questions the person was shown, in order. */
  asked: { message: string; requestedSchema?: unknown }[];
}

/** How the person answers a confirmation: a form answer, or no elicitation capability at all ('cannot ask'). */
export type PersonAnswer =
  | { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, string | number | boolean | string[]> }
  | 'cannot ask';
export const CONFIRMS: PersonAnswer = { action: 'accept', content: { confirm: true } };

/**
 * The SDK's client in one era: `legacy` opens a 2025-11-25 session, `modern` pins 2026-07-28 (server/discover).
 * By default it can ask its user (form elicitation) and the person confirms; `answer` changes what they say.
 */
export async function connect(
  url: string,
  era: Era = 'legacy',
  answer: PersonAnswer = CONFIRMS,
  /** Sent with every request, e.g. x-forwarded-for to speak for another client address. */
  headers: Record<string, string> = {},
): Promise<Connected> {
  const client = new Client(
    { name: 'ayuda-tests', version: '1.0.0' },
    {
      versionNegotiation: { mode: era === 'modern' ? { pin: MODERN_VERSION } : 'legacy' },
      ...(answer === 'cannot ask' ? {} : { capabilities: { elicitation: { form: {} } } }),
    },
  );
  const asked: Connected['asked'] = [];
  if (answer !== 'cannot ask') {
    client.setRequestHandler('elicitation/create', async (request) => {
      const params = request.params as { message: string; requestedSchema?: unknown };
      asked.push({ message: params.message, requestedSchema: params.requestedSchema });
      return answer;
    });
  }
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } });
  await client.connect(transport);
  return { client, transport, sessionId: transport.sessionId ?? '', asked };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw HTTP request (node:http, so Host can be forged); streams are read for at most readMs. */
export function raw(
  url: string,
  options: { method: string; headers?: Record<string, string>; body?: unknown; readMs?: number },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const target = new URL(`${url}/mcp`);
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = httpRequest(
      target,
      {
        method: options.method,
        headers: {
          accept: 'application/json, text/event-stream',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        res.on('end', done);
        if (options.readMs !== undefined) {
          setTimeout(() => {
            res.destroy();
            done();
          }, options.readMs);
        }
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

export const rpc = (method: string, params: Record<string, unknown> = {}, id = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
});

export const initialize = rpc('initialize', {
  protocolVersion: '2025-11-25',
  capabilities: {},
  clientInfo: { name: 'raw', version: '1.0.0' },
});

/** A 2026-07-28 request as the SDK's client sends it: the envelope in _meta and the routing headers. */
export function modernRequest(
  method: string,
  params: Record<string, unknown> = {},
  id = 1,
): { body: unknown; headers: Record<string, string> } {
  const name = typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : undefined;
  return {
    body: rpc(
      method,
      {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
      id,
    ),
    headers: {
      'mcp-protocol-version': MODERN_VERSION,
      'mcp-method': method,
      ...(name === undefined ? {} : { 'mcp-name': name }),
    },
  };
}
