// The OpenAPI 3.1 document, generated from the Zod schemas that validate requests and shape responses.
import '../schemas/logistics-operation.ts';
import '../schemas/error.ts';
import '../schemas/public-help.ts';
import '../schemas/publish-result.ts';
import '../schemas/submission.ts';
import * as z from 'zod';
import { bounds } from '../domain/bounds.ts';
import { priorityFormula } from '../domain/priority.ts';
import { API_VERSION } from '../presenters/discovery.ts';
import { slugPattern } from '../schemas/common.ts';
import { helpQuery } from '../schemas/help-query.ts';
import { inventoryQuery } from '../schemas/inventory.ts';
import { GEOJSON_MEDIA_TYPE, PLACES_PROTOCOL, PLACES_VERSION, placesQuery } from '../schemas/places.ts';
import { readToolNames, submissionToolNames } from './mcp-tools.ts';
import { inventoryExamples, placesExamples, responseExamples } from './openapi-examples.ts';
import { errorResponse, preflightResponse, rateLimitHeaders, ref, tooMany } from './openapi-parts.ts';
import { reportsPath } from './openapi-reports.ts';

type JsonSchema = Record<string, unknown>;

/** Request bodies are described as accepted (input: defaults optional), everything else as sent (output). */
const INPUT_SCHEMAS = new Set(['HelpSubmission', 'HelpRequestSubmission', 'HelpOfferSubmission']);

/**
 * The components in a fixed order, so the document does not change with the order modules happen to load in;
 * a schema missing here is listed after these, in registration order.
 */
const COMPONENT_ORDER = [
  'InventoryLine',
  'InventoryCenter',
  'Inventario',
  'LogisticsOperation',
  'LogisticsOperationList',
  'EmergencySummary',
  'Location',
  'Contact',
  'Quantities',
  'ResourceLine',
  'Verification',
  'Logistics',
  'CollectionCenter',
  'TimelineItem',
  'PublicHelp',
  'HelpFilters',
  'HelpList',
  'HelpDetail',
  'PanoramaCounts',
  'PanoramaQuantities',
  'PanoramaRoutes',
  'PanoramaEmergency',
  'Panorama',
  'DiscoveryEmergency',
  'DiscoveryViews',
  'Discovery',
  'PublishResult',
  'HelpRequestSubmission',
  'HelpOfferSubmission',
  'HelpSubmission',
  'HelpReport',
  'ReportResult',
  'PlaceProperties',
  'PlaceFeature',
  'PlaceFeatureCollection',
  'AidPlacesManifest',
  'ErrorDetail',
  'Error',
];

