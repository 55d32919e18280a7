// Response examples for the OpenAPI document, made by the real presenters so they cannot drift from responses.
import { emptyColumns } from '../commands/submission-fields.ts';
import { PUBLIC_COLUMNS, type PublicColumn } from '../db/column-roles.ts';
import { distanceKm } from '../domain/distance.ts';
import { publicPoint } from '../domain/public-place.ts';
import { csvDialect } from '../presenters/csv-text.ts';
import { presentDiscovery } from '../presenters/discovery.ts';
import { emergencyFields } from '../presenters/emergency.ts';
import { hxlCsvHead, hxlCsvLine, hxlObject } from '../presenters/hxl-row.ts';
import { presentInventoryCenter, presentInventoryLine } from '../presenters/inventory-line.ts';
import { presentCounts, presentQuantities, presentRoutes } from '../presenters/panorama.ts';
import { presentPlaceFeature, presentPlacesManifest } from '../presenters/place-feature.ts';
import { presentPublicHelp } from '../presenters/public-help.ts';
import { urls } from '../presenters/urls.ts';
import type { EmergencyRow } from '../repositories/emergencies.ts';
import type { CenterRow } from '../repositories/help-records/centers.ts';
import type { PublicHelpRow } from '../repositories/help-records/public.ts';
import type { InventoryLineRow } from '../repositories/inventory.ts';
import type { HxlRow } from '../schemas/hxl.ts';
import type { Inventario } from '../schemas/inventory.ts';
import type { PlaceFeatureCollection, PlacesManifest } from '../schemas/places.ts';
import type { Discovery, HelpList, Panorama } from '../schemas/public-help.ts';

const AT = '2026-05-10T14:32:00.000Z';
const SLUG = 'inundacion-mocoa-2026';
const ID = '0b6c7a9e-4f1d-4a51-9a34-2f9f0c1d2e11';
const SEARCH_POINT = { latitude: 1.146, longitude: -76.648 };

const emergencyRow: EmergencyRow = {
  id: 'e1',
  slug: SLUG,
  name: 'Inundación del río Mocoa 2026',
  status: 'active',
  latitude: 1.1466,
  longitude: -76.6475,
  created_at: '2026-05-09T22:00:00.000Z',
  closed_at: null,
  public_contact: null,
};

type Stored = typeof emptyColumns;
/** The columns a public read loads (db/column-roles.ts), empty: never the emergency's id or the identity document. */
const publicColumns = Object.fromEntries(
  Object.entries(emptyColumns).filter(([column]) => (PUBLIC_COLUMNS as readonly string[]).includes(column)),
) as Pick<Stored, PublicColumn & keyof Stored>;

const row: PublicHelpRow = {
  // A request: the columns only offers fill are empty.
  ...publicColumns,
  id: ID,
  emergency_slug: SLUG,
  emergency_name: 'Inundación del río Mocoa 2026',
  emergency_status: 'active',
  type: 'request',
  review_status: 'approved',
  status: 'active',
  // Sent by WhatsApp, through its conversation.
  arrived_by: 'whatsapp',
  title: 'Agua potable para 6 familias',
  description: 'Estamos aislados por el río, sin agua desde ayer.',
  category: 'agua',
  urgency: 'urgent',
  contact_name: 'María Fernanda Rojas',
  contact_whatsapp: '+573001234567',
  // An approximate request, as public reads load it: the street is not read, the point is snapped when shown.
  address: null,
  neighborhood: 'San Miguel',
  latitude: 1.1478,
  longitude: -76.6476,
  exact_location: 0,
  municipality_code: '86001',
  people: 24,
  people_given: 1,
  resource_label: 'Bidones de agua de 20 litros',
  quantity_required: 30,
  quantity_covered: 12,
  quantity_committed: 10,
  pledges_open: 1,
  unit: 'bidones',
  priority_score: 74.3,
  created_at: '2026-05-10T09:15:00.000Z',
  updated_at: AT,
  reviewed_at: '2026-05-10T09:40:00.000Z',
  published_at: '2026-05-10T09:40:00.000Z',
  confirmed_at: '2026-05-10T09:40:00.000Z',
  confirmation_state: 'current',
};

