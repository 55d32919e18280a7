// The server card of /mcp, built from the tool table and the catalogue the server registers, so it describes
// exactly the server that answers. No SDK here: the card is served without loading it.
import type { Config } from '../config.ts';
import { LEGACY_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSION } from '../contract/mcp-protocol.ts';
import { API_VERSION } from '../presenters/discovery.ts';
import { urls } from '../presenters/urls.ts';
import { SERVER_CARD_SCHEMA, type ServerCard } from '../schemas/server-card.ts';
import { MAP_APP_URI, promptCatalogue, resourceCatalogue, templateCatalogue } from './catalogue.ts';
import { aboutUri, openApiUri } from './resources.ts';
import { tools } from './tools.ts';

/** "ayuda.example.org" -> "org.example.ayuda": the namespace of this instance's card. */
function namespaceOf(baseUrl: string): string {
  const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '').replace(/[^a-zA-Z0-9.-]/g, '-');
  return host.split('.').reverse().join('.');
}

export function serverCard(config: Config): ServerCard {
  const name = `${namespaceOf(config.baseUrl)}/ayuda-directa`;
  const uris: Record<keyof typeof resourceCatalogue, string> = {
    openapi: openApiUri(config),
    acerca: aboutUri(config),
    'centros-de-acopio': urls.places(config.baseUrl),
    'mapa-de-ayudas': MAP_APP_URI,
  };
  return {
    $schema: SERVER_CARD_SCHEMA,
    name,
    version: API_VERSION,
    title: 'Ayuda Directa',
    description: 'Ayuda directa en emergencias en Colombia: solicitudes, ofrecimientos y centros de acopio.',
    websiteUrl: config.baseUrl,
    remotes: [
      {
        type: 'streamable-http',
        url: urls.mcp(config.baseUrl),
        supportedProtocolVersions: [MODERN_PROTOCOL_VERSION, ...LEGACY_PROTOCOL_VERSIONS],
      },
    ],
    _meta: {
      [`${name}/primitives`]: {
        tools: tools.map((t) => ({ name: t.name, title: t.title, readOnly: t.annotations.readOnlyHint === true })),
        resources: Object.entries(resourceCatalogue).map(([key, entry]) => ({
          uri: uris[key as keyof typeof resourceCatalogue],
          name: key,
          title: entry.title,
          mimeType: entry.mimeType,
        })),
        resourceTemplates: Object.entries(templateCatalogue).map(([key, entry]) => ({
          uriTemplate: entry.uriTemplate,
          name: key,
          title: entry.title,
          mimeType: entry.mimeType,
        })),
        prompts: Object.entries(promptCatalogue).map(([key, entry]) => ({
          name: key,
          title: entry.title,
          arguments: entry.arguments.map((a) => ({ ...a })),
        })),
      },
    },
  };
}
