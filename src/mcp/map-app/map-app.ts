// The MCP App resource that shows buscar_ayudas results on a map: its ui:// address, the resources/read entry with
// the CSP a host applies (the tile server only), and the tool _meta that tells hosts to render it.
import type { McpUiResourceMeta, McpUiToolMeta } from '@modelcontextprotocol/ext-apps';
import { RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps/server';
import { MAP_APP_URI } from '../catalogue.ts';
import { mapAppHtml } from './map-app-html.ts';

export { MAP_APP_URI, RESOURCE_MIME_TYPE };

/**
 * The origin the tiles come from, as a CSP source. A `{s}` (or any placeholder) in the host becomes the
 * `https://*.example.com` wildcard the ext-apps CSP accepts, covering every subdomain Leaflet may pick.
 */
export function tileHost(tileUrl: string): string {
  const match = /^(https?):\/\/([^/?#@]+)(?:[/?#]|$)/i.exec(tileUrl);
  if (!match) throw new Error(`not an http(s) tile URL: ${tileUrl}`);
  const authority = match[2]!;
  // Placeholders become a plain letter so URL can parse and normalise the host (case, default port).
  const url = new URL(`${match[1]}://${authority.replace(/\{[^{}]*\}/g, 'x')}`);
  const labels = url.hostname.split('.');
  const hostLabels = authority.replace(/:\d+$/, '').split('.');
  const lastPlaceholder = hostLabels.findLastIndex((label) => label.includes('{'));
  if (lastPlaceholder >= 0) {
    const rest = labels.slice(lastPlaceholder + 1);
    if (rest.length < 2) throw new Error(`tile host too broad for a CSP wildcard: ${tileUrl}`);
    labels.splice(0, lastPlaceholder + 1, '*');
  }
  return `${url.protocol}//${labels.join('.')}${url.port ? `:${url.port}` : ''}`;
}

export interface MapAppContents {
  uri: string;
  mimeType: string;
  text: string;
  _meta: {
    ui: {
      csp: { resourceDomains: string[]; connectDomains: string[] };
      prefersBorder: boolean;
    };
  };
}

/** The resources/read entry: the page, and a CSP that lets it reach the tile server and nothing else. */
export function mapAppContents(tileUrl: string): MapAppContents {
  return {
    uri: MAP_APP_URI,
    mimeType: RESOURCE_MIME_TYPE,
    text: mapAppHtml(tileUrl),
    _meta: {
      ui: {
        csp: { resourceDomains: [tileHost(tileUrl)], connectDomains: [] },
        prefersBorder: true,
      } satisfies McpUiResourceMeta,
    },
  };
}

/**
 * The _meta of the buscar_ayudas declaration, as registerAppTool writes it: `ui.resourceUri`, and the older
 * `ui/resourceUri` key that earlier hosts still read.
 */
export function mapAppToolMeta(): { ui: { resourceUri: string }; [RESOURCE_URI_META_KEY]: string } {
  return { ui: { resourceUri: MAP_APP_URI } satisfies McpUiToolMeta, [RESOURCE_URI_META_KEY]: MAP_APP_URI };
}