const timeline = [
  {
    id: 't1',
    help_id: ID,
    kind: 'submitted',
    is_public: 1,
    note: null,
    status: 'active',
    actor: null,
    created_at: row.created_at,
  },
  {
    id: 't2',
    help_id: ID,
    kind: 'approved',
    is_public: 1,
    note: null,
    status: 'active',
    actor: null,
    created_at: row.published_at as string,
  },
  {
    id: 't3',
    help_id: ID,
    kind: 'coverage_updated',
    is_public: 1,
    note: 'Llegaron 12 bidones de la Cruz Roja',
    status: null,
    actor: null,
    created_at: AT,
  },
  {
    id: 't4',
    help_id: ID,
    kind: 'pledged',
    is_public: 1,
    note: null,
    status: null,
    actor: null,
    created_at: AT,
    quantity: 10,
  },
];

export function responseExamples(base: string): {
  discovery: Discovery;
  panorama: Panorama;
  list: HelpList;
  detail: unknown;
} {
  // The list example searches near SEARCH_POINT: its distance, like the radius, is measured to the public point.
  const shown = publicPoint(row);
  const km = distanceKm(
    SEARCH_POINT.latitude,
    SEARCH_POINT.longitude,
    shown.latitude as number,
    shown.longitude as number,
  );
  const item = presentPublicHelp(row, { baseUrl: base, timeline, availableRoutes: 1, distanceKm: km });
  const counts = presentCounts(
    [
      { emergency_id: 'e1', type: 'request', status: 'active', urgency: 'urgent', centre: 0, n: 28 },
      { emergency_id: 'e1', type: 'request', status: 'active', urgency: 'needed', centre: 0, n: 82 },
      { emergency_id: 'e1', type: 'offer', status: 'active', urgency: 'stable', centre: 1, n: 5 },
    ],
    [
      { emergency_id: 'e1', type: 'request', category: 'agua', n: 31 },
      { emergency_id: 'e1', type: 'offer', category: 'acopio', n: 5 },
    ],
  );
  const quantities = presentQuantities([
    { emergency_id: 'e1', category: 'agua', unit: 'bidones', required: 420, covered: 180, pending: 240, n: 19 },
  ]);
  const routes = presentRoutes(
    new Map([
      ['available', 3],
      ['in_transit', 1],
    ]),
  );
  const emergency = emergencyFields(emergencyRow);
  return {
    discovery: presentDiscovery(base, { submissionsPerMinute: 60, readsPerMinute: 600, bodyLimitBytes: 32768 }, [
      emergencyRow,
    ]),
    panorama: {
      generatedAt: AT,
      emergencies: [
        {
          ...emergency,
          counts,
          quantities,
          routes,
          urgentNeeds: [
            {
              id: ID,
              title: row.title,
              category: 'agua',
              priorityScore: row.priority_score,
              publicUrl: item.publicUrl,
            },
          ],
          links: { list: urls.api(base, { view: 'list', emergencySlug: SLUG }), page: urls.emergencyPage(base, SLUG) },
        },
      ],
      counts,
      quantities,
      routes,
    },
    list: {
      generatedAt: AT,
      total: 1,
      returned: 1,
      filters: {
        emergencySlug: SLUG,
        type: 'all',
        status: 'active',
        category: 'agua',
        priority: 'all',
        q: 'agua',
        latitude: SEARCH_POINT.latitude,
        longitude: SEARCH_POINT.longitude,
        radiusKm: 5,
        logistics: false,
        capacity: null,
        limit: 50,
        municipalityCode: null,
        commitment: 'all',
        confirmation: 'not_expired',
      },
      items: [item],
      nextCursor: null,
    },
    detail: { generatedAt: AT, item },
  };
}

/** The request of the other examples as each HXL export writes it. */
export function exportExamples(base: string): { csv: string; json: HxlRow[] } {
  const item = presentPublicHelp(row, { baseUrl: base, timeline, availableRoutes: 1 });
  const standard = csvDialect(false);
  return { csv: hxlCsvHead(standard) + hxlCsvLine(item, standard), json: [hxlObject(item)] };
}

