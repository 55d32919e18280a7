// POST /api/public/v1/help/{id}/pledges ("voy a llevar") and the pledger's own actions with the pledge's code:
// POST /api/public/v1/pledges/confirm and /cancel. The code travels in the body, never in a URL.
import { DEFAULT_HELPER_LIMIT_PER_ADDRESS, DEFAULT_HELPER_LIMIT_PER_NUMBER } from '../../domain/helper-caps.ts';
import {
  DEFAULT_DELIVER_WITHIN_HOURS,
  MAX_OPEN_PLEDGES_PER_ADDRESS,
  MAX_OPEN_PLEDGES_PER_WHATSAPP,
  PLEDGE_GRACE_HOURS,
} from '../../domain/pledges.ts';
import {
  deliveriesConfirmBody,
  helpPledge,
  pledgeCodeBody,
  pledgeDeliveryBody,
  pledgeResult,
} from '../../schemas/pledge.ts';
import {
  errorResponse,
  firstExample,
  helperSecurity,
  helperUnauthorized,
  rateLimitHeaders,
  ref,
  tooMany,
} from '../openapi-parts.ts';
import { declareRoute } from '../route-declaration.ts';
import { publishedRecordParams, recordPathPreflight } from './record-path.ts';

const PLEDGES_PATH = '/api/public/v1/help/{id}/pledges';
export const PLEDGE_CONFIRM_PATH = '/api/public/v1/pledges/confirm';
export const PLEDGE_CANCEL_PATH = '/api/public/v1/pledges/cancel';
const DELIVERIES_CONFIRM_PATH = '/api/public/v1/help/{id}/deliveries/confirm';

const badBody = (extra: 'invalid_idempotency_key'[] = []) =>
  errorResponse(400, 'Datos no válidos (details indica cada campo).', [
    'validation_failed',
    'invalid_json',
    'json_too_deep',
    'duplicate_json_key',
    'empty_body',
    ...extra,
  ]);

export const pledgeRoute = declareRoute({
  method: 'post',
  path: PLEDGES_PATH,
  params: publishedRecordParams,
  body: helpPledge,
  operation: () => ({
    operationId: 'pledgeHelp',
    tags: ['ayudas'],
    summary: 'Comprometerse a llevar parte de lo que falta a una solicitud publicada ("voy a llevar").',
    description:
      'Reserva parte de lo que aún nadie comprometió (quantities.uncommitted) de una solicitud publicada, sin ' +
      'completar, de una emergencia activa. No cambia covered, pending ni la prioridad: lo comprometido se muestra ' +
      'aparte (quantities.committed). Quien se comprometió avisa la entrega con su código (POST ' +
      `${PLEDGE_CONFIRM_PATH}): queda reportada (status reported) y sigue comprometida; suma a covered cuando la ` +
      'confirma quien pidió la ayuda (en /estado), un líder de la emergencia o una integración registrada. ' +
      `Sin fecha, la entrega se espera en ` +
      `${DEFAULT_DELIVER_WITHIN_HOURS} horas; un compromiso sin confirmar vence ${PLEDGE_GRACE_HOURS} horas ` +
      'después de su fecha y libera su cantidad. Una solicitud sin cantidad requerida recibe compromisos sin ' +
      'cantidad (se cuentan en quantities.pledges). El nombre y el WhatsApp de quien se compromete son privados: ' +
      'los ven solo los líderes de la emergencia; la historia pública dice "alguien se comprometió a llevar 20 ' +
      'bidones", nunca quién. Pasar de lo no comprometido responde 409 pledge_exceeds_pending (details dice cuánto ' +
      `queda abierto). Cada número de WhatsApp puede tener ${MAX_OPEN_PLEDGES_PER_WHATSAPP} compromisos abiertos ` +
      `por emergencia y cada dirección de cliente ${MAX_OPEN_PLEDGES_PER_ADDRESS} (429 too_many_open_pledges); ` +
      `además, en 24 horas cada número puede hacer ${DEFAULT_HELPER_LIMIT_PER_NUMBER} compromisos u ofrecimientos ` +
      `de rutas y cada dirección ${DEFAULT_HELPER_LIMIT_PER_ADDRESS} (valores por omisión de HELPER_LIMIT_PER_NUMBER ` +
      'y HELPER_LIMIT_PER_ADDRESS), se hayan entregado, cancelado o no (429 helper_limit_reached). Una integración ' +
      'registrada (su clave) o un centro de acopio (su enlace de edición), como Authorization: Bearer, no cuentan en ' +
      'esos límites; una credencial que no es ninguna de las dos responde 401 source_key_required. Cuenta como envío ' +
      'en el límite por dirección. Idempotency-Key como en POST /api/public/v1/help: la ' +
      'repetición con la misma clave y el mismo cuerpo devuelve la misma respuesta (con el mismo código).',
    security: helperSecurity,
    headerParameters: [
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'Clave única del intento (1 a 255 caracteres ASCII visibles), propia de cada cliente.',
        schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
      },
    ],
    requestBody: { example: firstExample(helpPledge.meta()) },
    responses: {
      '202': {
        description: 'Compromiso guardado. Trae el código, que no se vuelve a mostrar.',
        headers: {
          'Idempotent-Replayed': {
            description: 'true si es la respuesta guardada de una Idempotency-Key.',
            schema: { type: 'string' },
          },
          ...rateLimitHeaders,
        },
        content: { 'application/json': { schema: ref('PledgeResult'), example: firstExample(pledgeResult.meta()) } },
      },
      '400': badBody(['invalid_idempotency_key']),
      '401': helperUnauthorized,
      '404': errorResponse(
        404,
        'No existe una solicitud publicada con ese id (help_not_found), o la dirección está mal formada (not_found).',
        ['help_not_found', 'not_found'],
      ),
      '409': errorResponse(
        409,
        'Pasa de lo que nadie ha comprometido (pledge_exceeds_pending: details[0].uncommitted dice cuánto queda ' +
          'abierto), el registro no recibe compromisos (not_pledgeable: un ofrecimiento, una solicitud completada o ' +
          'de una emergencia cerrada) o la misma Idempotency-Key se está procesando. Nada cambió.',
        ['pledge_exceeds_pending', 'not_pledgeable', 'idempotency_key_in_flight'],
      ),
      '413': errorResponse(413, 'Cuerpo demasiado grande.'),
      '415': errorResponse(415, 'Se requiere application/json.'),
      '422': errorResponse(422, 'Idempotency-Key reutilizada con otro cuerpo.'),
      '429': {
        ...errorResponse(
          429,
          'Límite de envíos por minuto, de compromisos abiertos por WhatsApp o dirección, o de compromisos y ' +
            'ofrecimientos de rutas en 24 horas.',
          ['rate_limited', 'too_many_open_pledges', 'helper_limit_reached'],
        ),
        headers: tooMany.headers,
      },
    },
  }),
});

