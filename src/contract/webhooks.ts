// The OpenAPI 3.1 `webhooks` object: what a subscribed endpoint receives. Each change of the public feed as a signed
// POST (Standard Webhooks), and the test message an administrator can send to check an endpoint.
import { RETRY_WINDOW_MS } from '../domain/webhook-retry.ts';
import { TEST_WEBHOOK_TYPE } from '../presenters/webhook-payload.ts';
import { changeKinds } from '../schemas/change-event.ts';
import { ref } from './openapi-parts.ts';

const signatureHeaders = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description:
      'Id del mensaje (msg_…): el mismo en cada reintento de una entrega. Úselo para no procesar dos veces un ' +
      'mensaje que llegó más de una vez (la entrega es al menos una vez).',
    schema: { type: 'string', pattern: '^msg_[0-9a-f]{32}$' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description:
      'Segundos desde 1970 (UTC) en que se firmó este intento. Rechace los mensajes con más de 5 minutos de ' +
      'diferencia con su reloj.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'v1,<base64 de HMAC-SHA256 de "webhook-id.webhook-timestamp.cuerpo" con el secreto whsec_… del webhook>. ' +
      'Verifíquela sobre el cuerpo tal como llegó, por ejemplo con el paquete standardwebhooks (Webhook.verify).',
    schema: { type: 'string' },
  },
];

const responses = {
  '2XX': { description: 'Recibido: la entrega termina.' },
  default: {
    description:
      `Cualquier otra respuesta (también una redirección, que no se sigue), o ninguna en el tiempo límite: se ` +
      `reintenta con el mismo webhook-id, cada vez más espaciado (30 s, 2 min, 10 min, 30 min, 1 h, 2 h, luego cada ` +
      `4 h), durante ${RETRY_WINDOW_MS / 3_600_000} horas; después la entrega queda muerta y un administrador puede ` +
      'reenviarla.',
  },
};

const timestamp = { type: 'string', format: 'date-time' };

/** Put under `webhooks` in the OpenAPI 3.1 document; refers to the ChangeEvent component. */
/** A message body as every webhook carries it: its type, when, and its data. */
function messageBody(properties: Record<string, unknown>) {
  return {
    required: true,
    content: {
      'application/json': {
        schema: { type: 'object', required: ['type', 'timestamp', 'data'], additionalProperties: false, properties },
      },
    },
  };
}

export function openApiWebhooks() {
  return {
    change: {
      post: {
        operationId: 'changeWebhook',
        tags: ['cambios'],
        summary: 'Un cambio de lo publicado, enviado a un webhook suscrito.',
        description:
          'Lo envía el servicio (POST, application/json) a cada URL que un administrador suscribió (ayuda webhook add ' +
          'o el panel), filtrada por emergencia y por tipo de cambio si se pidió. data es el ChangeEvent tal como lo da ' +
          'GET /api/public/v1/changes, construido al enviar: si el registro se retiró antes, data ya no trae sus ' +
          'datos (redacted). Sin orden garantizado entre mensajes: ordene por data.cursor.',
        parameters: signatureHeaders,
        requestBody: messageBody({
          type: {
            type: 'string',
            enum: changeKinds.map((kind) => `change.${kind}`),
            description: 'change.<kind>, con el kind del evento.',
          },
          timestamp: { ...timestamp, description: 'Cuándo se confirmó el cambio (el at del evento).' },
          data: ref('ChangeEvent'),
        }),
        responses,
      },
    },
    test: {
      post: {
        operationId: 'testWebhook',
        tags: ['cambios'],
        summary: 'Un mensaje de prueba, firmado como los demás.',
        description:
          'Lo envía un administrador (ayuda webhook test o «Probar» en el panel) para comprobar el receptor y su ' +
          'verificación de firmas. No trae datos de ningún registro y no se reintenta.',
        parameters: signatureHeaders,
        requestBody: messageBody({
          type: { type: 'string', const: TEST_WEBHOOK_TYPE },
          timestamp,
          data: {
            type: 'object',
            required: ['subscriptionId', 'message'],
            properties: { subscriptionId: { type: 'string' }, message: { type: 'string' } },
          },
        }),
        responses,
      },
    },
  };
}
