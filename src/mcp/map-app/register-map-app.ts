// The map App as an MCP resource: hosts that render MCP Apps (the ui:// extension) show buscar_ayudas results on
// it; others ignore it. The page is a fixed asset of this version (Leaflet and the App bridge inlined, no CDN), so
// it is not held to the per-answer cap, which bounds what a request can make the server build.
import type { McpServer } from '@modelcontextprotocol/server';
import type { Context } from '../../context.ts';
import { resourceCatalogue } from '../catalogue.ts';
import { MAP_APP_URI, mapAppContents, tileHost } from './map-app.ts';

/** Registers the App; false when the tile server cannot be named in a CSP (then no tool points at it). */
export function registerMapApp(server: McpServer, ctx: Context): boolean {
  try {
    tileHost(ctx.config.tileUrl);
  } catch {
    return false;
  }
  server.registerResource('mapa-de-ayudas', MAP_APP_URI, resourceCatalogue['mapa-de-ayudas'], () => ({
    contents: [mapAppContents(ctx.config.tileUrl)],
  }));
  return true;
}
