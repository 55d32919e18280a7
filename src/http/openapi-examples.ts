// Response examples for the OpenAPI document, made by the real presenters so they cannot drift from responses.
import { presentDiscovery } from '../presenters/discovery.ts';
import { emergencyFields } from '../presenters/emergency.ts';
import { presentCounts, presentQuantities, presentRoutes } from '../presenters/panorama.ts';
import { presentPublicHelp } from '../presenters/public-help.ts';
import { urls } from '../presenters/urls.ts';
import type { EmergencyRow } from '../repositories/emergencies.ts';
import type { PublicHelpRow } from '../repositories/help-records.ts';
import type { Discovery, HelpList, Panorama } from '../schemas/public-help.ts';

const AT = '2026-05-10T14:32:00.000Z';
const SLUG = 'inundacion-mocoa-2026';
const ID = '0b6c7a9e-4f1d-4a51-9a34-2f9f0c1d2e11';

const emergencyRow: EmergencyRow = {
  id: 'e1',
  slug: SLUG,
  name: 'Inundación del río Mocoa 2026',
  status: 'active',
  latitude: 1.1466,
  longitude: -76.6475,
  created_at: '2026-05-09T22:00:00.000Z',
  closed_at: null,
};

const row: PublicHelpRow = {
  id: ID,
  emergency_slug: SLUG,
  emergency_name: 'Inundación del río Mocoa 2026',
  emergency_status: 'active',
  type: 'request',
  review_status: 'approved',
  status: 'active',
  title: 'Agua potable para 6 familias',
  description: 'Estamos aislados por el río, sin agua desde ayer.',
  category: 'agua',
  urgency: 'urgent',
  contact_name: 'María Fernanda Rojas',
  contact_whatsapp: '+573001234567',
  address: 'Calle 8 # 5-21, junto a la escuela',
  neighborhood: 'San Miguel',
  latitude: 1.1478,
  longitude: -76.6476,
  people: 24,
  resource_label: 'Bidones de agua de 20 litros',
  quantity_required: 30,
  quantity_covered: 12,
  unit: 'bidones',
  collection_center_status: null,
  vehicle: null,
  capacity_kg: null,
  capacity_boxes: null,
  passenger_capacity: null,
  zones: null,
  available_until: null,
  needs_transport: null,
  priority_score: 74.3,
  created_at: '2026-05-10T09:15:00.000Z',
  updated_at: AT,
  reviewed_at: '2026-05-10T09:40:00.000Z',
  published_at: '2026-05-10T09:40:00.000Z',
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
];

export function responseExamples(base: string): {
  discovery: Discovery;
  panorama: Panorama;
  list: HelpList;
  detail: unknown;
} {
  const item = presentPublicHelp(row, { baseUrl: base, timeline, availableRoutes: 1, distanceKm: 0.21 });
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
        latitude: 1.146,
        longitude: -76.648,
        radiusKm: 5,
        logistics: false,
        capacity: null,
        limit: 50,
      },
      items: [item],
    },
    detail: { generatedAt: AT, item },
  };
}
