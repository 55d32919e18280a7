// The OpenAPI 3.1 document: its frame (info, tags, security schemes), the components generated from the Zod
// schemas that validate requests and shape responses, and the paths made from the route declarations (routes/).
import { changesText } from './changes.ts';
import '../schemas/logistics-operation.ts';
import '../schemas/error.ts';
import '../schemas/help-matches.ts';
import '../schemas/hxl.ts';
import '../schemas/kobo-submission.ts';
import '../schemas/pledge.ts';
import '../schemas/route-claim.ts';
import '../schemas/public-help.ts';
import '../schemas/publish-result.ts';
import '../schemas/submission.ts';
import * as z from 'zod';
import type { RetentionConfig } from '../config.ts';
import { bounds } from '../domain/bounds.ts';
import { priorityFormula } from '../domain/priority.ts';
import { API_VERSION } from '../presenters/discovery.ts';
import { category } from '../schemas/common.ts';
import { PLACES_PROTOCOL, PLACES_VERSION } from '../schemas/places.ts';
import { referToEnum, requestIdHeader, withRequestIdHeader } from './openapi-parts.ts';
import { type DocumentContext, type JsonSchema, pathsOf } from './route-declaration.ts';
import { publicRoutes } from './routes/index.ts';
import { openApiWebhooks } from './webhooks.ts';

/** Request bodies are described as accepted (input: defaults optional), everything else as sent (output). */
const INPUT_SCHEMAS = new Set([
  'HelpSubmission',
  'HelpRequestSubmission',
  'HelpOfferSubmission',
  'HelpPledge',
  'PledgeCode',
  'PledgeDelivery',
  'RouteClaim',
  'RouteProgress',
  'KoboSubmission',
  'WhatsappWebhook',
  'AndroidSmsReceived',
  'RapidProWebhook',
  'SmsInbound',
]);

/**
 * The components in a fixed order, so the document does not change with the order modules happen to load in;
 * a schema missing here is listed after these, in registration order.
 */
