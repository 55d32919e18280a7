// /mcp: the MCP transport, for protocols 2026-07-28 and 2025-11-25 at once. Its messages are described by MCP
// itself, so the bodies here are plain JSON schemas; the document describes the HTTP layer: session, version and
// routing headers, limits and transport errors.

import { serverCardQuery } from '../../schemas/server-card.ts';
import { readToolNames, submissionToolNames } from '../mcp-tools.ts';
import { errorResponse, etagHeaders, notModified, rateLimitHeaders, ref, tooMany } from '../openapi-parts.ts';
import { declareRoute, type Parameter } from '../route-declaration.ts';

const MCP_PATH = '/mcp';

const mcpSessionHeader: Parameter = {
  name: 'Mcp-Session-Id',
  in: 'header',
  required: false,
  description:
    'Protocolo 2025-11-25: la sesión devuelta por initialize; obligatoria en todo lo demás (400 sin ella, 404 si ' +
    'no existe o expiró). El protocolo 2026-07-28 no tiene sesiones y no la envía.',
  schema: { type: 'string' },
};
const mcpVersionHeader: Parameter = {
  name: 'MCP-Protocol-Version',
  in: 'header',
  required: false,
  description:
    'Protocolo 2026-07-28: esa versión en cada petición, igual a la del _meta del mensaje. Protocolo 2025-11-25: la ' +
    'versión negociada en initialize (2025-11-25, 2025-06-18, 2025-03-26…). Otra -> 400.',
  schema: { type: 'string' },
};
const mcpHeaders = [mcpSessionHeader, mcpVersionHeader];
/** Protocol 2026-07-28 names the method (and the tool, prompt or resource) in headers, for gateways and logs. */
const mcpRoutingHeaders: Parameter[] = [
  {
    name: 'Mcp-Method',
    in: 'header',
    required: false,
    description: 'Protocolo 2026-07-28: el método JSON-RPC del mensaje (p. ej. tools/call); debe coincidir con él.',
    schema: { type: 'string' },
  },
  {
    name: 'Mcp-Name',
    in: 'header',
    required: false,
    description: 'Protocolo 2026-07-28: la herramienta, el prompt o el recurso que nombra el mensaje, si nombra uno.',
    schema: { type: 'string' },
  },
];

/** The SDK answers transport-level problems (not JSON-RPC, wrong Accept) with a JSON-RPC error object. */
const jsonRpcError = {
  type: 'object',
  description: 'Error JSON-RPC 2.0 del transporte MCP.',
  required: ['jsonrpc', 'error'],
  properties: {
    jsonrpc: { const: '2.0' },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'integer', description: 'Código JSON-RPC, p. ej. -32700 o -32600.' },
        message: { type: 'string' },
        data: { description: 'Detalle opcional del error.' },
      },
    },
    id: { type: ['string', 'integer', 'null'] },
  },
};
const mcpBadRequest = errorResponse(
  400,
  'Falta la sesión, la versión de protocolo no se admite, o el cuerpo no es JSON válido; un mensaje que no es ' +
    'JSON-RPC recibe un error JSON-RPC (-32700/-32600).',
  ['mcp_session_required', 'mcp_protocol_version', 'invalid_json', 'json_too_deep', 'duplicate_json_key', 'empty_body'],
);
const mcpErrors = {
  '400': {
    ...mcpBadRequest,
    content: {
      'application/json': {
        ...mcpBadRequest.content['application/json'],
        schema: { oneOf: [ref('Error'), jsonRpcError] },
      },
    },
  },
  '403': errorResponse(403, 'Host u Origin ajenos a este servicio (protección contra DNS rebinding).'),
  '404': errorResponse(404, 'La sesión no existe, terminó o expiró (30 minutos sin uso).', ['mcp_session_not_found']),
  '406': {
    description:
      'Accept no admite lo que MCP exige (POST: application/json y text/event-stream; GET: text/event-stream).',
    content: { 'application/json': { schema: jsonRpcError } },
  },
  '413': errorResponse(413, 'Mensaje demasiado grande.', ['payload_too_large']),
  '415': errorResponse(415, 'Se requiere Content-Type: application/json.', ['unsupported_media_type']),
  '429': tooMany,
};
const jsonRpc = { type: 'object', description: 'Mensaje JSON-RPC 2.0 de MCP.' };

const batchRefused =
  'Un arreglo (lote JSON-RPC) recibe 400 con el error JSON-RPC -32600 antes de ejecutar ni contar nada: el ' +
  'protocolo 2025-11-25 no tiene lotes; envíe un mensaje por petición.';

