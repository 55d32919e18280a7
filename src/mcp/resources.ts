// MCP resources: the OpenAPI document and a short text that describes the service for a model to read.
import type { Config } from '../config.ts';
import { buildOpenApi } from '../http/openapi.ts';
import { urls } from '../presenters/urls.ts';

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

export function aboutText(config: Config): string {
  const base = config.baseUrl;
  return [
    '# Ayuda Directa',
    '',
    '> Coordinación de ayuda directa en emergencias en Colombia: solicitudes y ofrecimientos de ayuda, revisados por el',
    '> equipo de cada emergencia antes de publicarse. Interfaz abierta, sin autenticación.',
    '',
    '- Solo se leen registros aprobados. Un envío (publicar_solicitud, publicar_ofrecimiento o POST de la API) queda en',
    '  revisión y no aparece en ninguna lectura hasta que un líder lo aprueba.',
    '- El nombre y el WhatsApp de contacto se publican solo con consentimiento explícito (publishContact: true).',
    '- Nunca se publican documentos de identidad ni contactos privados de voluntarios.',
    `- Límites por cliente: ${config.submissionsPerMinute} envíos y ${config.readsPerMinute} lecturas por minuto.`,
    '',
    '## Direcciones',
    '',
    `- [API pública](${urls.api(base)}): descubrimiento, panorama, lista y detalle (parámetro view).`,
    `- [OpenAPI 3.1](${urls.openapi(base)}): descripción completa de la API.`,
    `- [Inventario de los centros de acopio](${urls.inventory(base)}): qué tiene y qué necesita cada centro, con la edad de cada dato.`,
    `- [Rutas logísticas disponibles](${urls.logistics(base, 'SLUG')}): recogida y destino confirmados (SLUG: la emergencia).`,
    `- [Centros de acopio en GeoJSON](${urls.places(base)}): protocolo aid-places 0.1 (manifiesto en ${base}/.well-known/aid-places), sin datos de personas.`,
    `- [Servidor MCP](${urls.mcp(base)}): Streamable HTTP, protocolo 2025-11-25.`,
    '',
    '## Herramientas MCP',
    '',
    '- listar_emergencias, consultar_panorama, buscar_ayudas, ver_ayuda, buscar_operaciones_logisticas,',
    '  consultar_inventario: lecturas.',
    '- publicar_solicitud, publicar_ofrecimiento: envían a revisión; no publican.',
    '',
  ].join('\n');
}
