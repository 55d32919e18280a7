// aid-places 0.1 (SPEC 4.7, DESIGN.md "Place-sharing protocol"): the manifest and the GeoJSON feed of
// collection centres. Places only: no field about a person exists in these shapes.
import * as z from 'zod';
import { categories } from '../domain/categories.ts';
import { collectionCenterStatuses } from '../domain/statuses.ts';
import { emergencySlug, isoDateTime } from './common.ts';
import { HXL_CSV_MEDIA_TYPE } from './hxl.ts';

export const PLACES_PROTOCOL = 'aid-places';
export const PLACES_VERSION = '0.1';
export const GEOJSON_MEDIA_TYPE = 'application/geo+json' as const;

/** GET /api/aid-places/places query. */
export const placesQuery = z.strictObject({
  emergencia: emergencySlug
    .optional()
    .describe('Solo los centros de esta emergencia (slug); sin él, los de todas las emergencias activas.'),
});
export type PlacesQuery = z.output<typeof placesQuery>;

/** The manifest takes no parameters; any is refused like on every public read. */
export const manifestQuery = z.strictObject({});

export const placeProperties = z
  .object({
    id: z.uuid().describe('Id del centro (el del registro publicado).'),
    name: z.string().describe('Nombre público del centro.'),
    emergencySlug: z.string(),
    status: z.enum(collectionCenterStatuses),
    statusLabel: z.string().describe('Estado en español.'),
    address: z.string().nullable().describe('Dirección del lugar, si la dio.'),
    categoriesHave: z.array(z.enum(categories)).describe('Categorías de las que el centro declara tener algo.'),
    categoriesNeed: z.array(z.enum(categories)).describe('Categorías que el centro declara necesitar.'),
    updatedAt: isoDateTime.describe('Último cambio del centro o de su inventario.'),
    url: z.url().describe('Página pública del centro.'),
    inventoryUrl: z.url().describe('Inventario de la emergencia en la API (cantidades, unidades y antigüedad).'),
  })
  .meta({ id: 'PlaceProperties', description: 'Datos del lugar; ninguno sobre personas.' });

export const placeFeature = z
  .object({
    type: z.literal('Feature'),
    id: z.uuid(),
    geometry: z.object({
      type: z.literal('Point'),
      coordinates: z
        .tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)])
        .describe('[longitud, latitud] WGS84, en ese orden (RFC 7946).')
        // Same meaning as the tuple's "items: false" (maxItems 2 leaves no further item), but tools need an items schema.
        .meta({ items: { type: 'number' } }),
    }),
    properties: placeProperties,
  })
  .meta({ id: 'PlaceFeature', description: 'Un centro de acopio publicado con ubicación.' });

export const placeFeatureCollection = z
  .object({
    type: z.literal('FeatureCollection'),
    features: z.array(placeFeature),
  })
  .meta({
    id: 'PlaceFeatureCollection',
    description: 'GeoJSON (RFC 7946) de los centros de acopio publicados que tienen ubicación.',
  });

const bilingual = z.object({ es: z.string(), en: z.string() });

export const placesManifest = z
  .object({
    protocol: z.literal(PLACES_PROTOCOL),
    version: z.literal(PLACES_VERSION),
    publisher: z.object({ name: z.string(), url: z.url() }),
    feeds: z
      .array(
        z.object({
          url: z.url(),
          type: z.literal(GEOJSON_MEDIA_TYPE),
          description: z.string(),
        }),
      )
      .describe('El primero reúne todas las emergencias activas; luego uno por emergencia activa.'),
    license: z.object({ name: z.string(), identifier: z.string(), url: z.url() }),
    privacy: bilingual.describe('Qué datos lleva el feed: lugares, nunca personas.'),
    updatedAt: isoDateTime.nullable().describe('Último cambio en el feed de todas las emergencias activas.'),
    updates: bilingual.describe('Cómo saber si el feed cambió sin descargarlo de nuevo.'),
    exports: z
      .array(
        z.object({
          url: z.url(),
          type: z.enum([HXL_CSV_MEDIA_TYPE, 'application/json']),
          format: z.literal('hxl').describe('HXL 1.1 (Humanitarian Exchange Language): columnas con hashtags.'),
          emergencySlug: z.string().nullable().describe('La emergencia exportada; null: todas las activas.'),
          description: z.string(),
          license: z.object({ identifier: z.string(), url: z.url() }),
        }),
      )
      .optional()
      .describe(
        'Exportaciones HXL en CSV y JSON de las solicitudes y ofrecimientos publicados (sin teléfonos ni ' +
          'documentos): primero las de todas las emergencias activas, luego las de cada una. Aceptan los filtros ' +
          'de la lista (GET /api/public/v1/export.csv y export.json).',
      ),
  })
  .meta({ id: 'AidPlacesManifest', description: `Manifiesto ${PLACES_PROTOCOL} ${PLACES_VERSION}.` });

export type PlaceProperties = z.infer<typeof placeProperties>;
export type PlaceFeature = z.infer<typeof placeFeature>;
export type PlaceFeatureCollection = z.infer<typeof placeFeatureCollection>;
export type PlacesManifest = z.infer<typeof placesManifest>;
