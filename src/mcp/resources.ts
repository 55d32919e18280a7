// MCP resources: the OpenAPI document, and /llms.txt (llmstxt.org): what the service is and where every page twin
// and machine-readable part lives. The same text answers GET /llms.txt.
import type { Config } from '../config.ts';
import type { Context } from '../context.ts';
import { etagOf } from '../contract/cache-rules.ts';
import { LEGACY_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSION } from '../contract/mcp-protocol.ts';
import { readToolNames, submissionToolNames } from '../contract/mcp-tools.ts';
import { buildOpenApi } from '../contract/openapi.ts';
import { urls } from '../presenters/urls.ts';
import { emergencyScope } from '../queries/emergency-scope.ts';
import { HXL_LICENSE } from '../schemas/hxl.ts';
import { escapeMarkdown } from '../views/site/render-markdown.ts';
import type { AboutDocument } from './about-cache.ts';

export function openApiUri(config: Config): string {
  return urls.openapi(config.baseUrl);
}

export function aboutUri(config: Config): string {
  return `${config.baseUrl}/llms.txt`;
}

let openApiText: { baseUrl: string; text: string } | null = null;

/** Built once per base URL: the document only changes with the code. */
export function openApiDocument(config: Config): string {
  if (openApiText?.baseUrl !== config.baseUrl) {
    openApiText = { baseUrl: config.baseUrl, text: JSON.stringify(buildOpenApi(config.baseUrl, config)) };
  }
  return openApiText.text;
}

/** The text only changes when the active emergencies do: this instance keeps it until public data changes. */
export function aboutDocument(ctx: Context): Promise<AboutDocument> {
  return ctx.about.get(ctx.changes.version(), () => buildAbout(ctx).then((text) => ({ text, etag: etagOf(text) })));
}

export async function aboutText(ctx: Context): Promise<string> {
  return (await aboutDocument(ctx)).text;
}