const centers: CenterRow[] = [
  {
    id: '7d3f1c52-8a1e-4b6f-9c0d-5e2a4b7c9f01',
    emergency_id: 'e1',
    emergency_slug: SLUG,
    title: 'Centro de acopio Coliseo Municipal',
    address: 'Coliseo Municipal, Avenida 17 # 9-40',
    latitude: 1.1521,
    longitude: -76.6513,
    collection_center_status: 'needs_resources',
    updated_at: '2026-05-09T20:00:00.000Z',
  },
  {
    id: '2c9e4a77-1b3d-4f58-8e6a-0d4c2b9a7e13',
    emergency_id: 'e1',
    emergency_slug: SLUG,
    title: 'Parroquia San Miguel',
    address: null,
    latitude: 1.1449,
    longitude: -76.6461,
    collection_center_status: 'needs_volunteers',
    updated_at: '2026-05-09T18:00:00.000Z',
  },
];

function line(
  id: string,
  center: CenterRow,
  fields: Pick<InventoryLineRow, 'kind' | 'category' | 'quantity' | 'unit' | 'note' | 'updated_at'>,
): InventoryLineRow {
  return { id, emergency_id: 'e1', center_id: center.id, created_at: '2026-05-09T20:00:00.000Z', ...fields };
}

const [coliseo, parroquia] = centers as [CenterRow, CenterRow];
const lines = {
  coliseoWater: line('5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', coliseo, {
    kind: 'have',
    category: 'agua',
    quantity: 120,
    unit: 'bidones de 20 L',
    note: '',
    updated_at: '2026-05-10T12:02:00.000Z',
  }),
  coliseoNappies: line('6b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e', coliseo, {
    kind: 'need',
    category: 'panales',
    quantity: 300,
    unit: 'paquetes',
    note: 'Tallas 3 y 4',
    updated_at: '2026-05-10T09:30:00.000Z',
  }),
  parroquiaWater: line('7c3d4e5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f', parroquia, {
    kind: 'have',
    category: 'agua',
    quantity: 40,
    unit: 'bidones de 20 L',
    note: 'Puede que ya se haya repartido',
    updated_at: '2026-05-09T07:00:00.000Z',
  }),
};

/** GET /api/public/v1/inventario: grouped by centre, and with categoria=agua (stock filled). */
export function inventoryExamples(): { porCentro: Inventario; conCategoria: Inventario } {
  const now = new Date(Date.parse(AT));
  const present = (row: InventoryLineRow) => presentInventoryLine(row, now);
  return {
    porCentro: {
      emergencySlug: SLUG,
      category: null,
      stock: [],
      centers: [
        presentInventoryCenter(coliseo, [present(lines.coliseoWater), present(lines.coliseoNappies)]),
        presentInventoryCenter(parroquia, [present(lines.parroquiaWater)]),
      ],
    },
    conCategoria: {
      emergencySlug: SLUG,
      category: 'agua',
      stock: [present(lines.coliseoWater), present(lines.parroquiaWater)],
      centers: [
        presentInventoryCenter(coliseo, [present(lines.coliseoWater)]),
        presentInventoryCenter(parroquia, [present(lines.parroquiaWater)]),
      ],
    },
  };
}

/** The aid-places manifest and feed. */
export function placesExamples(base: string): { manifest: PlacesManifest; feed: PlaceFeatureCollection } {
  const summary = (row: InventoryLineRow) => ({
    center_id: row.center_id,
    kind: row.kind,
    category: row.category,
    updated_at: row.updated_at,
  });
  const feed: PlaceFeatureCollection = {
    type: 'FeatureCollection',
    features: [
      presentPlaceFeature(coliseo, [summary(lines.coliseoWater), summary(lines.coliseoNappies)], base),
      presentPlaceFeature(parroquia, [summary(lines.parroquiaWater)], base),
    ],
  };
  return { manifest: presentPlacesManifest(base, [emergencyRow], lines.coliseoWater.updated_at), feed };
}
