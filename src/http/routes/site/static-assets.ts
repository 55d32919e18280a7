// /static/*: the site's own CSS and JavaScript and the map library, served from the package (no CDN).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { etagOf } from '../../../contract/cache-rules.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';

const require = createRequire(import.meta.url);
const leaflet = path.dirname(require.resolve('leaflet/dist/leaflet.js'));
const cluster = path.dirname(require.resolve('leaflet.markercluster/dist/leaflet.markercluster.js'));
const own = new URL('../../../views/site/assets/', import.meta.url).pathname;

const types = new Map([
  ['.css', 'text/css; charset=utf-8'],
  ['.js', 'text/javascript; charset=utf-8'],
  ['.png', 'image/png'],
  ['.svg', 'image/svg+xml'],
]);

/** Public name -> file. A fixed table (a Map, so a name such as "constructor" finds nothing): nothing outside it
 * can be asked for. */
const files = new Map<string, string>([
  ['leaflet/leaflet.js', path.join(leaflet, 'leaflet.js')],
  ['leaflet/leaflet.css', path.join(leaflet, 'leaflet.css')],
  ['leaflet/images/marker-icon.png', path.join(leaflet, 'images/marker-icon.png')],
  ['leaflet/images/marker-icon-2x.png', path.join(leaflet, 'images/marker-icon-2x.png')],
  ['leaflet/images/marker-shadow.png', path.join(leaflet, 'images/marker-shadow.png')],
  ['leaflet/images/layers.png', path.join(leaflet, 'images/layers.png')],
  ['leaflet/images/layers-2x.png', path.join(leaflet, 'images/layers-2x.png')],
  ['markercluster/leaflet.markercluster.js', path.join(cluster, 'leaflet.markercluster.js')],
  ['markercluster/MarkerCluster.css', path.join(cluster, 'MarkerCluster.css')],
  ['markercluster/MarkerCluster.Default.css', path.join(cluster, 'MarkerCluster.Default.css')],
]);

export function registerOwnAsset(name: string): void {
  files.set(name, path.join(own, name));
}

interface Asset {
  body: Buffer;
  type: string;
  etag: string;
}
const loaded = new Map<string, Asset>();

function asset(name: string): Asset | undefined {
  const cached = loaded.get(name);
  if (cached) return cached;
  const file = files.get(name);
  if (!file) return undefined;
  const body = readFileSync(file);
  const entry = { body, type: types.get(path.extname(file)) ?? 'application/octet-stream', etag: etagOf(body) };
  loaded.set(name, entry);
  return entry;
}

export function staticRoutes(app: FastifyInstance, limiters: Limiters): void {
  // The router fills the wildcard with the rest of the path.
  app.get<{ Params: { '*': string } }>('/static/*', { onRequest: limiters.reads }, async (request, reply) => {
    const found = asset(request.params['*']);
    if (!found) return reply.callNotFound();
    reply.header('etag', found.etag).header('cache-control', 'public, max-age=604800');
    if (request.headers['if-none-match'] === found.etag) return reply.code(304).send();
    return reply.header('content-type', found.type).send(found.body);
  });
}
