// GET /api/public/v1/changes and /changes/stream: the public change feed, by cursor and as Server-Sent Events.
import { CHANGE_STREAMS_PER_CLIENT, DEFAULT_CHANGE_STREAMS_MAX } from '../../domain/change-streams.ts';
import { CHANGES_MAX_LIMIT, changesQuery, changesStreamQuery } from '../../schemas/change-event.ts';
import { errorResponse, internalError, rateLimitHeaders, ref, tooMany } from '../openapi-parts.ts';
import { declareRoute } from '../route-declaration.ts';

const expired = errorResponse(
  410,
  'El cursor es más antiguo que la retención del historial (RETENTION_CHANGES_DAYS, 30 días por defecto); ' +
    'details[0].oldestCursor es el más antiguo válido: vuelva a leer el estado completo y siga desde él.',
  ['cursor_expired'],
);

export const changesRoute = declareRoute({
  method: 'get',
  path: '/api/public/v1/changes',
  query: changesQuery,
  operation: () => ({
    operationId: 'listChanges',
    tags: ['cambios'],
    summary: 'Los cambios de lo publicado, en orden, desde un cursor.',
    description:
      'Un evento por cambio de lo que la API pública muestra: un registro publicado, actualizado, con otro estado o ' +
      'cantidades, o retirado de la vista pública; el inventario de un centro; una ruta disponible. Cada evento trae ' +
      'el estado público después del cambio (null si salió), en el orden en que se confirmaron, también con varias ' +
      `instancias: sin huecos ni repetidos. Hasta ${CHANGES_MAX_LIMIT} por respuesta; con hasMore, pida de nuevo con ` +
      'since=next. Sin since la respuesta no trae eventos y su next es el punto desde el que seguir; since=0 da desde ' +
      'el cambio más antiguo guardado. Nada pendiente de revisión ni rechazado aparece; un registro retirado o cuyos ' +
      `datos personales se borraron deja un evento withdrawn o updated, y sus eventos anteriores pierden su estado ` +
      '(redacted).',
    responses: {
      '200': {
        description: 'Los eventos después de since.',
        headers: rateLimitHeaders,
        content: { 'application/json': { schema: ref('ChangeList') } },
      },
      '400': errorResponse(400, 'Parámetros no válidos (un cursor que el feed no dio) o emergencia desconocida.', [
        'invalid_query',
        'unknown_emergency',
      ]),
      '410': expired,
      '429': tooMany,
      '500': internalError,
    },
  }),
});

export const changesStreamRoute = declareRoute({
  method: 'get',
  path: '/api/public/v1/changes/stream',
  query: changesStreamQuery,
  operation: () => ({
    operationId: 'streamChanges',
    tags: ['cambios'],
    summary: 'Los mismos eventos como Server-Sent Events, para tableros en vivo.',
    description:
      'Un evento SSE "change" por cambio: id es el cursor y data el ChangeEvent en JSON. Al reconectar, el navegador ' +
      'envía Last-Event-ID y el flujo sigue justo después, sin perder ni repetir eventos (tiene prioridad sobre ' +
      'since). Cada 15 segundos sin cambios llega un comentario para mantener viva la conexión. Una dirección de ' +
      `cliente puede tener ${CHANGE_STREAMS_PER_CLIENT} flujos abiertos por instancia y la instancia un total ` +
      `(CHANGE_STREAMS_MAX, ${DEFAULT_CHANGE_STREAMS_MAX} por omisión); por encima, 429 too_many_streams con ` +
      'Retry-After. Una dirección que ' +
      'TRUST_PROXY nombra y que no dice por quién pide cuenta solo en el total.',
    headerParameters: [
      {
        name: 'Last-Event-ID',
        in: 'header',
        required: false,
        description: 'El id del último evento recibido: el flujo sigue después de él.',
        schema: { type: 'string', pattern: '^(0|[1-9][0-9]{0,15})$' },
      },
    ],
    responses: {
      '200': {
        description: 'Flujo text/event-stream de eventos change (data: ChangeEvent).',
        headers: rateLimitHeaders,
        content: { 'text/event-stream': { schema: { type: 'string' } } },
      },
      '400': errorResponse(400, 'Parámetros no válidos o emergencia desconocida.', [
        'invalid_query',
        'unknown_emergency',
      ]),
      '410': expired,
      '429': {
        ...errorResponse(429, 'Límite de lecturas por minuto, o de flujos abiertos por cliente o por instancia.', [
          'rate_limited',
          'too_many_streams',
        ]),
        headers: tooMany.headers,
      },
      '500': internalError,
    },
  }),
});
