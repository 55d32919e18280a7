// POST /integraciones/kobo: submissions from a KoboToolbox (or ODK) form's REST service, into the review inbox.
import { kobo } from '../../channels/kobo.ts';
import { koboSubmission } from '../../schemas/kobo-submission.ts';
import { errorResponse, firstExample, rateLimitHeaders, ref, submissionBodyCodes, tooMany } from '../openapi-parts.ts';
import { proofHeadersText } from '../proof-headers.ts';
import { declareRoute } from '../route-declaration.ts';

const resultContent = { 'application/json': { schema: ref('KoboResult') } };

export const koboIntakeRoute = declareRoute({
  method: 'post',
  path: '/integraciones/kobo',
  body: koboSubmission,
  operation: ({ schemas }) => ({
    operationId: 'koboIntake',
    tags: ['integraciones'],
    summary: 'Recibir un envío de un formulario de KoboToolbox (REST Service).',
    description:
      'Para el REST Service de un proyecto de KoboToolbox con el formulario de integraciones/kobo/formulario.md: ' +
      'un envío por petición, en JSON. Requiere la cabecera X-Ayuda-Kobo-Secret con el valor de KOBO_SECRET; sin ' +
      'KOBO_SECRET configurado la entrada está apagada (404 integration_disabled). El registro queda con source ' +
      'kobo:<_xform_id_string> y externalId <_uuid>, y entra en la bandeja de revisión como cualquier otro envío: ' +
      'nada se publica antes de que un líder lo apruebe. Los campos del formulario se validan con las reglas de ' +
      'POST /api/public/v1/help (details nombra el campo del formulario). ' +
      'Reintentos: Kobo reintenta solo ante 502, 503 y 504; un 503 service_busy (base de datos ocupada o sin ' +
      'conexión) no guardó nada y se puede reintentar. Un reenvío idéntico del mismo _uuid responde 200 con el mismo ' +
      'id y no crea nada. El mismo _uuid con otro contenido (un envío editado en Kobo y reenviado) responde 409 ' +
      'source_conflict y no cambia nada, salvo que el source kobo:<uid> esté registrado (ayuda source add) y la ' +
      'petición traiga Authorization: Bearer <clave>: entonces es una revisión que espera aprobación. ' +
      'Cuenta en el límite de envíos por minuto de la dirección del cliente.',
    security: [{ koboSecret: [] }],
    requestBody: { examples: { solicitud: { summary: 'Solicitud', value: firstExample(schemas.KoboSubmission) } } },
    responses: {
      '202': {
        description: 'Guardado; espera revisión.',
        headers: rateLimitHeaders,
        content: resultContent,
      },
      '200': {
        description: 'Reenvío idéntico de un _uuid ya recibido: el mismo id, nada nuevo.',
        headers: rateLimitHeaders,
        content: resultContent,
      },
      '400': errorResponse(400, 'Datos no válidos (details nombra cada campo del formulario).', [
        ...submissionBodyCodes,
        'emergency_change_not_allowed',
      ]),
      '401': errorResponse(
        401,
        `Falta ${proofHeadersText(kobo)} o no es la correcta (details nombra la cabecera), o el source kobo:<uid> ` +
          'está registrado y falta su clave. Nada se guardó.',
        ['integration_unauthorized', 'source_key_required'],
      ),
      '404': errorResponse(404, 'La entrada de KoboToolbox no está activada (KOBO_SECRET sin configurar).', [
        'integration_disabled',
      ]),
      '409': errorResponse(
        409,
        'El mismo _uuid ya se recibió con otro contenido (y el source no está registrado), o su registro fue ' +
          'retirado por la persona. Nada cambió.',
        ['source_conflict', 'help_withdrawn'],
      ),
      '413': errorResponse(413, 'Cuerpo demasiado grande.'),
      '415': errorResponse(415, 'Se requiere application/json.'),
      '429': tooMany,
      '503': {
        ...errorResponse(503, 'Base de datos ocupada o sin conexión; nada se guardó. Kobo reintentará.', [
          'service_busy',
        ]),
        headers: { 'Retry-After': { description: 'Segundos para reintentar.', schema: { type: 'integer' } } },
      },
    },
  }),
});
