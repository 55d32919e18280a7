// The WhatsApp and SMS intakes: a person's messages, through a guided conversation, into the review inbox.
import * as z from 'zod';
import type { ErrorCode } from '../../errors.ts';
import '../../schemas/intake-ack.ts';
import { sms } from '../../channels/sms.ts';
import { smsInbound } from '../../channels/sms-payload.ts';
import { whatsapp } from '../../channels/whatsapp.ts';
import { whatsappWebhook } from '../../channels/whatsapp-payload.ts';
import { errorResponse, firstExample, ref } from '../openapi-parts.ts';
import { proofHeadersText } from '../proof-headers.ts';
import { declareRoute } from '../route-declaration.ts';

/** What a body can be refused for once its signature holds. */
const bodyCodes: ErrorCode[] = [
  'validation_failed',
  'invalid_json',
  'empty_body',
  'json_too_deep',
  'duplicate_json_key',
];

const ackContent = { 'application/json': { schema: ref('IntakeAck') } };

const CONVERSATION =
  'Cada mensaje avanza una conversación guiada en español (necesito o quiero ayudar, categoría, qué y cuánto, lugar, ' +
  'nombre, consentimiento, resumen y confirmación; "cancelar" la detiene, "estado CÓDIGO" y "retirar CÓDIGO" ' +
  'funcionan en cualquier momento y tras 30 minutos sin mensajes empieza de nuevo). Al confirmar, el envío entra en ' +
  'la bandeja de revisión con el número de quien escribe como contacto y la persona recibe su código de recibo; ' +
  'nada se publica antes de que un líder lo apruebe. Cada mensaje se recibe una sola vez: un reintento del ' +
  'proveedor con el mismo id responde 200 y no hace nada. Las respuestas salen por la API del proveedor, en orden.';

const busy = {
  ...errorResponse(503, 'Base de datos ocupada o sin conexión; nada se guardó. El proveedor reintentará.', [
    'service_busy',
  ]),
  headers: { 'Retry-After': { description: 'Segundos para reintentar.', schema: { type: 'integer' } } },
};

export const whatsappVerifyQuery = z.looseObject({
  'hub.mode': z.string().max(40).optional().describe('subscribe'),
  'hub.verify_token': z.string().max(512).optional().describe('Debe ser WHATSAPP_VERIFY_TOKEN.'),
  'hub.challenge': z.string().max(512).optional().describe('Se devuelve tal cual.'),
});

export const whatsappVerifyRoute = declareRoute({
  method: 'get',
  path: '/integraciones/whatsapp',
  query: whatsappVerifyQuery,
  operation: () => ({
    operationId: 'whatsappVerify',
    tags: ['integraciones'],
    summary: 'Verificación del webhook de WhatsApp (Meta).',
    description:
      'El saludo con que Meta comprueba la URL del webhook: con hub.mode=subscribe y hub.verify_token igual a ' +
      'WHATSAPP_VERIFY_TOKEN responde 200 con hub.challenge en texto plano; si no, 403.',
    responses: {
      '200': { description: 'hub.challenge, tal cual.', content: { 'text/plain': { schema: { type: 'string' } } } },
      '400': errorResponse(400, 'Un parámetro repetido o demasiado largo.', ['invalid_query']),
      '403': errorResponse(403, 'El token no coincide o falta hub.mode=subscribe.', ['integration_verify_failed']),
      '404': errorResponse(404, 'La entrada de WhatsApp no está activada (WHATSAPP_* sin configurar).', [
        'integration_disabled',
      ]),
    },
  }),
});