async function buildAbout(ctx: Context): Promise<string> {
  const { config } = ctx;
  const base = config.baseUrl;
  const active = await emergencyScope(ctx.db, undefined);
  const item = (path: string, name: string, note: string) => `- [${name}](${base}${path}): ${note}`;
  const slugParam = (slug: string) => `?emergencia=${encodeURIComponent(slug)}`;
  const lines = [
    '# Ayuda Directa',
    '',
    '> Coordinación abierta de ayuda directa en emergencias en Colombia: solicitudes y ofrecimientos de ayuda,',
    '> revisados por el equipo de cada emergencia antes de publicarse. Interfaz abierta, sin autenticación.',
    '',
    '- Solo se leen registros aprobados. Un envío (publicar_solicitud, publicar_ofrecimiento o POST de la API) queda en',
    '  revisión y no aparece en ninguna lectura hasta que un líder lo aprueba.',
    '- El nombre y el WhatsApp de contacto se publican solo con consentimiento explícito (publishContact: true).',
    '- Nunca se publican documentos de identidad ni contactos privados de voluntarios.',
    `- Límites por cliente: ${config.submissionsPerMinute} envíos y ${config.readsPerMinute} lecturas por minuto.`,
    '- Cada página del sitio tiene un gemelo en Markdown en la misma ruta con .md (también con Accept: text/markdown).',
    '',
    '## Páginas',
    '',
    item('/index.md', 'Inicio', 'las emergencias activas y su panorama.'),
    item('/centros.md', 'Centros de acopio', 'qué tiene y qué necesita cada centro, con la antigüedad de cada dato.'),
    item('/rutas.md', 'Rutas logísticas', 'rutas disponibles para llevar ayuda: qué, de dónde a dónde, distancia.'),
    item('/necesito-ayuda.md', 'Necesito ayuda', 'cómo pedir ayuda, con el formulario o con la API.'),
    item('/ayudar.md', 'Quiero ayudar', 'lo que se necesita cerca de un municipio, y cómo ofrecer algo.'),
    item('/quiero-ayudar.md', 'Ofrecer ayuda', 'cómo ofrecer ayuda, transporte o un centro de acopio.'),
    item('/codigo.md', 'Tengo un código', 'qué hacer con un código de recibo, de compromiso o de ruta.'),
    item(
      '/compromisos.md',
      'Mis compromisos',
      'con el código de un compromiso ("voy a llevar"): confirmar la entrega o cancelar.',
    ),
    item(
      '/mi-ruta.md',
      'Mi ruta',
      'con el código de un ofrecimiento de transporte: ver si lo aceptaron, en camino, entregado.',
    ),
    item(
      '/estado.md',
      'Consultar mi envío',
      'con el código de recibo: estado, si sigue vigente, y quién va a llevar ayuda.',
    ),
    item(
      '/datos-abiertos.md',
      'Datos abiertos',
      'las descargas de cada emergencia (Excel, CSV, JSON, centros en GeoJSON), el feed de cambios y la licencia.',
    ),
    item('/desarrolladores.md', 'Desarrolladores', 'la API, el servidor MCP, aid-places, errores, límites y ejemplos.'),
    '',
  ];
  if (active.length > 0) {
    lines.push('## Emergencias activas', '');
    for (const emergency of active) {
      const slug = emergency.slug;
      lines.push(
        `${item(`/emergencias/${encodeURIComponent(slug)}.md`, escapeMarkdown(emergency.name), 'registros publicados (mapa y lista);')}` +
          ` [centros](${base}/centros.md${slugParam(slug)}), [rutas](${base}/rutas.md${slugParam(slug)}),` +
          ` [inventario JSON](${urls.inventory(base, slug)}), [rutas JSON](${urls.logistics(base, slug)}),` +
          ` datos abiertos HXL en [CSV](${urls.hxlExport(base, 'csv', slug)}) y [JSON](${urls.hxlExport(base, 'json', slug)}).`,
      );
    }
    lines.push('');
  }
  // Every link answers as it is: the routes of a real emergency, or (with none active) where the operation is described.
  const example = active[0]?.slug;
  const logisticsLink = example
    ? urls.logistics(base, example)
    : `${base}/desarrolladores/referencia.md#op-listLogisticsOperations`;
  lines.push(
    '## API',
    '',
    `- [OpenAPI 3.1](${urls.openapi(base)}): descripción completa de la API (rutas, esquemas, ejemplos, errores).`,
    `- [API pública](${urls.api(base)}): descubrimiento, panorama, lista y detalle (parámetro view); POST envía a revisión.`,
    `- [Inventario de los centros de acopio](${urls.inventory(base)}): qué tiene y qué necesita cada centro, con la edad de cada dato (parámetros emergencia y categoria).`,
    `- [Rutas logísticas disponibles](${logisticsLink}): recogida y destino confirmados; el parámetro emergencia es el slug de la emergencia${example ? ` (aquí ${example})` : ''}.`,
    `- [Centros de acopio en GeoJSON](${urls.places(base)}): feed del protocolo aid-places 0.1, sin datos de personas; ETag y Last-Modified.`,
    `- [Manifiesto aid-places](${base}/.well-known/aid-places): editor, feeds, exportaciones, licencia y nota de privacidad.`,
    `- [Exportación HXL en CSV](${urls.hxlExport(base, 'csv')}): todos los registros publicados que cumplen los filtros de la lista (sin límite), con hashtags HXL 1.1; licencia ${HXL_LICENSE.identifier}, crédito: DANE por los nombres y códigos DIVIPOLA.`,
    `- [Exportación HXL en JSON](${urls.hxlExport(base, 'json')}): lo mismo como arreglo de objetos cuyas claves son los hashtags HXL.`,
    `- [Cambios de lo publicado](${base}/api/public/v1/changes?since=0): cada cambio en orden, con cursor y el estado público después del cambio; también como Server-Sent Events en ${base}/api/public/v1/changes/stream y como webhooks firmados.`,
    '',
    '## MCP',
    '',
    // The endpoint answers POST (a GET needs a session): the link goes to how to connect, the address is named.
    `- [Servidor MCP](${base}/desarrolladores.md#mcp): Streamable HTTP en ${urls.mcp(base)}, protocolos ${MODERN_PROTOCOL_VERSION} (sin sesiones) y ` +
      `${LEGACY_PROTOCOL_VERSION} (con sesión), los dos en la misma dirección. Lecturas: ${readToolNames.join(', ')}.` +
      ` Escrituras: ${submissionToolNames.join(', ')} (envían a revisión, reportan, retiran, se comprometen a llevar o` +
      ' se ofrecen a llevar una ruta; ninguna publica).',
    `- [Tarjeta del servidor MCP](${base}/.well-known/mcp/server-card.json): SEP-2127; dirección, protocolos, ` +
      'herramientas, recursos y prompts, para descubrirlo antes de conectarse.',
    '',
    '## Optional',
    '',
    item('/desarrolladores/referencia.md', 'Referencia de la API', 'el documento OpenAPI leído como página.'),
    item('/privacidad.md', 'Privacidad', 'qué se publica de cada envío, cuándo, y qué no se publica nunca.'),
    '',
  );
  return lines.join('\n');
}
