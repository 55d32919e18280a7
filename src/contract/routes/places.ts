// aid-places (SPEC 4.7): the manifest at /.well-known/aid-places and the GeoJSON feed of collection centres.
import {
  GEOJSON_MEDIA_TYPE,
  manifestQuery,
  PLACES_PROTOCOL,
  PLACES_VERSION,
  placesQuery,
} from '../../schemas/places.ts';
import { placesExamples } from '../openapi-examples.ts';
import {
  errorResponse,
  etagHeaders,
  internalError,
  notModified,
  rateLimitHeaders,
  ref,
  tooMany,
} from '../openapi-parts.ts';
import { declareRoute } from '../route-declaration.ts';

export const placesManifestRoute = declareRoute({
  method: 'get',
  path: '/.well-known/aid-places',
  query: manifestQuery,
  operation: ({ baseUrl }) => ({
    operationId: 'getAidPlacesManifest',
    tags: ['lugares'],
    summary: `Manifiesto ${PLACES_PROTOCOL} ${PLACES_VERSION}: editor, feeds, licencia y nota de privacidad.`,
    description:
      'Dice quién publica, dónde están los feeds GeoJSON (el de todas las emergencias activas y uno por emergencia ' +
      'activa), con qué licencia, qué datos llevan y cómo saber si cambiaron. No admite parámetros.',
    responses: {
      '200': {
        description: 'El manifiesto.',
        headers: { ...etagHeaders, ...rateLimitHeaders },
        content: {
          'application/json': { schema: ref('AidPlacesManifest'), example: placesExamples(baseUrl).manifest },
        },
      },
      '304': notModified,
      '400': errorResponse(400, 'El manifiesto no admite parámetros.', ['invalid_query']),
      '429': tooMany,
      '500': internalError,
    },
  }),
});

export const placesFeedRoute = declareRoute({
  method: 'get',
  path: '/api/aid-places/places',
  query: placesQuery,
  operation: ({ baseUrl }) => ({
    operationId: 'getAidPlaces',
    tags: ['lugares'],
    summary: 'Centros de acopio publicados con ubicación, como GeoJSON (RFC 7946).',
    description:
      'Un Feature Point por centro, con coordinates [longitud, latitud]. Sin datos de personas: ni nombres ni teléfonos. ' +
      'Sin emergencia, los centros de todas las emergencias activas. Peticiones condicionales: If-None-Match (ETag) ' +
      'o If-Modified-Since (Last-Modified = el updatedAt más reciente) -> 304 si nada cambió.',
    responses: {
      '200': {
        description: 'El feed.',
        headers: {
          ...etagHeaders,
          'Last-Modified': {
            description: 'El updatedAt más reciente de los lugares (fecha HTTP); ausente si no hay ninguno.',
            schema: { type: 'string' },
          },
          ...rateLimitHeaders,
        },
        content: {
          [GEOJSON_MEDIA_TYPE]: { schema: ref('PlaceFeatureCollection'), example: placesExamples(baseUrl).feed },
        },
      },
      '304': { description: 'Sin cambios según If-None-Match o If-Modified-Since.' },
      '400': errorResponse(400, 'Parámetros no válidos, repetidos o desconocidos, o emergencia desconocida.', [
        'invalid_query',
        'unknown_emergency',
      ]),
      '429': tooMany,
      '500': internalError,
    },
  }),
});
