// What the MCP server offers besides tools, named once: its resources, resource templates and prompts. The
// registrations (register-resources.ts, prompts.ts, map-app/) and the server card read the same entries, so the
// card cannot describe a server other than the one that answers. No SDK here: the card is served without it.
import { HXL_CSV_MEDIA_TYPE, HXL_LICENSE } from '../schemas/hxl.ts';

export interface ResourceEntry {
  title: string;
  description: string;
  mimeType: string;
}

export interface TemplateEntry extends ResourceEntry {
  uriTemplate: string;
}

export interface PromptEntry {
  title: string;
  description: string;
  arguments: { name: string; required: boolean }[];
}

/** The MIME type of an MCP App page (the ext-apps profile of text/html). */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';
export const MAP_APP_URI = 'ui://ayuda-directa/mapa-de-ayudas.html';

export const resourceCatalogue = {
  openapi: {
    title: 'Descripción OpenAPI 3.1 de la API pública',
    description: 'Todas las rutas, parámetros, esquemas y errores de la API REST.',
    mimeType: 'application/json',
  },
  acerca: {
    title: 'Qué es Ayuda Directa',
    description: 'Resumen del servicio, sus reglas de revisión y privacidad, y sus direcciones (formato llms.txt).',
    mimeType: 'text/markdown',
  },
  'centros-de-acopio': {
    title: 'Centros de acopio (GeoJSON, aid-places 0.1)',
    description:
      'Los centros de acopio publicados de las emergencias activas: estado, qué tienen y qué necesitan, con la ' +
      'fecha de cada dato. Sin datos de personas.',
    mimeType: 'application/geo+json',
  },
  'mapa-de-ayudas': {
    title: 'Mapa de resultados de buscar_ayudas',
    description:
      'Aplicación MCP (ui://) que muestra en un mapa, con la lista al lado, los registros publicados que devolvió ' +
      'buscar_ayudas. Solo usa el resultado de la herramienta y los mosaicos del mapa.',
    mimeType: APP_MIME_TYPE,
  },
} as const satisfies Record<string, ResourceEntry>;

export const templateCatalogue = {
  panorama: {
    uriTemplate: 'ayuda://emergencias/{slug}/panorama',
    title: 'Panorama de una emergencia (JSON)',
    description:
      'Solicitudes y ofrecimientos por estado y categoría, cantidades requeridas, cubiertas y pendientes, rutas ' +
      'por estado y las necesidades urgentes de una emergencia activa: lo mismo que consultar_panorama.',
    mimeType: 'application/json',
  },
  'panorama-markdown': {
    uriTemplate: 'ayuda://emergencias/{slug}/panorama.md',
    title: 'Panorama de una emergencia (Markdown)',
    description: 'El mismo panorama, como texto en Markdown con tablas, para leerlo o citarlo.',
    mimeType: 'text/markdown',
  },
  'exportacion-hxl': {
    uriTemplate: 'ayuda://emergencias/{slug}/hxl.csv',
    title: 'Datos abiertos HXL de una emergencia (CSV)',
    description:
      'Todos los registros publicados de una emergencia con hashtags HXL 1.1, como la exportación ' +
      `/api/public/v1/export.csv; licencia ${HXL_LICENSE.identifier}, crédito: DANE por los códigos DIVIPOLA. ` +
      'Sin teléfonos ni documentos. Si pasa del máximo por respuesta, léala por HTTP.',
    mimeType: HXL_CSV_MEDIA_TYPE,
  },
  registro: {
    uriTemplate: 'ayuda://ayudas/{id}',
    title: 'Un registro publicado',
    description:
      'Una solicitud u ofrecimiento aprobado, por su id (de buscar_ayudas): lo mismo que ver_ayuda. Un id no ' +
      'publicado no existe para este recurso.',
    mimeType: 'application/json',
  },
} as const satisfies Record<string, TemplateEntry>;

export const promptCatalogue = {
  resumir_emergencia: {
    title: 'Resumir una emergencia',
    description:
      'Un resumen para compartir de lo que pasa en una emergencia activa: necesidades urgentes, cantidades ' +
      'pendientes, ofrecimientos y rutas, con el panorama publicado adjunto.',
    arguments: [{ name: 'emergencySlug', required: true }],
  },
  ayudar_a_pedir_ayuda: {
    title: 'Ayudar a alguien a pedir ayuda',
    description:
      'Guía para que el asistente recoja, con la persona, los datos de una solicitud de ayuda, le explique qué ' +
      'se publicará y le pida su consentimiento antes de enviarla a revisión con publicar_solicitud.',
    arguments: [
      { name: 'emergencySlug', required: false },
      { name: 'category', required: false },
      { name: 'municipality', required: false },
    ],
  },
  coordinar_entregas: {
    title: 'Coordinar entregas',
    description:
      'Guía para cruzar solicitudes con ofrecimientos y centros de acopio de una emergencia, registrar ' +
      'compromisos de entrega y ofrecer transporte, siempre con la decisión de una persona.',
    arguments: [
      { name: 'emergencySlug', required: true },
      { name: 'category', required: false },
      { name: 'municipality', required: false },
    ],
  },
} as const satisfies Record<string, PromptEntry>;
