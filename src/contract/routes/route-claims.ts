// POST /api/logistics-operations/{id}/claims ("Quiero llevar esta ruta") and the volunteer's progress with the
// claim's code: POST /api/logistics-operations/claims/progress. The code travels in the body, never in a URL.
import * as z from 'zod';
import { DEFAULT_HELPER_LIMIT_PER_ADDRESS, DEFAULT_HELPER_LIMIT_PER_NUMBER } from '../../domain/helper-caps.ts';
import { MAX_OPEN_CLAIMS_PER_ADDRESS, MAX_OPEN_CLAIMS_PER_WHATSAPP } from '../../domain/route-claims.ts';
import { routeClaim, routeClaimResult, routeProgressBody } from '../../schemas/route-claim.ts';
import {
  errorResponse,
  firstExample,
  helperSecurity,
  helperUnauthorized,
  preflightResponse,
  rateLimitHeaders,
  ref,
  tooMany,
} from '../openapi-parts.ts';
import { declareRoute } from '../route-declaration.ts';

const CLAIMS_PATH = '/api/logistics-operations/{id}/claims';
export const ROUTE_PROGRESS_PATH = '/api/logistics-operations/claims/progress';

const routeParams = z.object({
  id: z.string().meta({ description: 'Id de una ruta logística, el de GET /api/logistics-operations.' }),
});

const badBody = errorResponse(400, 'Datos no válidos (details indica cada campo).', [
  'validation_failed',
  'invalid_json',
  'json_too_deep',
  'duplicate_json_key',
  'empty_body',
]);

export const routeClaimRoute = declareRoute({
  method: 'post',
  path: CLAIMS_PATH,
  params: routeParams,
  body: routeClaim,
  operation: () => ({
    operationId: 'claimLogisticsOperation',
    tags: ['logistica'],
    summary: 'Ofrecerse a llevar una ruta logística disponible ("Quiero llevar esta ruta").',
    description:
      'El ofrecimiento llega a los líderes de la emergencia, que lo aceptan (la ruta pasa a assigned y el contacto ' +
      'de quien la lleva queda privado, como el de todo voluntario) o no. Nada público cambia hasta entonces. ' +
      'Devuelve un código: con él quien se ofreció ve si lo aceptaron y, aceptado, marca "en camino" y "entregado" ' +
      `(POST ${ROUTE_PROGRESS_PATH}). Solo rutas en estado available (409 route_not_available). Cada número de ` +
      `WhatsApp puede tener ${MAX_OPEN_CLAIMS_PER_WHATSAPP} ofrecimientos abiertos por emergencia y cada dirección ` +
      `de cliente ${MAX_OPEN_CLAIMS_PER_ADDRESS} (429 too_many_open_claims); además, en 24 horas cada número puede ` +
      `hacer ${DEFAULT_HELPER_LIMIT_PER_NUMBER} compromisos u ofrecimientos de rutas y cada dirección ` +
      `${DEFAULT_HELPER_LIMIT_PER_ADDRESS} (valores por omisión de HELPER_LIMIT_PER_NUMBER y ` +
      'HELPER_LIMIT_PER_ADDRESS), como en POST /api/public/v1/help/{id}/pledges (429 helper_limit_reached); una ' +
      'integración registrada o un centro de acopio (Authorization: Bearer) no cuentan en ellos. Cuenta como envío ' +
      'en el límite por dirección.',
    security: helperSecurity,
    headerParameters: [
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'Clave única del intento (1 a 255 caracteres ASCII visibles), propia de cada cliente: la repetición con la ' +
          'misma clave y el mismo cuerpo devuelve la misma respuesta, con el mismo código.',
        schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
      },
    ],
    requestBody: { example: firstExample(routeClaim.meta()) },
    responses: {
      '202': {
        description:
          'Ofrecimiento guardado; espera la decisión del equipo. Trae el código, que no se vuelve a mostrar.',
        headers: {
          'Idempotent-Replayed': {
            description: 'true si es la respuesta guardada de una Idempotency-Key.',
            schema: { type: 'string' },
          },
          ...rateLimitHeaders,
        },
        content: {
          'application/json': { schema: ref('RouteClaimResult'), example: firstExample(routeClaimResult.meta()) },
        },
      },
      '400': errorResponse(400, 'Datos no válidos (details indica cada campo).', [
        'validation_failed',
        'invalid_json',
        'json_too_deep',
        'duplicate_json_key',
        'empty_body',
        'invalid_idempotency_key',
      ]),
      '401': helperUnauthorized,
      '404': errorResponse(
        404,
        'No existe una ruta con ese id (route_not_found), o la dirección está mal formada (not_found).',
        ['route_not_found', 'not_found'],
      ),
      '409': errorResponse(
        409,
        'La ruta ya no está disponible, o la misma Idempotency-Key se está procesando. Nada cambió.',
        ['route_not_available', 'idempotency_key_in_flight'],
      ),
      '413': errorResponse(413, 'Cuerpo demasiado grande.'),
      '415': errorResponse(415, 'Se requiere application/json.'),
      '422': errorResponse(422, 'Idempotency-Key reutilizada con otro cuerpo.'),
      '429': {
        ...errorResponse(
          429,
          'Límite de envíos por minuto, de ofrecimientos abiertos por WhatsApp o dirección, o de compromisos y ' +
            'ofrecimientos de rutas en 24 horas.',
          ['rate_limited', 'too_many_open_claims', 'helper_limit_reached'],
        ),
        headers: tooMany.headers,
      },
    },
  }),
});

/** Answered by the CORS plugin; declared for the document. */
export const routeClaimPreflightRoute = declareRoute({
  method: 'options',
  path: CLAIMS_PATH,
  params: routeParams,
  operation: () => ({
    operationId: 'claimLogisticsOperationPreflight',
    tags: ['logistica'],
    summary: 'Preflight CORS.',
    description: 'Lo envía el navegador antes de una petición de otro origen; la API pública admite cualquier origen.',
    responses: {
      '204': preflightResponse,
      '404': errorResponse(404, 'La dirección está mal formada.', ['not_found']),
    },
  }),
});

export const routeProgressRoute = declareRoute({
  method: 'post',
  path: ROUTE_PROGRESS_PATH,
  body: routeProgressBody,
  operation: () => ({
    operationId: 'progressLogisticsOperation',
    tags: ['logistica'],
    summary: 'Quien lleva la ruta marca "en camino" o "entregado" con su código.',
    description:
      'Solo con un ofrecimiento aceptado: in_transit cuando la ruta está assigned, delivered cuando está in_transit; ' +
      'quantity (con delivered) queda como entrega reportada a la solicitud de destino: comprometida y sin ' +
      'confirmar, suma a lo cubierto cuando quien pidió la ayuda o un líder la confirma. Las consultas por código tienen ' +
      'su propio límite por dirección de cliente, como /estado.',
    requestBody: { example: firstExample(routeProgressBody.meta()) },
    responses: {
      '200': {
        description: 'La ruta avanzó.',
        headers: rateLimitHeaders,
        content: { 'application/json': { schema: ref('RouteClaimActionResult') } },
      },
      '400': badBody,
      '404': errorResponse(404, 'Ningún ofrecimiento tiene ese código.', ['route_claim_not_found']),
      '409': errorResponse(409, 'El ofrecimiento no se aceptó (o aún no), o la ruta no está en el paso anterior.', [
        'route_claim_closed',
      ]),
      '413': errorResponse(413, 'Cuerpo demasiado grande.'),
      '415': errorResponse(415, 'Se requiere application/json.'),
      '429': tooMany,
    },
  }),
});
