// GET /api/public/v1/map-points: the public points of every record a list's filters select, for a map.
import { mapPointsQuery } from '../../schemas/help-query.ts';
import type { MapPoints } from '../../schemas/public-help.ts';
import { errorResponse, etagHeaders, notModified, rateLimitHeaders, ref, tooMany } from '../openapi-parts.ts';
import { declareRoute } from '../route-declaration.ts';

const example: MapPoints = {
  generatedAt: '2026-05-10T15:00:00.000Z',
  total: 2,
  clustered: false,
  points: [
    {
      id: '0b9c2f4e-5d1a-4c8e-9f3b-2a7d6e1c4b58',
      latitude: 1.14885,
      longitude: -76.64715,
      precision: 'approximate',
      type: 'request',
      category: 'agua',
      urgency: 'urgent',
    },
    {
      id: '7d3f1c52-8a1e-4b6f-9c0d-5e2a4b7c9f01',
      latitude: 1.15,
      longitude: -76.65,
      precision: 'exact',
      type: 'offer',
      category: 'acopio',
      urgency: 'needed',
    },
  ],
  clusters: [],
};

const clusteredExample: MapPoints = {
  generatedAt: '2026-05-10T15:00:00.000Z',
  total: 5214,
  clustered: true,
  points: [
    {
      id: '7d3f1c52-8a1e-4b6f-9c0d-5e2a4b7c9f01',
      latitude: 1.15,
      longitude: -76.65,
      precision: 'exact',
      type: 'offer',
      category: 'acopio',
      urgency: 'needed',
    },
  ],
  clusters: [
    { latitude: 1.147931, longitude: -76.646902, count: 4120 },
    { latitude: 1.06114, longitude: -76.55288, count: 1093 },
  ],
};

export const mapPointsRoute = declareRoute({
  method: 'get',
  path: '/api/public/v1/map-points',
  query: mapPointsQuery,
  operation: () => ({
    operationId: 'getMapPoints',
    tags: ['ayudas'],
    summary: 'Puntos públicos de los registros que cumplen los filtros, para un mapa.',
    description:
      'Los mismos filtros que view=list (sin límite ni orden) y bbox, el área visible del mapa. Solo registros ' +
      'aprobados con lugar, en su punto público: las solicitudes aproximadas en el centro de su celda de unos ' +
      '300 m, nunca en el punto enviado. Hasta 3000 puntos llegan uno a uno (clustered false); con más, los ' +
      'puntos cercanos se agrupan por celdas de una cuadrícula (clusters: cantidad y centro) y una celda con un ' +
      'solo registro lo trae en points. El detalle de cada punto: view=detail&id=. Respuestas con ETag.',
    responses: {
      '200': {
        description: 'Los puntos (y los grupos, si eran demasiados).',
        headers: { ...etagHeaders, ...rateLimitHeaders },
        content: {
          'application/json': {
            schema: ref('MapPoints'),
            examples: {
              points: { summary: 'Pocos registros: todos los puntos', value: example },
              clusters: { summary: 'Más de 3000: grupos por celda', value: clusteredExample },
            },
          },
        },
      },
      '304': notModified,
      '400': errorResponse(400, 'Filtros no válidos (details indica cada parámetro).', [
        'invalid_query',
        'unknown_emergency',
      ]),
      '429': tooMany,
    },
  }),
});