/** Every schema registered with an id becomes a component; references between them use $ref. */
function components(): Record<string, JsonSchema> {
  const uri = (id: string) => `#/components/schemas/${id}`;
  const options = { uri, unrepresentable: 'any' } as const;
  const input = z.toJSONSchema(z.globalRegistry, { ...options, io: 'input' }).schemas as Record<string, JsonSchema>;
  const output = z.toJSONSchema(z.globalRegistry, { ...options, io: 'output' }).schemas as Record<string, JsonSchema>;
  const all: Record<string, JsonSchema> = {};
  const known = COMPONENT_ORDER.filter((id) => id in output);
  for (const id of [...known, ...Object.keys(output).filter((id) => !known.includes(id))])
    all[id] = INPUT_SCHEMAS.has(id) ? (input[id] as JsonSchema) : (output[id] as JsonSchema);
  for (const schema of Object.values(all)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return all;
}

/** The parameters of a strict query schema, each with its bounds, enum and description. */
function queryParameters(query: z.ZodObject = helpQuery): JsonSchema[] {
  return Object.entries(query.shape as Record<string, z.ZodType>).map(([name, schema]) => {
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
    delete json.$schema;
    const description = json.description as string | undefined;
    delete json.description;
    return { name, in: 'query', required: false, schema: json, ...(description ? { description } : {}) };
  });
}

const etagHeaders = {
  ETag: { description: 'Versión de la respuesta; envíela en If-None-Match.', schema: { type: 'string' } },
  'Cache-Control': { description: 'no-cache: revalide con If-None-Match.', schema: { type: 'string' } },
};
const notModified = { description: 'Sin cambios desde el ETag enviado en If-None-Match.' };
const internalError = errorResponse(500, 'Error inesperado del servidor.', ['internal_error']);

/** GET /api/public/v1/inventario (SPEC 4.4). */
function inventoryPath() {
  return {
    get: {
      operationId: 'getInventory',
      tags: ['inventario'],
      summary: 'Inventario de los centros de acopio de una emergencia, con unidad y antigüedad.',
      description:
        'Agrupado por centro publicado (los actualizados más recientemente primero; en cada uno, lo más reciente primero). ' +
        'Con categoria solo aparecen los centros y las líneas de esa categoría, y stock lista lo que cada centro tiene ' +
        'de ella, mayor cantidad primero: responde qué centros ya tienen ese artículo. ' +
        'hoursSinceUpdate y stale se calculan al responder: stale es true tras más de 24 horas sin actualizar. ' +
        'Sin emergencia se usa la única activa; si hay varias, 400 emergency_required (details.slugs las lista).',
      parameters: queryParameters(inventoryQuery),
      responses: {
        '200': {
          description: 'El inventario (SPEC 2.9).',
          headers: { ...etagHeaders, ...rateLimitHeaders },
          content: {
            'application/json': {
              schema: ref('Inventario'),
              examples: Object.fromEntries(
                Object.entries(inventoryExamples()).map(([name, value]) => [name, { value }]),
              ),
            },
          },
        },
        '304': notModified,
        '400': errorResponse(
          400,
          'Parámetros no válidos, repetidos o desconocidos, o emergencia ausente o desconocida.',
          ['invalid_query', 'unknown_emergency', 'emergency_required', 'no_active_emergency'],
        ),
        '429': tooMany,
        '500': errorResponse(500, 'No se pudo leer el inventario.', ['inventory_unavailable']),
      },
    },
  };
}

/** GET /.well-known/aid-places: the manifest of the place-sharing protocol. */
function placesManifestPath(baseUrl: string) {
  return {
    get: {
      operationId: 'getAidPlacesManifest',
      tags: ['lugares'],
      summary: `Manifiesto ${PLACES_PROTOCOL} ${PLACES_VERSION}: editor, feeds, licencia y nota de privacidad.`,
      description:
        'Dice quién publica, dónde están los feeds GeoJSON (el de todas las emergencias activas y uno por emergencia ' +
        'activa), con qué licencia, qué datos llevan y cómo saber si cambiaron. No admite parámetros.',
      responses: {
        '200': {
          description: 'El manifiesto.',
          headers: { ...etagHeaders, ...rateLimitHeaders },
          content: {
            'application/json': { schema: ref('AidPlacesManifest'), example: placesExamples(baseUrl).manifest },
          },
        },
        '304': notModified,
        '400': errorResponse(400, 'El manifiesto no admite parámetros.', ['invalid_query']),
        '429': tooMany,
        '500': internalError,
      },
    },
  };
}

/** GET /api/aid-places/places: the GeoJSON feed. */
function placesFeedPath(baseUrl: string) {
  return {
    get: {
      operationId: 'getAidPlaces',
      tags: ['lugares'],
      summary: 'Centros de acopio publicados con ubicación, como GeoJSON (RFC 7946).',
      description:
        'Un Feature Point por centro, con coordinates [longitud, latitud]. Sin datos de personas: ni nombres ni teléfonos. ' +
        'Sin emergencia, los centros de todas las emergencias activas. Peticiones condicionales: If-None-Match (ETag) ' +
        'o If-Modified-Since (Last-Modified = el updatedAt más reciente) -> 304 si nada cambió.',
      parameters: queryParameters(placesQuery),
      responses: {
        '200': {
          description: 'El feed.',
          headers: {
            ...etagHeaders,
            'Last-Modified': {
              description: 'El updatedAt más reciente de los lugares (fecha HTTP); ausente si no hay ninguno.',
              schema: { type: 'string' },
            },
            ...rateLimitHeaders,
          },
          content: {
            [GEOJSON_MEDIA_TYPE]: { schema: ref('PlaceFeatureCollection'), example: placesExamples(baseUrl).feed },
          },
        },
        '304': { description: 'Sin cambios según If-None-Match o If-Modified-Since.' },
        '400': errorResponse(400, 'Parámetros no válidos, repetidos o desconocidos, o emergencia desconocida.', [
          'invalid_query',
          'unknown_emergency',
        ]),
        '429': tooMany,
        '500': internalError,
      },
    },
  };
}

const mcpSessionHeader = {
  name: 'Mcp-Session-Id',
  in: 'header',
  required: false,
  description:
    'Sesión devuelta por initialize; obligatoria en todo lo demás (400 sin ella, 404 si no existe o expiró).',
  schema: { type: 'string' },
};
const mcpVersionHeader = {
  name: 'MCP-Protocol-Version',
  in: 'header',
  required: false,
  description: 'Versión negociada en initialize (2025-11-25, 2025-06-18, 2025-03-26…); otra -> 400.',
  schema: { type: 'string' },
};
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

/** /mcp: the MCP transport; its messages are described by MCP itself, the HTTP layer here. */
function mcpPaths() {
  const batchRefused =
    'Un arreglo (lote JSON-RPC) recibe 400 con el error JSON-RPC -32600 antes de ejecutar ni contar nada: el ' +
    'protocolo 2025-11-25 no tiene lotes; envíe un mensaje por petición.';
  return {
    post: {
      operationId: 'mcpPost',
      tags: ['mcp'],
      summary: 'Enviar un mensaje MCP (initialize abre la sesión y devuelve Mcp-Session-Id).',
      description:
        `Herramientas: ${[...readToolNames, ...submissionToolNames].join(', ')} (${submissionToolNames.join(' y ')} ` +
        'envían a revisión; no publican). Un mensaje JSON-RPC por petición; cada uno cuenta en los límites: como ' +
        `envío un tools/call de ${submissionToolNames.join(' o ')}, como lectura todo lo demás (peticiones, ` +
        `notificaciones y respuestas del cliente). ${batchRefused} Un resultado de herramienta que pase del máximo ` +
        'por respuesta (2 MiB salvo otra configuración) llega como error de herramienta result_too_large, que pide ' +
        'menos (baje limit o añada filtros); un recurso que pase de él, como error JSON-RPC.',
      parameters: [mcpSessionHeader, mcpVersionHeader],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: { ...jsonRpc, description: `Un solo mensaje JSON-RPC 2.0 de MCP. ${batchRefused}` },
          },
        },
      },
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
    },
    get: {
      operationId: 'mcpStream',
      tags: ['mcp'],
      summary: 'Abrir el flujo de eventos del servidor (SSE) de una sesión.',
      description:
        'Cada instancia admite como máximo 4 flujos abiertos por sesión y 32 por dirección de cliente (IPv6: por ' +
        'prefijo /64); por encima, 429 too_many_streams. Cerrar un flujo libera su lugar. Con varias instancias el ' +
        'límite se cuenta en cada una.',
      parameters: [mcpSessionHeader, mcpVersionHeader],
      responses: {
        '200': { description: 'Flujo MCP.', content: { 'text/event-stream': { schema: { type: 'string' } } } },
        ...mcpErrors,
      },
    },
    delete: {
      operationId: 'mcpEndSession',
      tags: ['mcp'],
      summary: 'Terminar una sesión MCP; la siguiente petición con ese id recibe 404.',
      description: 'Envíe en Mcp-Session-Id la sesión que termina.',
      parameters: [mcpSessionHeader, mcpVersionHeader],
      responses: { '200': { description: 'Sesión terminada.' }, ...mcpErrors },
    },
  };
}