const COMPONENT_ORDER = [
  'Category',
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
  'Confirmation',
  'Logistics',
  'CollectionCenter',
  'TimelineItem',
  'PublicHelp',
  'HelpFilters',
  'HelpList',
  'HelpDetail',
  'HelpMatch',
  'HelpMatches',
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
  'HelpPledge',
  'PledgeView',
  'PledgeResult',
  'PledgeCode',
  'PledgeDelivery',
  'PledgeActionResult',
  'RouteClaim',
  'RouteClaimView',
  'RouteClaimResult',
  'RouteProgress',
  'RouteClaimActionResult',
  'PlaceProperties',
  'PlaceFeature',
  'PlaceFeatureCollection',
  'AidPlacesManifest',
  'HxlRow',
  'HxlRows',
  'KoboSubmission',
  'KoboResult',
  'WhatsappWebhook',
  'AndroidSmsReceived',
  'RapidProWebhook',
  'SmsInbound',
  'IntakeAck',
  'McpServerPrimitives',
  'McpServerCard',
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

/** What the document states of an instance: its limits and how long it keeps personal data. */
export type DocumentSettings = DocumentContext['limits'] & { retention: RetentionConfig };

/** Consent in plain words: what review makes public, what never is, for how long, and how to withdraw it. */
function consentText(baseUrl: string, retention: RetentionConfig): string[] {
  return [
    'Datos personales y consentimiento (Ley 1581 de 2012). Qué se publica: nada antes de la revisión. Al aprobarse un',
    'envío se publican su título, descripción, categoría, cantidades y lugar (en las solicitudes, un punto aproximado',
    'de unos 300 m con el barrio o vereda y el municipio, salvo que la persona pida mostrar el lugar exacto) y, porque',
    'la persona lo autorizó (publishContact: true), su nombre de contacto y su WhatsApp. Un envío rechazado no se',
    'publica. Qué no se publica nunca: el documento de identidad (solo lo ve el equipo de la emergencia), los contactos',
    'de los voluntarios de logística, el nombre y el WhatsApp de quien se compromete a llevar ayuda (solo los ven los',
    'líderes de la emergencia) ni las notas internas.',
    'Por cuánto tiempo: lo publicado sigue visible mientras el registro está vigente. El documento de identidad se',
    `borra ${retention.identityDays} días después de la revisión; todos los datos personales de un envío rechazado,`,
    `${retention.rejectedDays} días después del rechazo; y los de un registro publicado, ${retention.afterCloseDays} días`,
    'después de que se completa o de que su emergencia se cierra.',
    'Cómo retirarlo: quien envió puede retirar su envío cuando quiera, esté en revisión, publicado o rechazado.',
    'Por la API, DELETE /api/public/v1/help/{id} con Authorization: Bearer <editToken> (o la clave de la integración',
    `registrada); la persona, en ${baseUrl}/retirar con su código de recibo (receiptCode) y su WhatsApp, o por MCP`,
    'con retirar_publicacion. El registro sale en el acto de toda lectura pública y sus datos personales se borran;',
    'no se puede deshacer, y reenviar el mismo source + externalId responde 409 help_withdrawn.',
  ];
}

/**
 * The document. The categories are one component (Category): every field, array item and query parameter that holds
 * a category refers to it, however its Zod schema spells the list (see referToEnum).
 */
export function buildOpenApi(baseUrl: string, settings: DocumentSettings) {
  const categoryId = z.globalRegistry.get(category)?.id;
  if (!categoryId) throw new Error('The category schema must be registered with an id.');
  const document = openApiDocument(baseUrl, settings);
  return referToEnum(document, categoryId, document.components.schemas[categoryId] as JsonSchema);
}

function openApiDocument(baseUrl: string, settings: DocumentSettings) {
  const { retention, submissionsPerMinute, readsPerMinute, bodyLimitBytes } = settings;
  const limits = { submissionsPerMinute, readsPerMinute, bodyLimitBytes };
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
        ...consentText(baseUrl, retention),
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
        'Sources reservados (desde el 2026-11-27): web, whatsapp, sms, mcp y todo kobo:… los escribe solo el propio',
        'servicio (su formulario, sus canales, sus herramientas MCP y la entrada de KoboToolbox). La API y el argumento',
        'source de las herramientas MCP los rechazan con 400 reserved_source (las herramientas escriben mcp); un par ya',
        'guardado con uno de ellos se sigue revisando con su editToken.',
        'Además, la cabecera Idempotency-Key: misma clave y mismo cuerpo devuelven la primera respuesta guardada',
        '(cabecera Idempotent-Replayed: true); misma clave con otro cuerpo -> 422 idempotency_key_reused; misma clave',
        'mientras la primera se procesa -> 409 idempotency_key_in_flight. Las claves se guardan 24 horas y son de cada',
        'cliente: de la integración registrada que presenta su clave, o si no de la dirección del cliente (IPv6 por /64);',
        'la misma clave de dos clientes nunca choca. La respuesta guardada es el único lugar donde el editToken se',
        'conserva en claro, durante esas 24 horas, para que un cliente que perdió su 202 lo recupere repitiendo la',
        'petición con la misma Idempotency-Key.',
        '',
        `Prioridad (priorityScore): ${priorityFormula}`,
        '',
        ...changesText(),
      ].join('\n'),
      contact: { name: 'Ayuda Directa', url: baseUrl },
      license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
      'x-priority-formula': priorityFormula,
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    // Anonymous by default; an operation that accepts credentials lists them (POST help: optional bearer; DELETE
    // help/{id}: required).
    security: [],
    servers: [{ url: baseUrl }],
    tags: [
      { name: 'ayudas', description: 'Solicitudes y ofrecimientos de ayuda.' },
      { name: 'logistica', description: 'Rutas logísticas disponibles.' },
      { name: 'inventario', description: 'Lo que tienen y necesitan los centros de acopio.' },
      { name: 'lugares', description: `Protocolo ${PLACES_PROTOCOL} ${PLACES_VERSION}: centros de acopio en GeoJSON.` },
      {
        name: 'cambios',
        description:
          'Los cambios de lo publicado, en orden: por cursor, como Server-Sent Events y como webhooks firmados.',
      },
      { name: 'estado', description: 'Salud del servicio.' },
      { name: 'mcp', description: 'Servidor MCP remoto (Streamable HTTP, protocolo 2025-11-25).' },
      {
        name: 'integraciones',
        description: 'Entradas de otros sistemas (KoboToolbox, WhatsApp, SMS): no son para apps públicas.',
      },
    ],
    // Every response carries X-Request-Id: said once, as a header component each response refers to.
    paths: withRequestIdHeader(pathsOf(publicRoutes, { baseUrl, limits, schemas }), 'RequestId'),
    webhooks: openApiWebhooks(),
    components: {
      schemas,
      headers: { RequestId: requestIdHeader },
      securitySchemes: {
        editToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'El editToken que devolvió el primer 202 de un par source + externalId: prueba que un cambio de ese par, o ' +
            'su retiro (DELETE), viene de quien lo envió. El servicio guarda solo su hash.',
        },
        sourceKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'La clave de una integración registrada (ayuda source add): obligatoria en todo envío con ese source; con ella ' +
            'la integración cambia o retira cualquiera de sus pares.',
        },
        koboSecret: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Ayuda-Kobo-Secret',
          description:
            'El secreto compartido con el REST Service de KoboToolbox (KOBO_SECRET del servicio), enviado como ' +
            'cabecera personalizada: obligatorio en POST /integraciones/kobo.',
        },
        whatsappSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Hub-Signature-256',
          description:
            'sha256=<HMAC-SHA256 en hexadecimal del cuerpo tal como llegó, con el secreto de la app de Meta ' +
            '(WHATSAPP_APP_SECRET)>: Meta firma así cada notificación.',
        },
        smsSecret: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Ayuda-Sms-Secret',
          description: 'El secreto compartido con la pasarela SMS (SMS_SECRET), como cabecera personalizada.',
        },
        smsSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Signature',
          description:
            'La firma de android-sms-gateway: HMAC-SHA256 en hexadecimal del cuerpo seguido de X-Timestamp, con ' +
            'SMS_SECRET como clave de firma.',
        },
      },
    },
  };
}
