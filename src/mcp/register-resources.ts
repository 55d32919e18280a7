// The MCP resources: the OpenAPI document, /llms.txt, the collection centres feed, and templates for each active
// emergency's panorama (JSON and Markdown) and HXL export, and for one published record. Every read goes through
// the same queries and presenters as the API, so a resource never shows what the API would not.
import { type McpServer, ResourceNotFoundError, ResourceTemplate } from '@modelcontextprotocol/server';
import type { Context } from '../context.ts';
import { helpForAssistants } from '../presenters/assistant-help.ts';
import { csvDialect } from '../presenters/csv-text.ts';
import { hxlCsv } from '../presenters/hxl-row.ts';
import { urls } from '../presenters/urls.ts';
import { emergencyScope } from '../queries/emergency-scope.ts';
import { findHelp } from '../queries/get-help.ts';
import { exportHelp } from '../queries/hxl-export.ts';
import { placesFeed } from '../queries/places.ts';
import { exportQuery } from '../schemas/help-query.ts';
import { HXL_CSV_MEDIA_TYPE } from '../schemas/hxl.ts';
import { activePanorama } from './active-panorama.ts';
import { resourceCatalogue, templateCatalogue } from './catalogue.ts';
import { completeEmergencySlug } from './completions.ts';
import { panoramaMarkdown } from './panorama-markdown.ts';
import { aboutText, aboutUri, openApiDocument, openApiUri } from './resources.ts';
import { boundedResource, resourceTooLarge } from './result-size.ts';

/** A template variable as one string: a repeated one ({slug} matched twice) names nothing. */
function single(value: string | string[] | undefined): string {
  return typeof value === 'string' ? value : '';
}

/** The panorama of one active emergency; an unknown or closed one is "not found", as any resource. */
async function emergencyPanorama(ctx: Context, slug: string, uri: string) {
  const found = await activePanorama(ctx, slug);
  if (found) return found;
  throw new ResourceNotFoundError(uri, `No hay una emergencia activa «${slug}».`);
}

/** The active emergencies as resources of one template. */
function listEmergencies(ctx: Context, uriOf: (slug: string) => string, what: string, mimeType: string) {
  return async () => ({
    resources: (await emergencyScope(ctx.db, undefined)).map((e) => ({
      uri: uriOf(e.slug),
      name: `${e.slug}-${what}`,
      title: `${e.name}: ${what}`,
      mimeType,
    })),
  });
}

export function registerResources(server: McpServer, ctx: Context): void {
  const maxBytes = ctx.config.mcpMaxResultBytes;
  const base = ctx.config.baseUrl;
  const complete = { slug: (value: string) => completeEmergencySlug(ctx, value) };

  server.registerResource('openapi', openApiUri(ctx.config), resourceCatalogue['openapi'], (uri) =>
    boundedResource(
      { contents: [{ uri: uri.href, mimeType: 'application/json', text: openApiDocument(ctx.config) }] },
      maxBytes,
      uri.href,
    ),
  );
  server.registerResource('acerca', aboutUri(ctx.config), resourceCatalogue['acerca'], async (uri) =>
    boundedResource(
      { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: await aboutText(ctx) }] },
      maxBytes,
      uri.href,
    ),
  );
  server.registerResource(
    'centros-de-acopio',
    urls.places(base),
    resourceCatalogue['centros-de-acopio'],
    async (uri) => {
      const feed = await placesFeed(ctx);
      return boundedResource(
        { contents: [{ uri: uri.href, mimeType: 'application/geo+json', text: JSON.stringify(feed.collection) }] },
        maxBytes,
        uri.href,
      );
    },
  );

  const panoramaUri = (slug: string) => `ayuda://emergencias/${encodeURIComponent(slug)}/panorama`;
  server.registerResource(
    'panorama',
    new ResourceTemplate(templateCatalogue.panorama.uriTemplate, {
      list: listEmergencies(ctx, panoramaUri, 'panorama', 'application/json'),
      complete,
    }),
    templateCatalogue['panorama'],
    async (uri, variables) => {
      const { generatedAt, emergency } = await emergencyPanorama(ctx, single(variables.slug), uri.href);
      const text = JSON.stringify({ generatedAt, emergency });
      return boundedResource({ contents: [{ uri: uri.href, mimeType: 'application/json', text }] }, maxBytes, uri.href);
    },
  );
  server.registerResource(
    'panorama-markdown',
    new ResourceTemplate(templateCatalogue['panorama-markdown'].uriTemplate, {
      list: listEmergencies(ctx, (slug) => `${panoramaUri(slug)}.md`, 'panorama en Markdown', 'text/markdown'),
      complete,
    }),
    templateCatalogue['panorama-markdown'],
    async (uri, variables) => {
      const { generatedAt, emergency } = await emergencyPanorama(ctx, single(variables.slug), uri.href);
      const text = panoramaMarkdown(emergency, generatedAt);
      return boundedResource({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text }] }, maxBytes, uri.href);
    },
  );
  server.registerResource(
    'exportacion-hxl',
    new ResourceTemplate(templateCatalogue['exportacion-hxl'].uriTemplate, {
      list: listEmergencies(
        ctx,
        (slug) => `ayuda://emergencias/${encodeURIComponent(slug)}/hxl.csv`,
        'datos abiertos HXL',
        HXL_CSV_MEDIA_TYPE,
      ),
      complete,
    }),
    templateCatalogue['exportacion-hxl'],
    async (uri, variables) => {
      const slug = single(variables.slug);
      await emergencyPanorama(ctx, slug, uri.href);
      const pages = await exportHelp(ctx, exportQuery.parse({ emergencySlug: slug }));
      // Read only as far as the cap: a large export is refused without being built whole.
      let text = '';
      // The standard dialect: what programs and HXL tools read.
      for await (const chunk of hxlCsv(pages, csvDialect(false))) {
        text += chunk;
        if (Buffer.byteLength(text) > maxBytes) {
          throw resourceTooLarge(uri.href, maxBytes, urls.hxlExport(base, 'csv', slug));
        }
      }
      return boundedResource({ contents: [{ uri: uri.href, mimeType: HXL_CSV_MEDIA_TYPE, text }] }, maxBytes, uri.href);
    },
  );
  server.registerResource(
    'registro',
    new ResourceTemplate(templateCatalogue.registro.uriTemplate, { list: undefined }),
    templateCatalogue['registro'],
    async (uri, variables) => {
      const id = single(variables.id);
      const item = await findHelp(ctx, id);
      if (!item) throw new ResourceNotFoundError(uri.href, `No hay un registro publicado con id «${id}».`);
      const text = JSON.stringify({ generatedAt: ctx.now().toISOString(), item: helpForAssistants(item) });
      return boundedResource({ contents: [{ uri: uri.href, mimeType: 'application/json', text }] }, maxBytes, uri.href);
    },
  );
}
