// GET /api/public/v1/export.csv and export.json: every published record a list's filters select, in HXL 1.1.
import { EXPORT_BUILDS, EXPORT_CACHE_DEFAULT_MB } from '../../domain/export-limits.ts';
import { csvDialect } from '../../presenters/csv-text.ts';
import { csvExportQuery, EXCEL_CSV, exportQuery } from '../../schemas/help-query.ts';
import { HXL_CSV_MEDIA_TYPE, HXL_LICENSE, hxlColumns } from '../../schemas/hxl.ts';
import { exportExamples } from '../openapi-examples.ts';
import { errorResponse, internalError, rateLimitHeaders, ref, tooMany } from '../openapi-parts.ts';
import { declareRoute } from '../route-declaration.ts';

export const EXPORT_CSV_PATH = '/api/public/v1/export.csv';
export const EXPORT_JSON_PATH = '/api/public/v1/export.json';

/** The export's own headers, the same for both formats. */
const exportHeaders = (format: 'csv' | 'json') => ({
  ETag: {
    description: 'Cambia con cualquier cambio de los datos públicos y con los filtros; envíelo en If-None-Match.',
    schema: { type: 'string' },
  },
  'Content-Disposition': {
    description:
      `attachment; filename="ayuda-directa-<emergencySlug o todas>-<AAAA-MM-DD>.${format}" (la fecha de hoy, UTC)` +
      (format === 'csv'
        ? `; con excel=${EXCEL_CSV}, ayuda-directa-<emergencySlug o todas>-<AAAA-MM-DD>${csvDialect(true).fileSuffix}.csv.`
        : '.'),
    schema: { type: 'string' },
  },
  Link: {
    description:
      `<${HXL_LICENSE.url}>; rel="license" (${HXL_LICENSE.identifier}), y la página de desarrolladores ` +
      '(rel="describedby") con el crédito: Ayuda Directa y, por los nombres y códigos DIVIPOLA, el DANE.',
    schema: { type: 'string' },
  },
  ...rateLimitHeaders,
});

const common =
  'Los mismos filtros que view=list (emergencySlug, type, status, category, priority, q, latitude/longitude/' +
  'radiusKm, logistics, capacity, municipalityCode, commitment, confirmation), con sus valores por defecto y sus ' +
  'errores, sin limit, cursor ni sort: trae todos los registros que la lista cuenta en total, sin tope de 100, del ' +
  'más antiguo al más nuevo (createdAt). Solo registros aprobados; los vencidos salen salvo que ' +
  'confirmation los pida. Cuenta como una lectura. Se construye una vez por cambio de los datos públicos y se guarda ' +
  `en disco (EXPORT_CACHE_MB, ${EXPORT_CACHE_DEFAULT_MB} MB por omisión): la misma exportación se sirve del archivo, con Content-Length, ` +
  'y su ETag cambia con cualquier cambio público (If-None-Match responde 304). Una instancia construye a lo más ' +
  `${EXPORT_BUILDS} a la vez; otra más responde 429 export_busy con Retry-After. ` +
  'Columnas con hashtags HXL 1.1 (Humanitarian Exchange Language), en este orden: ' +
  `${hxlColumns.map((c) => c.tag).join(', ')}. Solo campos que la API publica: nunca un teléfono, un documento de ` +
  'identidad ni una columna #contact; el lugar es el punto público (aproximado en las solicitudes, salvo que se ' +
  'pidiera el exacto). ' +
  `Licencia ${HXL_LICENSE.identifier} (${HXL_LICENSE.url}); crédito: ${HXL_LICENSE.credit}`;

const badQuery = errorResponse(400, 'Filtros no válidos (details indica cada parámetro), como en view=list.', [
  'invalid_query',
  'unknown_emergency',
]);

const busy = {
  ...errorResponse(
    429,
    `Límite de lecturas por minuto, o ${EXPORT_BUILDS} exportaciones ya en construcción en la instancia.`,
    ['rate_limited', 'export_busy'],
  ),
  headers: tooMany.headers,
};

export const exportCsvRoute = declareRoute({
  method: 'get',
  path: EXPORT_CSV_PATH,
  query: csvExportQuery,
  operation: ({ baseUrl }) => ({
    operationId: 'exportHelpCsv',
    tags: ['ayudas'],
    summary: 'Exportación HXL en CSV de los registros publicados que cumplen los filtros.',
    description:
      `${common} ` +
      'CSV en UTF-8 según RFC 4180 (líneas terminadas en CRLF; un campo con coma, punto y coma, comillas, CR o LF ' +
      'va entre comillas dobles, con las comillas duplicadas): una fila de encabezados en español, la fila de ' +
      'hashtags HXL y una fila por registro. Los números van sin comillas y una celda vacía es un valor ausente. ' +
      'Contra la inyección de fórmulas, un texto que empieza por =, +, -, @, tabulador o CR lleva un apóstrofo ' +
      'delante, y también cada trozo que sigue a un punto y coma o a un salto de línea (las hojas de cálculo en ' +
      `español separan celdas por punto y coma). Con excel=${EXCEL_CSV}, el mismo CSV para una hoja de cálculo en ` +
      'español: un BOM (EF BB BF) al comienzo, punto y coma entre campos y coma decimal en los números ' +
      '(1500,5), con las mismas filas, comillas y protección; su ETag y su archivo en disco son otros.',
    responses: {
      '200': {
        description: 'El CSV (Content-Type: text/csv; charset=utf-8; header=present).',
        headers: exportHeaders('csv'),
        content: {
          [HXL_CSV_MEDIA_TYPE]: {
            schema: { type: 'string', description: 'Encabezados, hashtags HXL y una fila por registro.' },
            example: exportExamples(baseUrl).csv,
          },
        },
      },
      '304': { description: 'Sin cambios desde el ETag enviado en If-None-Match.' },
      '400': badQuery,
      '429': busy,
      '500': internalError,
    },
  }),
});

export const exportJsonRoute = declareRoute({
  method: 'get',
  path: EXPORT_JSON_PATH,
  query: exportQuery,
  operation: ({ baseUrl }) => ({
    operationId: 'exportHelpJson',
    tags: ['ayudas'],
    summary: 'Exportación HXL en JSON (objetos con hashtags) de los registros publicados que cumplen los filtros.',
    description:
      `${common} ` +
      'JSON en la forma de objetos de HXL: un arreglo con un objeto por registro, cuyas claves son los hashtags ' +
      'completos ({"#meta+id": "…", "#value+required": 30, …}); los números son números y un valor ausente es null. ' +
      'Los textos van tal como se publican (sin el apóstrofo del CSV).',
    responses: {
      '200': {
        description: 'El arreglo de registros (Content-Type: application/json; charset=utf-8).',
        headers: exportHeaders('json'),
        content: { 'application/json': { schema: ref('HxlRows'), example: exportExamples(baseUrl).json } },
      },
      '304': { description: 'Sin cambios desde el ETag enviado en If-None-Match.' },
      '400': badQuery,
      '429': busy,
      '500': internalError,
    },
  }),
});
