// GET /api/public/v1/inventario (SPEC 4.4): the inventory of an emergency's collection centres.
import { inventoryQuery } from '../../schemas/inventory.ts';
import { inventoryExamples } from '../openapi-examples.ts';
import { errorResponse, etagHeaders, notModified, rateLimitHeaders, ref, tooMany } from '../openapi-parts.ts';
import { declareRoute } from '../route-declaration.ts';

export const inventoryRoute = declareRoute({
  method: 'get',
  path: '/api/public/v1/inventario',
  query: inventoryQuery,
  operation: () => ({
    operationId: 'getInventory',
    tags: ['inventario'],
    summary: 'Inventario de los centros de acopio de una emergencia, con unidad y antigüedad.',
    description:
      'Agrupado por centro publicado (los actualizados más recientemente primero; en cada uno, lo más reciente primero). ' +
      'Con categoria solo aparecen los centros y las líneas de esa categoría, y stock lista lo que cada centro tiene ' +
      'de ella, mayor cantidad primero: responde qué centros ya tienen ese artículo. ' +
      'hoursSinceUpdate y stale se calculan al responder: stale es true tras más de 24 horas sin actualizar. ' +
      'Sin emergencia se usa la única activa; si hay varias, 400 emergency_required (details.slugs las lista).',
    responses: {
      '200': {
        description: 'El inventario (SPEC 2.9).',
        headers: { ...etagHeaders, ...rateLimitHeaders },
        content: {
          'application/json': {
            schema: ref('Inventario'),
            examples: Object.fromEntries(Object.entries(inventoryExamples()).map(([name, value]) => [name, { value }])),
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
  }),
});
