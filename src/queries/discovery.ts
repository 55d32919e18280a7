// Discovery (SPEC 2.8): what this service offers and where, so a client needs no other document to start.
import type { Context } from '../context.ts';
import { bounds } from '../domain/bounds.ts';
import { urls } from '../presenters/urls.ts';
import { listEmergencies } from '../repositories/emergencies.ts';
import type { Discovery } from '../schemas/public-help.ts';

export const API_VERSION = '1.6.0';

export async function discovery(ctx: Context): Promise<Discovery> {
  const base = ctx.config.baseUrl;
  const active = await listEmergencies(ctx.db, true);
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
    capabilities: [
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
    ],
    limits: {
      submissionsPerMinute: ctx.config.submissionsPerMinute,
      readsPerMinute: ctx.config.readsPerMinute,
      bodyBytes: ctx.config.bodyLimitBytes,
      listLimitMax: bounds.limit.max,
      radiusKmMax: bounds.radiusKm.max,
    },
    emergencies: active.map((e) => ({
      slug: e.slug,
      name: e.name,
      status: e.status,
      latitude: e.latitude,
      longitude: e.longitude,
      startedAt: e.created_at,
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
