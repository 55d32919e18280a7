// Discovery (SPEC 2.8): what this service offers and where, so a client needs no other document to start.
import { bounds } from '../domain/bounds.ts';
import type { EmergencyRow } from '../repositories/emergencies.ts';
import type { Discovery } from '../schemas/public-help.ts';
import { emergencyFields } from './emergency.ts';
import { urls } from './urls.ts';

export const API_VERSION = '1.6.0';

export interface PublicLimits {
  submissionsPerMinute: number;
  readsPerMinute: number;
  bodyLimitBytes: number;
}

export const capabilities = [
  'discovery',
  'panorama',
  'search',
  'geo_search',
  'detail',
  'submit_request',
  'submit_offer',
  'idempotency',
  'inventory',
  'logistics',
  'aid_places',
  'mcp',
];

export function presentDiscovery(base: string, limits: PublicLimits, active: EmergencyRow[]): Discovery {
  return {
    name: 'Ayuda Directa',
    version: API_VERSION,
    public: true,
    documentation: urls.developers(base),
    openapi: urls.openapi(base),
    mcp: urls.mcp(base),
    views: {
      discovery: urls.api(base, { view: 'discovery' }),
      panorama: urls.api(base, { view: 'panorama' }),
      list: urls.api(base, { view: 'list' }),
      detail: `${urls.api(base, { view: 'detail' })}&id={id}`,
      inventory: urls.inventory(base),
      logistics: `${base}/api/logistics-operations?emergencia={emergencia}`,
      places: urls.places(base),
      submit: { method: 'POST', url: urls.api(base), contentType: 'application/json' },
    },
    capabilities,
    limits: {
      submissionsPerMinute: limits.submissionsPerMinute,
      readsPerMinute: limits.readsPerMinute,
      bodyBytes: limits.bodyLimitBytes,
      listLimitMax: bounds.limit.max,
      radiusKmMax: bounds.radiusKm.max,
    },
    emergencies: active.map((e) => ({
      ...emergencyFields(e),
      links: {
        panorama: urls.api(base, { view: 'panorama', emergencySlug: e.slug }),
        list: urls.api(base, { view: 'list', emergencySlug: e.slug }),
        inventory: urls.inventory(base, e.slug),
        logistics: urls.logistics(base, e.slug),
        page: urls.emergencyPage(base, e.slug),
      },
    })),
  };
}
