// Requests for /mcp: JSON-RPC messages whose tool arguments come from the schemas the server itself lists.
import type { FuzzRequest, Live } from './fuzz-requests.ts';
import { type Schema, SchemaValues } from './fuzz-schema.ts';
import type { Random } from './prng.ts';

export const MCP = '/mcp';
const VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'];
const MODERN = '2026-07-28';
const ENVELOPE_VERSION = 'io.modelcontextprotocol/protocolVersion';
const ACCEPT_BOTH = 'application/json, text/event-stream';

export interface McpTool {
  name: string;
  inputSchema: Schema;
  outputSchema?: Schema;
}

const rpc = (method: string, params?: unknown, id: unknown = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params === undefined ? {} : { params }),
});

export const initializeMessage = (version = VERSIONS[0]) =>
  rpc('initialize', { protocolVersion: version, capabilities: {}, clientInfo: { name: 'fuzz', version: '1.0.0' } });

const byTool = new WeakMap<McpTool, SchemaValues>();
function toolValues(tool: McpTool, r: Random): SchemaValues {
  let values = byTool.get(tool);
  if (!values) {
    values = new SchemaValues(tool.inputSchema, r);
    byTool.set(tool, values);
  }
  return values;
}

/** Session, version, Accept, Origin and Host headers: right in most requests, otherwise one of them wrong. */
function mcpHeaders(live: Live, r: Random, accept: string): Record<string, string> {
  const fault = r.weighted<string>([
    ['none', 70],
    ['no session', 5],
    ['unknown session', 6],
    ['garbage session', 3],
    ['bad version', 5],
    ['accept', 6],
    ['origin', 4],
    ['host', 1],
  ]);
  const headers: Record<string, string> = { accept };
  if (live.sessions.length > 0) headers['mcp-session-id'] = r.pick(live.sessions);
  if (r.chance(0.6)) headers['mcp-protocol-version'] = r.pick(VERSIONS);
  if (r.chance(0.15)) headers.origin = `http://${live.host}`;
  if (fault === 'no session') delete headers['mcp-session-id'];
  if (fault === 'unknown session') headers['mcp-session-id'] = r.uuid();
  if (fault === 'garbage session') headers['mcp-session-id'] = r.pick(['x', 'a'.repeat(300), ' ', '../../etc']);
  if (fault === 'bad version') headers['mcp-protocol-version'] = r.pick(['1999-01-01', 'latest', '']);
  if (fault === 'accept') headers.accept = r.pick(['application/json', 'text/event-stream', '*/*', 'text/html']);
  if (fault === 'origin') headers.origin = r.pick(['https://evil.example', 'null', 'http://localhost.evil.example']);
  if (fault === 'host') headers.host = r.pick(['evil.example', 'ayuda.example.org:80', 'localhost.']);
  return headers;
}

/**
 * A 2026-07-28 message: the version in _meta and the routing headers, mostly right; sometimes a header that
 * contradicts the body, an envelope naming an unknown revision, or a retry whose requestState was never issued.
 */
function modernMessage(
  live: Live,
  r: Random,
  id: unknown,
): { body: string; note: string; headers: Record<string, string> } {
  const tool = r.pick(live.tools);
  const [method, params] = r.pick<[string, Record<string, unknown>]>([
    ['server/discover', {}],
    ['tools/list', {}],
    ['tools/call', { name: tool.name, arguments: toolValues(tool, r).valid(tool.inputSchema) }],
    ['tools/call', { name: tool.name, arguments: toolValues(tool, r).invalid(tool.inputSchema)?.value ?? {} }],
    [
      'tools/call',
      {
        name: r.pick(['publicar_solicitud', 'publicar_ofrecimiento']),
        arguments: {},
        inputResponses: { consent: { action: 'accept', content: { confirm: true } } },
        requestState: r.pick(['x'.repeat(43), '', 'v1.a.b']),
      },
    ],
    ['resources/list', {}],
    ['resources/templates/list', {}],
    ['resources/read', { uri: live.resources.length > 0 ? r.pick(live.resources) : 'ayuda://ayudas/x' }],
    ['prompts/list', {}],
    ['prompts/get', { name: r.pick(['resumir_emergencia', 'coordinar_entregas', 'no_existe']), arguments: {} }],
    [
      'completion/complete',
      { ref: { type: 'ref/prompt', name: 'resumir_emergencia' }, argument: { name: 'emergencySlug', value: 'a' } },
    ],
  ]);
  const fault = r.weighted<string>([
    ['none', 75],
    ['method header', 8],
    ['version', 7],
    ['no envelope', 5],
    ['no capabilities', 5],
  ]);
  const meta: Record<string, unknown> = {
    [ENVELOPE_VERSION]: fault === 'version' ? r.pick(['2099-01-01', '2025-11-25', 42]) : MODERN,
    'io.modelcontextprotocol/clientInfo': { name: 'fuzz', version: '1.0.0' },
  };
  if (fault !== 'no capabilities')
    meta['io.modelcontextprotocol/clientCapabilities'] = r.chance(0.5) ? {} : { elicitation: {} };
  const body = rpc(method, fault === 'no envelope' ? params : { ...params, _meta: meta }, id);
  const headers: Record<string, string> = {
    'mcp-protocol-version': MODERN,
    'mcp-method': fault === 'method header' ? r.pick(['tools/list', 'x', '']) : method,
  };
  if (typeof params.name === 'string') headers['mcp-name'] = params.name;
  if (typeof params.uri === 'string') headers['mcp-name'] = params.uri;
  return { body: JSON.stringify(body), note: `2026-07-28 ${method}${fault === 'none' ? '' : ` (${fault})`}`, headers };
}