export const mcpPostRoute = declareRoute({
  method: 'post',
  path: MCP_PATH,
  operation: () => ({
    operationId: 'mcpPost',
    tags: ['mcp'],
    summary:
      'Enviar un mensaje MCP: protocolo 2026-07-28 (sin sesión; server/discover, subscriptions/listen) o ' +
      '2025-11-25 (initialize abre la sesión y devuelve Mcp-Session-Id).',
    description:
      'Un mensaje cuyo _meta nombra io.modelcontextprotocol/protocolVersion sigue el protocolo 2026-07-28; ' +
      'cualquier otro, el 2025-11-25 con su sesión. Las herramientas, recursos y límites son los mismos en ambos. ' +
      'Un subscriptions/listen recibe su confirmación y su fin en el mismo flujo SSE (las listas de herramientas, ' +
      'recursos y prompts no cambian mientras el servidor funciona); mientras está abierto ocupa un lugar del ' +
      'máximo de flujos por dirección de cliente (429 too_many_streams por encima). ' +
      `Herramientas: ${[...readToolNames, ...submissionToolNames].join(', ')} (${submissionToolNames.join(', ')} ` +
      'escriben: envían a revisión, reportan o retiran; ninguna publica). Un mensaje JSON-RPC por petición; ' +
      'cada uno cuenta en los límites: como ' +
      `envío un tools/call de ${submissionToolNames.join(' o ')}, como lectura todo lo demás (peticiones, ` +
      `notificaciones y respuestas del cliente). ${batchRefused} Un resultado de herramienta que pase del máximo ` +
      'por respuesta (2 MiB salvo otra configuración) llega como error de herramienta result_too_large, que pide ' +
      'menos (baje limit o añada filtros); un recurso que pase de él, como error JSON-RPC.',
    headerParameters: [...mcpHeaders, ...mcpRoutingHeaders],
    requestBody: { schema: { ...jsonRpc, description: `Un solo mensaje JSON-RPC 2.0 de MCP. ${batchRefused}` } },
    responses: {
      '200': {
        description: 'Respuesta MCP.',
        headers: { 'Mcp-Session-Id': { schema: { type: 'string' } }, ...rateLimitHeaders },
        content: {
          'application/json': { schema: jsonRpc },
          'text/event-stream': { schema: { type: 'string' } },
        },
      },
      '202': { description: 'Notificación o respuesta del cliente recibida.' },
      ...mcpErrors,
      '400': { ...mcpErrors['400'], description: `${mcpErrors['400'].description} ${batchRefused}` },
    },
  }),
});

export const mcpStreamRoute = declareRoute({
  method: 'get',
  path: MCP_PATH,
  operation: () => ({
    operationId: 'mcpStream',
    tags: ['mcp'],
    summary: 'Abrir el flujo de eventos del servidor (SSE) de una sesión.',
    description:
      'Cada instancia admite como máximo 4 flujos abiertos por sesión y 32 por dirección de cliente (IPv6: por ' +
      'prefijo /64); por encima, 429 too_many_streams. Cerrar un flujo libera su lugar. Con varias instancias el ' +
      'límite se cuenta en cada una.',
    headerParameters: mcpHeaders,
    responses: {
      '200': { description: 'Flujo MCP.', content: { 'text/event-stream': { schema: { type: 'string' } } } },
      ...mcpErrors,
    },
  }),
});

export const mcpEndSessionRoute = declareRoute({
  method: 'delete',
  path: MCP_PATH,
  operation: () => ({
    operationId: 'mcpEndSession',
    tags: ['mcp'],
    summary: 'Terminar una sesión MCP; la siguiente petición con ese id recibe 404.',
    description: 'Envíe en Mcp-Session-Id la sesión que termina.',
    headerParameters: mcpHeaders,
    responses: { '200': { description: 'Sesión terminada.' }, ...mcpErrors },
  }),
});

export const mcpServerCardRoute = declareRoute({
  method: 'get',
  path: '/.well-known/mcp/server-card.json',
  query: serverCardQuery,
  operation: ({ baseUrl }) => ({
    operationId: 'getMcpServerCard',
    tags: ['mcp'],
    summary: 'Tarjeta del servidor MCP (SEP-2127): quién es, dónde conectarse, qué protocolos y qué ofrece.',
    description:
      `Para descubrir ${baseUrl}/mcp antes de conectarse: nombre, versión, la dirección Streamable HTTP y sus ` +
      'revisiones del protocolo (2026-07-28 y las de 2025), y en _meta las herramientas, recursos, plantillas ' +
      'y prompts. Con ETag (If-None-Match -> 304). No admite parámetros.',
    responses: {
      '200': {
        description: 'La tarjeta.',
        headers: { ...etagHeaders, ...rateLimitHeaders },
        content: { 'application/json': { schema: ref('McpServerCard') } },
      },
      '304': notModified,
      '400': errorResponse(400, 'La tarjeta no admite parámetros.', ['invalid_query']),
      '429': tooMany,
    },
  }),
});