/** Answered by the CORS plugin; declared for the document. */
export const pledgePreflightRoute = recordPathPreflight(PLEDGES_PATH, publishedRecordParams, 'pledgeHelpPreflight');

const codeResponses = (action: string) => ({
  '200': {
    description: `${action}. Devuelve el compromiso como queda.`,
    headers: rateLimitHeaders,
    content: { 'application/json': { schema: ref('PledgeActionResult') } },
  },
  '400': badBody(),
  '404': errorResponse(404, 'Ningún compromiso tiene ese código.', ['pledge_not_found']),
  '409': errorResponse(409, 'El compromiso ya no está abierto: se entregó, se canceló o venció.', ['pledge_closed']),
  '413': errorResponse(413, 'Cuerpo demasiado grande.'),
  '415': errorResponse(415, 'Se requiere application/json.'),
  '429': tooMany,
});

export const pledgeConfirmRoute = declareRoute({
  method: 'post',
  path: PLEDGE_CONFIRM_PATH,
  body: pledgeDeliveryBody,
  operation: () => ({
    operationId: 'confirmPledgeDelivery',
    tags: ['ayudas'],
    summary: 'Avisar la entrega de un compromiso con su código.',
    description:
      'Quien se comprometió avisa que entregó: lo entregado (por defecto todo lo comprometido; quantity si fue ' +
      'menos) queda reportado (status reported, "entregado según quien lo llevó, sin confirmar") y sigue en ' +
      'quantities.committed, así nadie lleva lo mismo otra vez; el resto queda libre. No cambia ' +
      'quantities.covered ni la prioridad: suma a covered cuando quien pidió la ayuda o un líder de la emergencia ' +
      'confirma que llegó, y vuelve a quedar libre si dicen que no llegó. Las consultas por código tienen su ' +
      'propio límite por dirección de cliente, como /estado.',
    requestBody: { example: firstExample(pledgeDeliveryBody.meta()) },
    responses: codeResponses('Entrega registrada'),
  }),
});

export const pledgeCancelRoute = declareRoute({
  method: 'post',
  path: PLEDGE_CANCEL_PATH,
  body: pledgeCodeBody,
  operation: () => ({
    operationId: 'cancelPledge',
    tags: ['ayudas'],
    summary: 'Cancelar un compromiso con su código.',
    description:
      'Libera lo comprometido para que otras personas puedan comprometerse. Las consultas por código tienen su ' +
      'propio límite por dirección de cliente, como /estado.',
    requestBody: { example: firstExample(pledgeCodeBody.meta()) },
    responses: codeResponses('Compromiso cancelado'),
  }),
});

export const deliveriesConfirmRoute = declareRoute({
  method: 'post',
  path: DELIVERIES_CONFIRM_PATH,
  params: publishedRecordParams,
  body: deliveriesConfirmBody,
  operation: () => ({
    operationId: 'confirmDeliveries',
    tags: ['ayudas'],
    summary: 'Una integración registrada confirma que llegaron las entregas reportadas a una solicitud que envió.',
    description:
      'Para la integración que envió la solicitud (su source registrado), con su clave en Authorization: Bearer. ' +
      'Cada entrega que quien se comprometió o quien llevó la ruta dio por hecha (status reported, "entregado ' +
      'según quien lo llevó, sin confirmar") queda confirmada (delivered): lo reportado suma a quantities.covered ' +
      'y deja de estar comprometido. Úsela solo cuando la persona que pidió la ayuda le confirme que llegó. Sin ' +
      'entregas reportadas responde confirmed: 0 y no cambia nada. Otra clave, la falta de Authorization, un id ' +
      'inexistente, un registro de otro source o uno retirado responden el mismo 404 help_not_found.',
    security: [{ sourceKey: [] }],
    requestBody: { example: {} },
    responses: {
      '200': {
        description: 'Las entregas reportadas quedaron confirmadas.',
        headers: rateLimitHeaders,
        content: { 'application/json': { schema: ref('DeliveriesConfirmed') } },
      },
      '400': badBody(),
      '404': errorResponse(
        404,
        'No hay una solicitud con ese id que esta clave pueda confirmar (todas con la misma respuesta); o la ' +
          'dirección está mal formada (not_found).',
        ['help_not_found', 'not_found'],
      ),
      '413': errorResponse(413, 'Cuerpo demasiado grande.'),
      '415': errorResponse(415, 'Se requiere application/json.'),
      '429': tooMany,
    },
  }),
});