export function buildOpenApi(
  baseUrl: string,
  limits: { submissionsPerMinute: number; readsPerMinute: number; bodyLimitBytes: number },
) {
  const schemas = components();
  return {
    openapi: '3.1.1',
    info: {
      title: 'Ayuda Directa: API pública',
      version: API_VERSION,
      summary: 'Solicitudes y ofrecimientos de ayuda en emergencias, revisados por el equipo de cada emergencia.',
      description: [
        'Interfaz abierta, sin autenticación. Las lecturas solo devuelven registros aprobados por el equipo de la emergencia;',
        'un envío (POST) entra en la bandeja de revisión y no se publica hasta que un líder lo aprueba.',
        'El nombre de contacto y el WhatsApp se publican solo con consentimiento explícito (publishContact: true).',
        'Nunca se publican documentos de identidad ni contactos privados de voluntarios.',
        '',
        `Límites por dirección de cliente: ${limits.submissionsPerMinute} envíos y ${limits.readsPerMinute} lecturas por minuto`,
        `(429 con Retry-After y cabeceras RateLimit-*); cuerpo de hasta ${limits.bodyLimitBytes} bytes (413);`,
        `JSON de hasta ${bounds.maxJsonDepth} niveles y sin campos repetidos (400).`,
        '',
        'Idempotencia: source + externalId identifican un registro: reenviar el mismo contenido devuelve el mismo id sin',
        'crear nada (sin credenciales). Un contenido distinto es una revisión que espera aprobación (lo publicado no',
        'cambia hasta entonces), y solo la puede enviar quien hizo el envío: el primer 202 de un par nuevo trae un',
        'editToken secreto; envíelo como Authorization: Bearer <editToken> con el mismo source + externalId. Sin él, o',
        'con otro, el cambio responde 409 source_conflict y nada cambia; los registros anteriores a los editToken solo',
        'los cambian los líderes. El servicio guarda solo el hash del editToken. Una revisión nunca pasa el registro a',
        'otra emergencia (400 emergency_change_not_allowed; se comprueba después de la prueba de autoría, así que quien',
        'no la tiene solo recibe source_conflict).',
        'Integraciones registradas: un administrador registra un source (ayuda source add) y entrega su clave; los envíos',
        'con ese source deben llevar Authorization: Bearer <clave> (si no, 401 source_key_required) y con ella cambian',
        'cualquiera de sus pares sin editToken (su 202 no trae editToken).',
        'Además, la cabecera Idempotency-Key: misma clave y mismo cuerpo devuelven la primera respuesta guardada',
        '(cabecera Idempotent-Replayed: true); misma clave con otro cuerpo -> 422 idempotency_key_reused; misma clave',
        'mientras la primera se procesa -> 409 idempotency_key_in_flight. Las claves se guardan 24 horas y son de cada',
        'cliente: de la integración registrada que presenta su clave, o si no de la dirección del cliente (IPv6 por /64);',
        'la misma clave de dos clientes nunca choca. La respuesta guardada es el único lugar donde el editToken se',
        'conserva en claro, durante esas 24 horas, para que un cliente que perdió su 202 lo recupere repitiendo la',
        'petición con la misma Idempotency-Key.',
        '',
        `Prioridad (priorityScore): ${priorityFormula}`,
      ].join('\n'),
      contact: { name: 'Ayuda Directa', url: baseUrl },
      license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
      'x-priority-formula': priorityFormula,
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    // Anonymous by default; an operation that accepts credentials lists them (POST help: optional bearer).
    security: [],
    servers: [{ url: baseUrl }],
    tags: [
      { name: 'ayudas', description: 'Solicitudes y ofrecimientos de ayuda.' },
      { name: 'logistica', description: 'Rutas logísticas disponibles.' },
      { name: 'inventario', description: 'Lo que tienen y necesitan los centros de acopio.' },
      { name: 'lugares', description: `Protocolo ${PLACES_PROTOCOL} ${PLACES_VERSION}: centros de acopio en GeoJSON.` },
      { name: 'estado', description: 'Salud del servicio.' },
      { name: 'mcp', description: 'Servidor MCP remoto (Streamable HTTP, protocolo 2025-11-25).' },
    ],
    paths: {
      '/api/public/v1/help': {
        get: {
          operationId: 'getHelp',
          tags: ['ayudas'],
          summary: 'Descubrimiento, panorama, lista o detalle (según view).',
          description:
            'Sin view responde el descubrimiento. Solo registros aprobados. Orden: priorityScore descendente, luego los más nuevos. ' +
            'Con latitude/longitude filtra por distancia (círculo máximo) y cada resultado trae location.distanceKm. ' +
            'Lugar público: las solicitudes muestran por defecto un punto aproximado (unos 300 m), el barrio o vereda ' +
            'y el municipio, sin dirección (location.precision); la distancia y el radio se miden a ese punto. ' +
            'Respuestas con ETag: envíe If-None-Match para recibir 304 si nada cambió.',
          parameters: queryParameters(),
          responses: {
            '200': {
              description: 'Discovery, Panorama, HelpList o HelpDetail, según view.',
              headers: { ETag: { schema: { type: 'string' } }, ...rateLimitHeaders },
              content: {
                'application/json': {
                  schema: { oneOf: [ref('Discovery'), ref('Panorama'), ref('HelpList'), ref('HelpDetail')] },
                  examples: Object.fromEntries(
                    Object.entries(responseExamples(baseUrl)).map(([view, value]) => [
                      view,
                      { summary: `view=${view}`, value },
                    ]),
                  ),
                },
              },
            },
            '304': { description: 'Sin cambios desde el ETag enviado en If-None-Match.' },
            '400': errorResponse(400, 'Filtros no válidos (details indica cada parámetro).', [
              'invalid_query',
              'unknown_emergency',
            ]),
            '404': errorResponse(404, 'No existe un registro publicado con ese id.', ['help_not_found']),
            '429': tooMany,
          },
        },
        post: {
          operationId: 'submitHelp',
          tags: ['ayudas'],
          summary: 'Enviar una solicitud o un ofrecimiento a revisión.',
          description:
            'El envío queda en la bandeja de revisión de la emergencia (reviewStatus pending_review) y no aparece en ninguna lectura ' +
            'pública hasta que un líder lo aprueba. 202 significa que el envío quedó guardado. Sin Authorization para un par ' +
            'nuevo o un reenvío idéntico; para cambiar un par ya enviado, Authorization: Bearer con el editToken del primer 202 ' +
            'o, para un source registrado (siempre), con su clave. Ver la descripción general.',
          security: [{}, { editToken: [] }, { sourceKey: [] }],
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              description:
                'Clave única del intento (1 a 255 caracteres ASCII visibles), propia de cada cliente (la integración ' +
                'registrada, o la dirección del cliente); ver la descripción general.',
              schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: ref('HelpSubmission'),
                examples: {
                  request: { summary: 'Solicitud', value: (schemas.HelpRequestSubmission?.examples as unknown[])?.[0] },
                  offer: { summary: 'Ofrecimiento', value: (schemas.HelpOfferSubmission?.examples as unknown[])?.[0] },
                },
              },
            },
          },
          responses: {
            '202': {
              description:
                'Recibido y guardado; espera revisión. El primer 202 de un par nuevo (y su repetición con la misma ' +
                'Idempotency-Key) trae editToken, salvo para integraciones registradas.',
              headers: {
                'Idempotent-Replayed': {
                  description: 'true si es la respuesta guardada de una Idempotency-Key.',
                  schema: { type: 'string' },
                },
                ...rateLimitHeaders,
              },
              content: { 'application/json': { schema: ref('PublishResult') } },
            },
            '400': errorResponse(400, 'Datos no válidos (details indica cada campo).', [
              'validation_failed',
              'consent_required',
              'invalid_json',
              'json_too_deep',
              'duplicate_json_key',
              'empty_body',
              'emergency_required',
              'unknown_emergency',
              'emergency_closed',
              'no_active_emergency',
              'invalid_idempotency_key',
              'emergency_change_not_allowed',
            ]),
            '401': errorResponse(401, 'El source es una integración registrada y falta su clave o no es la correcta.', [
              'source_key_required',
            ]),
            '409': errorResponse(
              409,
              'El par source + externalId ya existe con otro contenido y no se probó la autoría (editToken o clave), ' +
                'o la misma Idempotency-Key se está procesando. Nada cambió.',
              ['source_conflict', 'idempotency_key_in_flight'],
            ),
            '413': errorResponse(413, 'Cuerpo demasiado grande.'),
            '415': errorResponse(415, 'Se requiere application/json.'),
            '422': errorResponse(422, 'Idempotency-Key reutilizada con otro cuerpo.'),
            '429': tooMany,
          },
        },
        options: {
          operationId: 'helpPreflight',
          tags: ['ayudas'],
          summary: 'Preflight CORS.',
          description:
            'Lo envía el navegador antes de una petición de otro origen; la API pública admite cualquier origen.',
          responses: { '204': preflightResponse },
        },
      },
      '/api/logistics-operations': {
        get: {
          operationId: 'listLogisticsOperations',
          tags: ['logistica'],
          summary: 'Rutas logísticas disponibles de una emergencia.',
          description:
            'Solo rutas en estado available, con recogida y destino confirmados (el destino es una solicitud publicada). ' +
            'Nunca incluye el contacto privado del voluntario. canManage es siempre false.',
          parameters: [
            {
              name: 'emergencia',
              in: 'query',
              required: true,
              description: 'Identificador de la emergencia (slug).',
              schema: { type: 'string', pattern: slugPattern.source },
            },
          ],
          responses: {
            '200': {
              description: 'Las rutas disponibles.',
              headers: { ETag: { schema: { type: 'string' } }, ...rateLimitHeaders },
              content: { 'application/json': { schema: ref('LogisticsOperationList') } },
            },
            '304': { description: 'Sin cambios desde el ETag enviado en If-None-Match.' },
            '400': errorResponse(400, 'Falta emergencia o no es válida.', ['invalid_query', 'unknown_emergency']),
            '429': tooMany,
          },
        },
      },
      '/api/public/v1/help/{id}/reports': reportsPath(),
      '/api/public/v1/inventario': inventoryPath(),
      '/.well-known/aid-places': placesManifestPath(baseUrl),
      '/api/aid-places/places': placesFeedPath(baseUrl),
      '/api/public/openapi.json': {
        get: {
          operationId: 'getOpenApi',
          tags: ['ayudas'],
          summary: 'Este documento.',
          description:
            'OpenAPI 3.1 generado de los mismos esquemas que validan las peticiones. Con ETag (If-None-Match -> 304).',
          responses: {
            '200': { description: 'OpenAPI 3.1.', content: { 'application/json': { schema: { type: 'object' } } } },
            '304': notModified,
          },
        },
      },
      '/mcp': mcpPaths(),
      '/healthz': {
        get: {
          operationId: 'health',
          tags: ['estado'],
          summary: 'El proceso está vivo.',
          description: 'Responde sin consultar la base de datos.',
          responses: {
            '200': {
              description: 'Vivo.',
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { status: { const: 'ok' } }, required: ['status'] },
                },
              },
            },
          },
        },
      },
      '/readyz': {
        get: {
          operationId: 'ready',
          tags: ['estado'],
          summary: 'La base de datos responde.',
          description: 'Consulta la base de datos y dice cuál usa (sqlite o postgres); 503 si no responde.',
          responses: {
            '200': {
              description: 'Listo.',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { status: { const: 'ready' }, database: { enum: ['sqlite', 'postgres'] } },
                    required: ['status', 'database'],
                  },
                },
              },
            },
            '503': errorResponse(503, 'La base de datos no responde.'),
          },
        },
      },
    },
    components: {
      schemas,
      securitySchemes: {
        editToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'El editToken que devolvió el primer 202 de un par source + externalId: prueba que un cambio de ese par viene ' +
            'de quien lo envió. El servicio guarda solo su hash.',
        },
        sourceKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'La clave de una integración registrada (ayuda source add): obligatoria en todo envío con ese source; con ella ' +
            'la integración cambia cualquiera de sus pares.',
        },
      },
    },
  };
}
