// Rows -> aid-places 0.1 shapes: a centre as a GeoJSON Point feature, and the manifest pointing to the feeds (and the
// HXL exports of the records).
// Fields are copied one by one from place columns only; the centre's contact is never read.
import { type Category, categories } from '../domain/categories.ts';
import { type CollectionCenterStatus, collectionCenterStatusLabels } from '../domain/statuses.ts';
import type { EmergencyRow } from '../repositories/emergencies.ts';
import type { CenterRow } from '../repositories/help-records/centers.ts';
import type { LineSummaryRow } from '../repositories/inventory.ts';
import { HXL_CSV_MEDIA_TYPE, HXL_LICENSE } from '../schemas/hxl.ts';
import {
  GEOJSON_MEDIA_TYPE,
  PLACES_PROTOCOL,
  PLACES_VERSION,
  type PlaceFeature,
  type PlacesManifest,
} from '../schemas/places.ts';
import { urls } from './urls.ts';

/** Distinct categories in the order of SPEC 2.1, so the same inventory always gives the same bytes (ETag). */
function categoriesOf(lines: LineSummaryRow[], kind: LineSummaryRow['kind']): Category[] {
  const present = new Set(lines.filter((line) => line.kind === kind).map((line) => line.category));
  return categories.filter((category) => present.has(category));
}

/** center must have coordinates; lines: its per-category summaries. */
export function presentPlaceFeature(center: CenterRow, lines: LineSummaryRow[], base: string): PlaceFeature {
  const status = center.collection_center_status as CollectionCenterStatus;
  const updatedAt = lines.reduce(
    (latest, line) => (line.updated_at > latest ? line.updated_at : latest),
    center.updated_at,
  );
  return {
    type: 'Feature',
    id: center.id,
    geometry: { type: 'Point', coordinates: [Number(center.longitude), Number(center.latitude)] },
    properties: {
      id: center.id,
      name: center.title,
      emergencySlug: center.emergency_slug,
      status,
      statusLabel: collectionCenterStatusLabels[status] ?? status,
      address: center.address ?? null,
      categoriesHave: categoriesOf(lines, 'have'),
      categoriesNeed: categoriesOf(lines, 'need'),
      updatedAt,
      url: urls.help(base, center.id),
      inventoryUrl: urls.inventory(base, center.emergency_slug),
    },
  };
}

export function placesFeedUrl(base: string, emergencySlug?: string): string {
  return emergencySlug
    ? `${urls.places(base)}?${new URLSearchParams({ emergencia: emergencySlug })}`
    : urls.places(base);
}

/** The HXL exports of every active emergency together, then of each one, in CSV and JSON. */
function exportsOf(base: string, active: EmergencyRow[]): NonNullable<PlacesManifest['exports']> {
  const license = { identifier: HXL_LICENSE.identifier, url: HXL_LICENSE.url };
  const scopes = [
    { slug: null, what: 'todas las emergencias activas' },
    ...active.map((emergency) => ({ slug: emergency.slug, what: `la emergencia «${emergency.name}»` })),
  ];
  return scopes.flatMap(({ slug, what }) =>
    (['csv', 'json'] as const).map((format) => ({
      url: urls.hxlExport(base, format, slug ?? undefined),
      type: format === 'csv' ? HXL_CSV_MEDIA_TYPE : 'application/json',
      format: 'hxl' as const,
      emergencySlug: slug,
      description:
        `Solicitudes y ofrecimientos publicados y activos de ${what}, en HXL ${format.toUpperCase()}; acepta los ` +
        'filtros de la lista (status=all: también los en proceso y completados).',
      license,
    })),
  );
}

export function presentPlacesManifest(base: string, active: EmergencyRow[], updatedAt: string | null): PlacesManifest {
  return {
    protocol: PLACES_PROTOCOL,
    version: PLACES_VERSION,
    publisher: { name: 'Ayuda Directa', url: base },
    feeds: [
      {
        url: placesFeedUrl(base),
        type: GEOJSON_MEDIA_TYPE,
        description: 'Centros de acopio publicados de todas las emergencias activas.',
      },
      ...active.map((emergency) => ({
        url: placesFeedUrl(base, emergency.slug),
        type: GEOJSON_MEDIA_TYPE,
        description: `Centros de acopio publicados de la emergencia «${emergency.name}».`,
      })),
    ],
    license: {
      name: 'Creative Commons Atribución 4.0 Internacional',
      identifier: 'CC-BY-4.0',
      url: 'https://creativecommons.org/licenses/by/4.0/',
    },
    privacy: {
      es:
        'El feed solo describe lugares: centros de acopio revisados y publicados por el equipo de cada emergencia. ' +
        'No contiene nombres, teléfonos ni ningún otro dato de personas.',
      en:
        'The feed describes places only: collection centres reviewed and published by each emergency team. ' +
        'It carries no names, phone numbers or any other data about persons.',
    },
    updatedAt,
    updates: {
      es:
        'Cada feed responde con ETag y Last-Modified: envíe If-None-Match o If-Modified-Since y recibirá 304 ' +
        'si nada cambió. Cada lugar trae updatedAt.',
      en:
        'Every feed answers with ETag and Last-Modified: send If-None-Match or If-Modified-Since to get 304 ' +
        'when nothing changed. Every place carries updatedAt.',
    },
    exports: exportsOf(base, active),
  };
}
