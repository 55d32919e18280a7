// aid-places 0.1 reads: the feed of published collection centres with a place, and the manifest.
import type { Context } from '../context.ts';
import { presentPlaceFeature, presentPlacesManifest } from '../presenters/place-feature.ts';
import { listEmergencies } from '../repositories/emergencies.ts';
import { centersOf } from '../repositories/help-records/centers.ts';
import { type LineSummaryRow, lineSummaries } from '../repositories/inventory.ts';
import type { PlaceFeatureCollection, PlacesManifest } from '../schemas/places.ts';
import { emergencyScope } from './emergency-scope.ts';

export interface PlacesFeed {
  collection: PlaceFeatureCollection;
  /** The latest updatedAt of any place (ISO), or null when there is none: the feed's Last-Modified. */
  lastModified: string | null;
}

/** emergencySlug: one emergency (400 unknown_emergency if there is none); absent: every active emergency. */
export async function placesFeed(ctx: Context, emergencySlug?: string): Promise<PlacesFeed> {
  const scope = await emergencyScope(ctx.db, emergencySlug, 'emergencia');
  const centers = await centersOf(
    ctx.db,
    scope.map((e) => e.id),
    true,
  );
  const summaries = await lineSummaries(
    ctx.db,
    centers.map((c) => c.id),
  );
  const byCenter = new Map<string, LineSummaryRow[]>();
  for (const row of summaries) byCenter.set(row.center_id, [...(byCenter.get(row.center_id) ?? []), row]);
  const base = ctx.config.baseUrl;
  const features = centers.map((center) => presentPlaceFeature(center, byCenter.get(center.id) ?? [], base));
  const lastModified = features.reduce<string | null>(
    (latest, f) => (latest === null || f.properties.updatedAt > latest ? f.properties.updatedAt : latest),
    null,
  );
  return { collection: { type: 'FeatureCollection', features }, lastModified };
}

export async function placesManifest(ctx: Context): Promise<PlacesManifest> {
  const [active, feed] = await Promise.all([listEmergencies(ctx.db, true), placesFeed(ctx)]);
  return presentPlacesManifest(ctx.config.baseUrl, active, feed.lastModified);
}