export const whatsappWebhookRoute = declareRoute({
  method: 'post',
  path: '/integraciones/whatsapp',
  body: whatsappWebhook,
  operation: ({ schemas }) => ({
    operationId: 'whatsappWebhook',
    tags: ['integraciones'],
    summary: 'Recibir mensajes de WhatsApp Business (Cloud API).',
    description:
      'El webhook de la app de Meta (campo messages). Cada petición debe traer X-Hub-Signature-256: sha256=<HMAC-SHA256 ' +
      'del cuerpo tal como llegó, con WHATSAPP_APP_SECRET>; sin ella o con otra, 401 y nada se guarda. Los estados ' +
      `de los mensajes enviados se aceptan y se ignoran. ${CONVERSATION} Las respuestas fuera de las 24 horas ` +
      'siguientes al último mensaje de la persona solo salen como plantilla aprobada (WHATSAPP_TEMPLATE_NOTICE). ' +
      'No cuenta en el límite por dirección: las peticiones firmadas vienen de pocas direcciones de Meta.',
    security: [{ whatsappSignature: [] }],
    requestBody: {
      examples: { mensaje: { summary: 'Un mensaje de texto', value: firstExample(schemas.WhatsappWebhook) } },
    },
    responses: {
      '200': { description: 'Recibido (también un reintento ya recibido).', content: ackContent },
      '400': errorResponse(400, 'Cuerpo que no es una notificación de WhatsApp.', bodyCodes),
      '401': errorResponse(
        401,
        `Falta ${proofHeadersText(whatsapp)} o no corresponde al cuerpo. Nada se guardó; details nombra la cabecera.`,
        ['integration_unauthorized'],
      ),
      '404': errorResponse(404, 'La entrada de WhatsApp no está activada (WHATSAPP_* sin configurar).', [
        'integration_disabled',
      ]),
      '413': errorResponse(413, 'Cuerpo demasiado grande.'),
      '415': errorResponse(415, 'Se requiere application/json.'),
      '503': busy,
    },
  }),
});

export const smsInboundRoute = declareRoute({
  method: 'post',
  path: '/integraciones/sms',
  body: smsInbound,
  operation: ({ schemas }) => ({
    operationId: 'smsInbound',
    tags: ['integraciones'],
    summary: 'Recibir un SMS de una pasarela (android-sms-gateway o RapidPro/TextIt).',
    description:
      'Un SMS recibido, como lo envía el webhook sms:received de android-sms-gateway o la acción "Call webhook" de ' +
      'RapidPro/TextIt. Autenticación: la cabecera X-Ayuda-Sms-Secret con el valor de SMS_SECRET, o la firma de ' +
      'android-sms-gateway (X-Signature: HMAC-SHA256 en hexadecimal del cuerpo seguido de X-Timestamp, con SMS_SECRET ' +
      'como clave; X-Timestamp en segundos Unix, con 5 minutos de margen). Sin ellas, 401 y nada se guarda. Otros ' +
      `eventos de la pasarela se aceptan y se ignoran. ${CONVERSATION} Por SMS, una pregunta por mensaje; las ` +
      'respuestas salen por la API de envío de la pasarela (SMS_SEND_URL). No cuenta en el límite por dirección.',
    security: [{ smsSecret: [] }, { smsSignature: [] }] as Record<string, string[]>[],
    requestBody: {
      examples: {
        android: { summary: 'android-sms-gateway', value: firstExample(schemas.AndroidSmsReceived) },
        rapidpro: { summary: 'RapidPro/TextIt', value: firstExample(schemas.RapidProWebhook) },
      },
    },
    responses: {
      '200': { description: 'Recibido (también un reintento ya recibido).', content: ackContent },
      '400': errorResponse(400, 'Cuerpo que no es un SMS de una pasarela conocida.', bodyCodes),
      '401': errorResponse(
        401,
        `Falta ${proofHeadersText(sms)}, o no es correcta. Nada se guardó; details nombra las cabeceras.`,
        ['integration_unauthorized'],
      ),
      '404': errorResponse(404, 'La entrada de SMS no está activada (SMS_* sin configurar).', ['integration_disabled']),
      '413': errorResponse(413, 'Cuerpo demasiado grande.'),
      '415': errorResponse(415, 'Se requiere application/json.'),
      '503': busy,
    },
  }),
});
