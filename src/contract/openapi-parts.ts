// Pieces shared by every part of the OpenAPI document: schema references, error, rate-limit and cache answers.
import { codesForStatus, type ErrorCode } from '../errors.ts';

export const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

type JsonObject = Record<string, unknown>;
const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A copy of `value` in which every inline copy of the enum component `id` (a string schema listing the same values
 * in the same order) is a reference to it; what a copy says beside the values (a description, examples, a default)
 * stays beside the reference, and a parameter's schema refers to it too. The component itself is kept.
 */
export function referToEnum<T>(value: T, id: string, component: JsonObject): T {
  const values = JSON.stringify(component.enum);
  const isCopy = (node: JsonObject) =>
    node.type === 'string' && Array.isArray(node.enum) && JSON.stringify(node.enum) === values;
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!isJsonObject(node) || node === component) return node;
    if (isCopy(node)) {
      const { type: _type, enum: _values, ...beside } = node;
      return { ...ref(id), ...beside };
    }
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, visit(child)]));
  };
  return visit(value) as T;
}

/** The header every response of the service carries (src/http/request-id.ts), once among the components. */
export const requestIdHeader = {
  description:
    'Referencia de la petición: REF- y 10 dígitos, o la X-Request-Id que envió un proxy de confianza del servicio ' +
    '(TRUST_PROXY; 1 a 64 caracteres de A-Z, a-z, 0-9 y . _ : -). Cada línea del registro de esa petición la lleva y ' +
    'las páginas de error la muestran: indíquela al equipo al reportar un problema.',
  schema: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._:-]+$', examples: ['REF-4821993017'] },
};

/** A copy of the paths in which every response of every operation names the request-id header component. */
export function withRequestIdHeader<T extends object>(paths: T, component: string): T {
  const header = { 'X-Request-Id': { $ref: `#/components/headers/${component}` } };
  const withHeader = (response: JsonObject) => {
    const headers = isJsonObject(response.headers) ? response.headers : {};
    return { ...response, headers: { ...headers, ...header } };
  };
  const operation = (value: unknown) =>
    isJsonObject(value) && isJsonObject(value.responses)
      ? {
          ...value,
          responses: Object.fromEntries(
            Object.entries(value.responses).map(([status, response]) => [
              status,
              isJsonObject(response) ? withHeader(response) : response,
            ]),
          ),
        }
      : value;
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      isJsonObject(item) ? Object.fromEntries(Object.entries(item).map(([m, value]) => [m, operation(value)])) : item,
    ]),
  ) as T;
}

export const rateLimitHeaders = {
  'RateLimit-Limit': { description: 'Peticiones permitidas por minuto.', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Peticiones que quedan en la ventana.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Segundos hasta que se renueva la ventana.', schema: { type: 'integer' } },
};

export function errorResponse(status: number, description: string, codes: ErrorCode[] = codesForStatus(status)) {
  return {
    description: `${description} Códigos: ${codes.join(', ')}.`,
    content: {
      'application/json': {
        schema: ref('Error'),
        examples: Object.fromEntries(codes.map((code) => [code, { value: { error: '…', code, details: [] } }])),
      },
    },
  };
}

export const tooMany = {
  ...errorResponse(429, 'Límite temporal alcanzado.'),
  headers: {
    'Retry-After': { description: 'Segundos para reintentar.', schema: { type: 'integer' } },
    ...rateLimitHeaders,
  },
};

/**
 * A pledge or a route claim: anyone, or a registered integration (its key) or a collection centre (its edit link)
 * as the bearer credential, which the daily limits on pledges and route claims do not count.
 */
export const helperSecurity: Record<string, string[]>[] = [{}, { sourceKey: [] }];

export const helperUnauthorized = errorResponse(
  401,
  'Authorization: Bearer no trae la clave de una integración registrada ni el enlace de edición vigente de un ' +
    'centro de acopio. Nada cambió.',
  ['source_key_required'],
);

/** The CORS preflight's answer, the same on every path that has one. */
export const preflightResponse = {
  description: 'CORS habilitado para cualquier origen.',
  headers: {
    'Access-Control-Allow-Origin': { schema: { type: 'string' } },
    'Access-Control-Allow-Methods': { schema: { type: 'string' } },
    'Access-Control-Allow-Headers': { schema: { type: 'string' } },
  },
};

/** A read that answers with an ETag and asks to be revalidated. */
export const etagHeaders = {
  ETag: { description: 'Versión de la respuesta; envíela en If-None-Match.', schema: { type: 'string' } },
  'Cache-Control': { description: 'no-cache: revalide con If-None-Match.', schema: { type: 'string' } },
};

export const notModified = { description: 'Sin cambios desde el ETag enviado en If-None-Match.' };

/** What a submission's body can be refused for, on every path that takes one (the API, the intake channels). */
export const submissionBodyCodes: ErrorCode[] = [
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
];

export const internalError = errorResponse(500, 'Error inesperado del servidor.', ['internal_error']);

/** The first of the examples a schema (Zod metadata or a component) carries. */
export function firstExample(schema: object | undefined): unknown {
  const examples = schema && 'examples' in schema ? schema.examples : undefined;
  return Array.isArray(examples) ? examples[0] : undefined;
}
