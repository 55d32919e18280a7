// aid-places 0.1 (SPEC 4.7): the manifest at /.well-known/aid-places and the GeoJSON feed of collection centres.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod';
import type { Context } from '../../../context.ts';
import { placesFeedRoute, placesManifestRoute } from '../../../contract/routes/places.ts';
import { placesFeed, placesManifest } from '../../../queries/places.ts';
import { GEOJSON_MEDIA_TYPE } from '../../../schemas/places.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';
import type { CachedResponse, ResponseCache } from '../../response-cache.ts';
import { cachedRead } from './cached-read.ts';

/** Last-Modified of a cached feed: its latest updatedAt, read once per cached body. */
const lastModifiedOf = new WeakMap<CachedResponse, number | null>();

/** The one field of a cached feed that Last-Modified needs. */
const feedDates = z.object({ features: z.array(z.object({ properties: z.object({ updatedAt: z.string() }) })) });

function lastModified(cached: CachedResponse): number | null {
  if (lastModifiedOf.has(cached)) return lastModifiedOf.get(cached) ?? null;
  const { features } = feedDates.parse(JSON.parse(cached.body.toString('utf8')));
  const latest = features.reduce<number | null>((max, f) => {
    const at = Date.parse(f.properties.updatedAt);
    return max === null || at > max ? at : max;
  }, null);
  // HTTP dates have whole seconds: compare and send the same precision.
  const seconds = latest === null ? null : Math.floor(latest / 1000) * 1000;
  lastModifiedOf.set(cached, seconds);
  return seconds;
}

/** RFC 9110 13.1.2: weak comparison; If-Modified-Since counts only without If-None-Match. */
function notModified(request: FastifyRequest, etag: string, modified: number | null): boolean {
  const match = request.headers['if-none-match'];
  if (match !== undefined) {
    const tags = match.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
    return tags.includes('*') || tags.includes(etag);
  }
  const since = request.headers['if-modified-since'];
  if (since === undefined || modified === null) return false;
  const sinceMs = Date.parse(since);
  return Number.isFinite(sinceMs) && modified <= sinceMs;
}

function sendGeoJson(request: FastifyRequest, reply: FastifyReply, cached: CachedResponse): FastifyReply {
  const modified = lastModified(cached);
  reply.header('etag', cached.etag).header('cache-control', 'no-cache');
  if (modified !== null) reply.header('last-modified', new Date(modified).toUTCString());
  if (notModified(request, cached.etag, modified)) return reply.code(304).send();
  return reply.header('content-type', `${GEOJSON_MEDIA_TYPE}; charset=utf-8`).send(cached.body);
}

export function placesRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters, cache: ResponseCache): void {
  const deps = { limiters, cache };
  cachedRead(app, placesManifestRoute, deps, () => placesManifest(ctx));
  cachedRead(app, placesFeedRoute, deps, async (query) => (await placesFeed(ctx, query.emergencia)).collection, {
    send: sendGeoJson,
  });
}
