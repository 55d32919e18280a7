// GET /api/logistics-operations?emergencia=S (SPEC 4.5): available routes of one emergency.
import { slugPattern } from '../../schemas/common.ts';
import { logisticsQuery } from '../../schemas/logistics-operation.ts';
import { errorResponse, rateLimitHeaders, ref, tooMany } from '../openapi-parts.ts';
import { declareRoute } from '../route-declaration.ts';

export const logisticsRoute = declareRoute({
  method: 'get',
  path: '/api/logistics-operations',
  query: logisticsQuery,
  operation: () => ({
    operationId: 'listLogisticsOperations',
    tags: ['logistica'],
    summary: 'Rutas logísticas disponibles de una emergencia.',
    description:
      'Solo rutas en estado available, con recogida y destino confirmados (el destino es una solicitud publicada). ' +
      'Nunca incluye el contacto privado del voluntario. canManage es siempre false.',
    // The document has always described the slug in these words, without the schema's example.
    parameterOverrides: {
      emergencia: {
        description: 'Identificador de la emergencia (slug).',
        schema: { type: 'string', pattern: slugPattern.source },
      },
    },
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
  }),
});