/** One POST /mcp message: a tool call with generated arguments, a listing, a notification, or something broken. */
function postBody(
  live: Live,
  r: Random,
): { body: string; note: string; contentType?: string; headers?: Record<string, string> } {
  const id = r.weighted<unknown>([
    [r.int(1, 1_000_000), 80],
    ['req-7', 10],
    [null, 5],
    [{ a: 1 }, 5],
  ]);
  const kind = r.weighted<string>([
    ['modern', 25],
    ['tool', 40],
    ['initialize', 12],
    ['list', 12],
    ['notification', 8],
    ['odd-rpc', 10],
    ['not-rpc', 8],
    ['raw', 10],
  ]);
  switch (kind) {
    case 'modern':
      return modernMessage(live, r, id);
    case 'tool': {
      const tool = r.pick(live.tools);
      const good = r.chance(0.7);
      // A tool's schema is its own document: its references point inside it.
      const own = toolValues(tool, r);
      const args = good ? own.valid(tool.inputSchema) : (own.invalid(tool.inputSchema)?.value ?? { extra: 1 });
      return {
        body: JSON.stringify(rpc('tools/call', { name: tool.name, arguments: args }, id)),
        note: `tools/call ${tool.name} ${good ? 'valid' : 'invalid'} arguments`,
      };
    }
    case 'initialize':
      return {
        body: JSON.stringify(
          r.chance(0.85)
            ? initializeMessage(r.pick(VERSIONS))
            : rpc('initialize', r.pick([{}, { protocolVersion: 42 }, null]), id),
        ),
        note: 'initialize',
      };
    case 'list': {
      const method = r.pick([
        'tools/list',
        'resources/list',
        'resources/templates/list',
        'prompts/list',
        'ping',
        'resources/read',
        'completion/complete',
        'logging/setLevel',
      ]);
      const params =
        method === 'resources/read'
          ? { uri: r.chance(0.8) && live.resources.length > 0 ? r.pick(live.resources) : 'file:///etc/passwd' }
          : method === 'logging/setLevel'
            ? { level: 'debug' }
            : undefined;
      return { body: JSON.stringify(rpc(method, params, id)), note: method };
    }
    case 'notification':
      return {
        body: JSON.stringify({
          jsonrpc: '2.0',
          method: r.pick(['notifications/initialized', 'notifications/cancelled', 'notifications/unknown']),
        }),
        note: 'notification',
      };
    case 'odd-rpc': {
      const odd = r.pick<unknown>([
        { jsonrpc: '1.0', id: 1, method: 'tools/list' },
        { jsonrpc: '2.0', id: 1 },
        { jsonrpc: '2.0', id: 1, method: 42 },
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: [] },
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'no_existe', arguments: {} } },
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: r.pick(live.tools).name, arguments: 'x' } },
        { jsonrpc: '2.0', id: 1, result: {} },
        { jsonrpc: '2.0', id: 1, error: { code: -1, message: 'x' } },
        [rpc('tools/list'), rpc('ping', undefined, 2)],
      ]);
      return { body: JSON.stringify(odd), note: 'odd JSON-RPC' };
    }
    case 'not-rpc':
      return {
        body: JSON.stringify(r.pick<unknown>([{}, [], 1, 'x', null, true, { a: { b: [] } }])),
        note: 'JSON that is not JSON-RPC',
      };
    default: {
      const raw = r.weighted<string>([
        ['truncated', 3],
        ['deep', 2],
        ['duplicate', 2],
        ['content-type', 3],
        ['huge', 1],
        ['empty', 1],
      ]);
      const message = JSON.stringify(rpc('tools/list', undefined, id));
      if (raw === 'truncated') return { body: message.slice(0, r.int(1, message.length - 1)), note: 'truncated JSON' };
      if (raw === 'deep') return { body: `${'['.repeat(40)}${']'.repeat(40)}`, note: 'nesting 40' };
      if (raw === 'duplicate') return { body: message.replace('{', '{"id":9,'), note: 'repeated key' };
      if (raw === 'huge')
        return { body: JSON.stringify(rpc('ping', { pad: 'x'.repeat(40_000) })), note: 'body over the limit' };
      if (raw === 'empty') return { body: '', note: 'empty body' };
      return {
        body: message,
        note: 'wrong content type',
        contentType: r.pick(['text/plain', 'application/x-www-form-urlencoded']),
      };
    }
  }
}

export function mcpRequest(method: string, live: Live, r: Random): FuzzRequest {
  const op = `${method} ${MCP}`;
  if (method === 'POST') {
    const { body, note, contentType, headers: own } = postBody(live, r);
    const headers: Record<string, string> = {
      ...mcpHeaders(live, r, ACCEPT_BOTH),
      'content-type': contentType ?? 'application/json',
    };
    if (own) {
      // No session in this era: the session and version of the 2025 headers give way to its own.
      delete headers['mcp-session-id'];
      Object.assign(headers, own);
    }
    // An initialize needs no session; the header would be ignored or refused.
    if (note === 'initialize' && r.chance(0.8)) delete headers['mcp-session-id'];
    return { op, method, path: MCP, query: '', headers, body, note };
  }
  if (method === 'GET') {
    return {
      op,
      method,
      path: MCP,
      query: '',
      headers: mcpHeaders(live, r, 'text/event-stream'),
      stream: true,
      note: 'event stream',
    };
  }
  return { op, method, path: MCP, query: '', headers: mcpHeaders(live, r, ACCEPT_BOTH), note: 'end session' };
}
