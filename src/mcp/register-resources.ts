// The MCP resources: the OpenAPI document, /llms.txt, the collection centres feed, and templates for each active
// emergency's panorama (JSON and Markdown) and HXL export, and for one published record. Every read goes through
// the same queries and presenters as the API, so a resource never shows what the API would not.
import { type McpServer, ResourceNotFoundError, ResourceTemplate } from '@modelcontextprotocol/server';
import type { Context } from '../context.ts';
import { AppError } from '../errors.ts';
import { hxlCsv } from '../presenters/hxl-row.ts';
import { urls } from '../presenters/urls.ts';
import { emergencyScope } from '../queries/emergency-scope.ts';
import { findHelp } from '../queries/get-help.ts';
import { exportHelp } from '../queries/hxl-export.ts';
import { panorama } from '../queries/panorama.ts';
import { placesFeed } from '../queries/places.ts';
import { exportQuery } from '../schemas/help-query.ts';
import { HXL_CSV_MEDIA_TYPE, HXL_LICENSE } from '../schemas/hxl.ts';
import { completeEmergencySlug } from './completions.ts';
import { panoramaMarkdown } from './panorama-markdown.ts';
import { aboutText, aboutUri, openApiDocument, openApiUri } from './resources.ts';
import { boundedResource, resourceTooLarge } from './result-size.ts';

export const PANORAMA_TEMPLATE = 'ayuda://emergencias/{slug}/panorama';
export const PANORAMA_MARKDOWN_TEMPLATE = 'ayuda://emergencias/{slug}/panorama.md';
export const HXL_TEMPLATE = 'ayuda://emergencias/{slug}/hxl.csv';
export const RECORD_TEMPLATE = 'ayuda://ayudas/{id}';

/** A template variable as one string: a repeated one ({slug} matched twice) names nothing. */
function single(value: string | string[] | undefined): string {
  return typeof value === 'string' ? value : '';
}

/** The panorama of one active emergency; an unknown or closed one is "not found", as any resource. */
async function emergencyPanorama(ctx: Context, slug: string, uri: string) {
  try {
    const result = await panorama(ctx, slug);
    const emergency = result.emergencies[0];
    if (emergency) return { generatedAt: result.generatedAt, emergency };
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'unknown_emergency')) throw err;
  }
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

  server.registerResource(
    'openapi',
    openApiUri(ctx.config),
    {
      title: 'Descripción OpenAPI 3.1 de la API pública',
      description: 'Todas las rutas, parámetros, esquemas y errores de la API REST.',
      mimeType: 'application/json',
    },
    (uri) =>
      boundedResource(
        { contents: [{ uri: uri.href, mimeType: 'application/json', text: openApiDocument(ctx.config) }] },
        maxBytes,
        uri.href,
      ),
  );
  server.registerResource(
    'acerca',
    aboutUri(ctx.config),
    {
      title: 'Qué es Ayuda Directa',
      description: 'Resumen del servicio, sus reglas de revisión y privacidad, y sus direcciones (formato llms.txt).',
      mimeType: 'text/markdown',
    },
    async (uri) =>
      boundedResource(
        { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: await aboutText(ctx) }] },
        maxBytes,
        uri.href,
      ),
  );
  server.registerResource(
    'centros-de-acopio',
    urls.places(base),
    {
      title: 'Centros de acopio (GeoJSON, aid-places 0.1)',
      description:
        'Los centros de acopio publicados de las emergencias activas: estado, qué tienen y qué necesitan, con la ' +
        'fecha de cada dato. Sin datos de personas.',
      mimeType: 'application/geo+json',
    },
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
    new ResourceTemplate(PANORAMA_TEMPLATE, {
      list: listEmergencies(ctx, panoramaUri, 'panorama', 'application/json'),
      complete,
    }),
    {
      title: 'Panorama de una emergencia (JSON)',
      description:
        'Solicitudes y ofrecimientos por estado y categoría, cantidades requeridas, cubiertas y pendientes, rutas ' +
        'por estado y las necesidades urgentes de una emergencia activa: lo mismo que consultar_panorama.',
      mimeType: 'application/json',
    },
    async (uri, variables) => {
      const { generatedAt, emergency } = await emergencyPanorama(ctx, single(variables.slug), uri.href);
      const text = JSON.stringify({ generatedAt, emergency });
      return boundedResource({ contents: [{ uri: uri.href, mimeType: 'application/json', text }] }, maxBytes, uri.href);
    },
  );
  server.registerResource(
    'panorama-markdown',
    new ResourceTemplate(PANORAMA_MARKDOWN_TEMPLATE, {
      list: listEmergencies(ctx, (slug) => `${panoramaUri(slug)}.md`, 'panorama en Markdown', 'text/markdown'),
      complete,
    }),
    {
      title: 'Panorama de una emergencia (Markdown)',
      description: 'El mismo panorama, como texto en Markdown con tablas, para leerlo o citarlo.',
      mimeType: 'text/markdown',
    },
    async (uri, variables) => {
      const { generatedAt, emergency } = await emergencyPanorama(ctx, single(variables.slug), uri.href);
      const text = panoramaMarkdown(emergency, generatedAt);
      return boundedResource({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text }] }, maxBytes, uri.href);
    },
  );
  server.registerResource(
    'exportacion-hxl',
    new ResourceTemplate(HXL_TEMPLATE, {
      list: listEmergencies(
        ctx,
        (slug) => `ayuda://emergencias/${encodeURIComponent(slug)}/hxl.csv`,
        'datos abiertos HXL',
        HXL_CSV_MEDIA_TYPE,
      ),
      complete,
    }),
    {
      title: 'Datos abiertos HXL de una emergencia (CSV)',
      description:
        'Todos los registros publicados de una emergencia con hashtags HXL 1.1, como la exportación ' +
        `/api/public/v1/export.csv; licencia ${HXL_LICENSE.identifier}, crédito: DANE por los códigos DIVIPOLA. ` +
        'Sin teléfonos ni documentos. Si pasa del máximo por respuesta, léala por HTTP.',
      mimeType: HXL_CSV_MEDIA_TYPE,
    },
    async (uri, variables) => {
      const slug = single(variables.slug);
      await emergencyPanorama(ctx, slug, uri.href);
      const pages = await exportHelp(ctx, exportQuery.parse({ emergencySlug: slug }));
      // Read only as far as the cap: a large export is refused without being built whole.
      let text = '';
      for await (const chunk of hxlCsv(pages)) {
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
    new ResourceTemplate(RECORD_TEMPLATE, { list: undefined }),
    {
      title: 'Un registro publicado',
      description:
        'Una solicitud u ofrecimiento aprobado, por su id (de buscar_ayudas): lo mismo que ver_ayuda. Un id no ' +
        'publicado no existe para este recurso.',
      mimeType: 'application/json',
    },
    async (uri, variables) => {
      const id = single(variables.id);
      const item = await findHelp(ctx, id);
      if (!item) throw new ResourceNotFoundError(uri.href, `No hay un registro publicado con id «${id}».`);
      const text = JSON.stringify({ generatedAt: ctx.now().toISOString(), item });
      return boundedResource({ contents: [{ uri: uri.href, mimeType: 'application/json', text }] }, maxBytes, uri.href);
    },
  );
}
